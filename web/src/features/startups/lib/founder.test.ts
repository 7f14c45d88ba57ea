import { describe, expect, it, vi } from "vitest";
import {
  founderLinkedin,
  founderName,
  founderStatus,
  founderTitle,
  initialsOf,
  resolveFounderEmail,
} from "./founder";

describe("founder display", () => {
  it("falls back to Unnamed and Founder, and hides an N/A LinkedIn", () => {
    expect(founderName({ person_name: " " })).toBe("Unnamed");
    expect(founderTitle({ person_title: null })).toBe("Founder");
    expect(founderLinkedin({ person_linkedin: "N/A" })).toBeNull();
    expect(founderLinkedin({ person_linkedin: "https://www.linkedin.example/in/mia" })).toBe(
      "https://www.linkedin.example/in/mia",
    );
  });

  it("makes initials from the first and last word", () => {
    expect(initialsOf("mia de la cruz")).toBe("MC");
    expect(initialsOf("Cher")).toBe("C");
    expect(initialsOf(null)).toBe("?");
  });

  it("reads a founder's status from the map, Uncontacted by default", () => {
    const statuses = new Map([["f1", "Responded" as const]]);
    expect(founderStatus(statuses, "f1")).toBe("Responded");
    expect(founderStatus(statuses, "f2")).toBe("Uncontacted");
    expect(founderStatus(undefined, "f1")).toBe("Uncontacted");
  });
});

describe("resolveFounderEmail", () => {
  const linkedin = "https://www.linkedin.example/in/mia";

  it("uses a valid own email without a lookup", async () => {
    const lookup = vi.fn();
    expect(
      await resolveFounderEmail(
        { person_email: "mia@orbit.example", person_linkedin: linkedin },
        lookup,
      ),
    ).toBe("mia@orbit.example");
    expect(lookup).not.toHaveBeenCalled();
  });

  it("looks up by LinkedIn when the email is missing or lacks @ or .", async () => {
    const lookup = vi.fn().mockResolvedValue("mia@orbit.example");
    expect(
      await resolveFounderEmail(
        { person_email: "mia-at-orbit", person_linkedin: linkedin },
        lookup,
      ),
    ).toBe("mia@orbit.example");
    expect(lookup).toHaveBeenCalledWith(linkedin);
  });

  it("answers null without a LinkedIn URL, or when the lookup finds nothing valid", async () => {
    expect(await resolveFounderEmail({ person_linkedin: "N/A" }, vi.fn())).toBeNull();
    expect(await resolveFounderEmail({ person_linkedin: linkedin }, async () => null)).toBeNull();
    expect(
      await resolveFounderEmail({ person_linkedin: linkedin }, async () => "nobody"),
    ).toBeNull();
  });
});
