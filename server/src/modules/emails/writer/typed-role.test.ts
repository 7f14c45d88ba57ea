import { describe, expect, it } from "vitest";
import { linkNamesCompany, postingIdOf, roleTitle, topicPhrase, typedRole } from "./offline/typed";

describe("the role a student typed for a referral", () => {
  it("keeps a title or a link as typed", () => {
    expect(typedRole("Data Analyst II")).toBe("Data Analyst II");
    expect(typedRole("  https://boards.greenhouse.io/acme/jobs/123  ")).toBe(
      "https://boards.greenhouse.io/acme/jobs/123",
    );
    expect(typedRole("here's the link: https://jobs.lever.co/acme/abc-123.")).toBe(
      "https://jobs.lever.co/acme/abc-123",
    );
    // A title typed beside the link is the role's name (round 8).
    expect(typedRole("https://jobs.lever.co/acme/9 (Data Scientist, Growth)")).toBe(
      "Data Scientist",
    );
  });

  it("finds the title in a message written to the app", () => {
    expect(
      typedRole(
        "Hi! I'd like to be referred for the Product Designer I role on the guest team. I think my 8 years running stores fit it.",
      ),
    ).toBe("Product Designer I");
    expect(typedRole('I applied to "Associate, Audit & Assurance (Fall 2027)" last week')).toBe(
      "Associate, Audit & Assurance (Fall 2027)",
    );
    expect(typedRole("can you refer me for the summer finance internship? thanks")).toBe(
      "summer finance internship",
    );
    expect(typedRole("I'm not sure which one yet, maybe something in marketing?")).toBeNull();
  });

  it("takes the title that opens a line of notes on it (round 8)", () => {
    expect(typedRole("Process Engineer I (new grad) at the Freeport site")).toBe(
      "Process Engineer I",
    );
    expect(typedRole("UX Designer (contract) - the one posted on your site last week")).toBe(
      "UX Designer",
    );
    expect(typedRole("Software Engineer II, payments. I found it on LinkedIn, remote ok")).toBe(
      "Software Engineer II",
    );
    expect(typedRole("Consultant (post-MBA) in the Chicago office, ideally operations")).toBe(
      "Consultant",
    );
    expect(typedRole("Communications Associate (entry level, corporate comms team)")).toBe(
      "Communications Associate",
    );
  });

  it("drops a posting's when and where from its title", () => {
    expect(roleTitle("RN New Graduate Residency - Summer 2027 cohort")).toBe(
      "RN New Graduate Residency",
    );
    expect(roleTitle("Junior Front-End Developer, Remote")).toBe("Junior Front-End Developer");
    expect(roleTitle("Data Analyst (Job 4471)")).toBe("Data Analyst");
  });

  it("keeps the posting's id as typed, and no note about the posting as one", () => {
    expect(postingIdOf("Data Analyst (Job 4471)")).toBe("Job 4471");
    expect(postingIdOf("Analyst - Req #R-2291")).toBe("Req #R-2291");
    expect(postingIdOf("Software Engineer, JR123456")).toBe("JR123456");
    expect(postingIdOf("field engineer II at northwind (bridges team) - req 88123")).toBe(
      "Req 88123",
    );
    expect(postingIdOf("Analyst (R0045512)")).toBe("R0045512");
    expect(postingIdOf("Data Analyst (posted Nov 3, 2026)")).toBeNull();
    expect(postingIdOf("RN New Graduate Residency - Summer 2027 cohort")).toBeNull();
    expect(postingIdOf("https://careers.example.com/jobs/12345")).toBeNull();
    expect(postingIdOf(null)).toBeNull();
  });
});

describe("whether a posting's link is the recipient company's", () => {
  it("matches the company's own careers site or its board page", () => {
    expect(linkNamesCompany("https://careers.gene.com/us/en/job/123", "Genentech")).toBe(true);
    expect(
      linkNamesCompany("https://boards.greenhouse.io/exactsciences/jobs/9", "Exact Sciences"),
    ).toBe(true);
    expect(linkNamesCompany("https://careers.gene.com/us/en/job/123", "Exact Sciences")).toBe(
      false,
    );
    expect(linkNamesCompany("not a link", "Acme")).toBe(false);
  });
});

describe("a typed career-fair topic", () => {
  it("keeps what reads after 'our conversation about', and never pastes run-on notes", () => {
    expect(topicPhrase("the rotational analyst program")).toBe("the rotational analyst program");
    expect(
      topicPhrase(
        "asked about the grid planning team in Tacoma vs Everett, she said they hire interns in spring. talked about my microgrid project",
      ),
    ).toBe("the grid planning team in Tacoma vs Everett");
    // The question asked is the topic ("our conversation about whether they sponsor visas").
    expect(
      topicPhrase(
        "asked him if they sponsor visas for new grads - he said sometimes, depends on team",
      ),
    ).toBe("whether they sponsor visas for new grads");
    expect(
      topicPhrase(
        "the spring/summer co-op cycle and whether co-ops get to do design work on pump products",
      ),
    ).toBe(
      "the spring/summer co-op cycle and whether co-ops get to do design work on pump products",
    );
    expect(
      topicPhrase(
        "their claims automation work and the analytics rotation and the pricing team and how interns get placed on teams each summer",
      ),
    ).toBeNull();
    expect(topicPhrase(null)).toBeNull();
  });

  it("tells the first two of topics listed with commas (round 13)", () => {
    expect(
      topicPhrase("the new grad timeline, the query engine team, my database intern project"),
    ).toBe("the new grad timeline and the query engine team");
    expect(
      topicPhrase(
        "the leadership development program, if my inactive clearance can be reinstated, Tucson vs Phoenix openings",
      ),
    ).toBe(
      "the leadership development program and whether my inactive clearance can be reinstated",
    );
    expect(topicPhrase("the summer internships, if they take transfer students")).toBe(
      "the summer internships and whether they take transfer students",
    );
    // Commas inside brackets or inside a name split nothing.
    expect(
      topicPhrase(
        "GAO's summer Student Trainee (Analyst) program, what the Education, Workforce, and Income Security team works on, and the hiring timeline",
      ),
    ).toBe(
      "GAO's summer Student Trainee (Analyst) program and what the Education, Workforce, and Income Security team works on",
    );
    expect(
      topicPhrase(
        "in-house vs agency, what the brand team looks for (more process, fewer mockups)",
      ),
    ).toBe("in-house vs agency and what the brand team looks for (more process, fewer mockups)");
    // One thing named without an article takes "the"; a mass noun does not.
    expect(topicPhrase("RTX operations leadership program, consumer coverage at RJ")).toBe(
      "the RTX operations leadership program and consumer coverage at RJ",
    );
  });
});
