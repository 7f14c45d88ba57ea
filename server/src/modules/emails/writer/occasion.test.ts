import { describe, expect, it } from "vitest";
import { thanksLineOf, thanksSentence, tidyTyped, toldOf, toRecipient } from "./occasion";

const tom = { fullName: "Tom Alvarez", firstName: "Tom" };
const opening = (typed: string) => {
  const line = thanksLineOf(typed, tom);
  if (!line) throw new Error(`no line for ${typed}`);
  return thanksSentence(line, false);
};

describe("a thank-you's opening from the line the student typed", () => {
  it("follows 'Thank you for' with a noun phrase, adding the article it lacks", () => {
    expect(opening("our call on Tuesday about the risk team")).toBe(
      "Thank you for our call on Tuesday about the risk team.",
    );
    expect(opening("Coffee chat last Thursday about the M&A group.")).toBe(
      "Thank you for the coffee chat last Thursday about the M&A group.",
    );
    expect(opening("Thanks for the mock interview last Friday!")).toBe(
      "Thank you for the mock interview last Friday.",
    );
    expect(opening("30-minute call on Friday")).toBe("Thank you for the 30-minute call on Friday.");
    expect(opening("Quick chat after your talk")).toBe(
      "Thank you for the quick chat after your talk.",
    );
    expect(opening("Friday's call with the audit team")).toBe(
      "Thank you for Friday's call with the audit team.",
    );
    expect(opening("advice on the CPA track")).toBe("Thank you for your advice on the CPA track.");
  });

  it("turns what the recipient did into a gerund, in the second person", () => {
    expect(opening("you walked me through the analyst program on Monday")).toBe(
      "Thank you for walking me through the analyst program on Monday.",
    );
    expect(opening("Tom gave him a 30-minute video call last week")).toBe(
      "Thank you for giving me a 30-minute video call last week.",
    );
    expect(opening("Mr. Alvarez showed me the plant floor on Friday")).toBe(
      "Thank you for showing me the plant floor on Friday.",
    );
    expect(opening("Tom kindly reviewed my resume after the panel")).toBe(
      "Thank you for kindly reviewing my resume after the panel.",
    );
    // "told about" tells no one: the student was told.
    expect(opening("you told about the new grad program!")).toBe(
      "Thank you for telling me about the new grad program.",
    );
  });

  it("keeps the student's own event as theirs", () => {
    expect(opening("we spoke on Tuesday about the risk team")).toBe(
      "Thank you for your time when we spoke on Tuesday about the risk team.",
    );
    expect(opening("I learned a lot about audit rotations from our chat")).toBe(
      "Thank you for your time. I learned a lot about audit rotations from our chat.",
    );
  });

  it("never thanks the recipient for what someone else did", () => {
    expect(opening("Sarah Kim introduced us at the alumni mixer on Friday")).toBe(
      "Thank you for taking the time to talk with me after Sarah Kim introduced us at the alumni mixer on Friday.",
    );
    expect(opening("my advisor connected us last week")).toBe(
      "Thank you for taking the time to talk with me after my advisor connected us last week.",
    );
  });

  it("never credits the recipient with an act whose doer is 'they' or someone else", () => {
    // What was told is heard by the student, whoever told it.
    expect(opening("Jenna walked me through the audit rotations")).toBe(
      "Thank you for your time. I was glad to hear about the audit rotations.",
    );
    expect(opening("they mentioned their team is hiring in the spring")).toBe(
      "Thank you for your time. I was glad to hear that the team is hiring in the spring.",
    );
    // Anything else the line says someone did gets a plain thanks, never "Thank you for …" it.
    const plain = (typed: string, to = tom) => expect(thanksLineOf(typed, to), typed).toBeNull();
    plain("they showed me around the office on Friday");
    // "Tom gave him a call" in a note to someone other than Tom.
    plain("Tom gave him a 30-minute video call", { fullName: "Maria Chen", firstName: "Maria" });
  });

  it("thanks the recipient for the meeting they had, without the notes in brackets or their own name", () => {
    const to = { fullName: "Anita Kaur", firstName: "Anita" };
    const say = (typed: string) => {
      const line = thanksLineOf(typed, to);
      return line ? thanksSentence(line, false) : null;
    };
    expect(
      say(
        "i had a phone call with ms. kaur on oct 3 (she's a purdue alum, my advisor connected us). she explained how the audit team staffs new hires",
      ),
    ).toBe("Thank you for the phone call on October 3.");
    expect(say("Coffee with Anita on Tuesday Oct 6 (set up through the alumni network)")).toBe(
      "Thank you for the coffee on Tuesday, October 6.",
    );
    // A meeting with someone else is not said to have been with the recipient.
    expect(say("lunch with Mr. Ortiz on Friday")).toBe(
      "Thank you for the lunch with Mr. Ortiz on Friday.",
    );
  });

  it("reads the shapes of round 9: the student's own act, shorthand, a nickname, 'her' as a possessive", () => {
    const to = { fullName: "Samuel Ortega", firstName: "Samuel" };
    const say = (typed: string) => {
      const line = thanksLineOf(typed, to);
      return line ? thanksSentence(line, false) : null;
    };
    expect(
      say(
        "talked w him for a while at the booth, he told me abt their bridge retrofit work and said to send my resume to him",
      ),
    ).toBe(
      "Thank you for talking with me for a while at the booth. I was glad to hear about your bridge retrofit work.",
    );
    expect(
      say(
        "met him at the fair, he explained how their DC handles returns and said co-ops run real projects",
      ),
    ).toBe(
      "Thank you for meeting me at the fair. It was especially helpful to hear how your DC handles returns, and that you said co-ops run real projects.",
    );
    expect(
      say("Sam gave me helpful advice on grant writing, and he offered to read my cover letter"),
    ).toBe("Thank you for giving me helpful advice on grant writing.");
    // A follow-up asked for is done by the email's close, not thanked for as well.
    expect(say("the coffee chat on friday, she asked me to email her my resume")).toBe(
      "Thank you for the coffee chat on Friday.",
    );
    expect(say("the call tuesday, he asked me to email him in january")).toBe(
      "Thank you for the call on Tuesday. As you suggested, I'll be in touch in January.",
    );
    expect(say("she spent like 30 min with me after the panel and said to apply in jan")).toBe(
      "Thank you for spending 30 minutes with me after the panel and saying to apply in January.",
    );
    expect(say("Samuel told me his own story going from sales to analytics")).toBe(
      "Thank you for telling me your own story going from sales to analytics.",
    );
  });

  it("takes 'he' or 'she' for the one thanked, and says it to them as 'you' (round 8)", () => {
    expect(opening("She kindly reviewed my resume after the panel")).toBe(
      "Thank you for kindly reviewing my resume after the panel.",
    );
    expect(opening("she told about the new grad program")).toBe(
      "Thank you for telling me about the new grad program.",
    );
    expect(opening("he let me ask questions for like 20 min after the panel")).toBe(
      "Thank you for letting me ask questions for 20 minutes after the panel.",
    );
    // Every verb the "and" joins becomes a gerund.
    expect(
      opening(
        "she ran a mock case interview with me thru the consulting club last week and gave me notes on my structure",
      ),
    ).toBe(
      "Thank you for running a mock case interview with me through the consulting club last week and giving me notes on my structure.",
    );
    // The event first, then what the recipient did at it, as a sentence of its own.
    expect(
      opening(
        "45 min zoom call on weds about how her group prices risk, she mentioned they're adding analysts in June",
      ),
    ).toBe(
      "Thank you for the 45-minute Zoom call on Wednesday about how your group prices risk. I was glad to hear that you're adding analysts in June.",
    );
    expect(
      opening(
        "lunch near the plant, Friday, he showed me the control room and explained his shift rotation",
      ),
    ).toBe(
      "Thank you for the lunch near the plant on Friday. It was especially helpful that you showed me the control room and explained your shift rotation.",
    );
  });

  it("writes a typed note as a clean clause: casing, punctuation and the call's medium", () => {
    expect(opening("zoom on Monday!! about brand marketing")).toBe(
      "Thank you for our Zoom call on Monday about brand marketing.",
    );
    expect(opening("zoom call monday")).toBe("Thank you for the Zoom call on Monday.");
    expect(opening("a facetime last week about the rotation program")).toBe(
      "Thank you for our FaceTime call last week about the rotation program.",
    );
    expect(opening("the chat about the new grad program. super helpful!!")).toBe(
      "Thank you for the chat about the new grad program.",
    );
    expect(opening("talking with me on teams friday :)")).toBe(
      "Thank you for talking with me on Teams on Friday.",
    );
    // A title's full stop is no sentence's end.
    expect(opening("Dr. Alvarez showed me the plant floor")).toBe(
      "Thank you for showing me the plant floor.",
    );
  });

  it("keeps a gerund the student typed", () => {
    expect(opening("meeting with me after the info session")).toBe(
      "Thank you for meeting with me after the info session.",
    );
  });

  it("answers nothing for an empty line", () => {
    expect(thanksLineOf("  ", tom)).toBeNull();
    expect(thanksLineOf(null, tom)).toBeNull();
  });
});

describe("what the student typed, tidied for their email", () => {
  it("capitalises I, days and months, and cuts a hedge meant for the app", () => {
    expect(tidyTyped("the lab tour on monday, i loved the clean room")).toBe(
      "the lab tour on Monday, I loved the clean room",
    );
    expect(tidyTyped("Rocky Mountain Tech Fair, I think it was the virtual one in october")).toBe(
      "Rocky Mountain Tech Fair",
    );
    expect(tidyTyped("the spring startup mixer (not sure of the name)")).toBe(
      "the spring startup mixer",
    );
    expect(tidyTyped("  ")).toBeNull();
    expect(tidyTyped("the linkedin post!! about the spring fair")).toBe(
      "the LinkedIn post about the spring fair",
    );
  });

  it("turns the recipient told of in the third person into 'you'", () => {
    expect(toRecipient("whether they ever hire new grads into their ICU")).toBe(
      "whether you ever hire new grads into your ICU",
    );
  });
});

describe("what someone told the student, as the student heard it", () => {
  it("answers the topic or what was said, and nothing for other acts", () => {
    expect(toldOf("she told about the new grad program")).toEqual({
      about: "the new grad program",
    });
    expect(toldOf("the recruiter explained how staffing works")).toEqual({
      about: "how staffing works",
    });
    expect(toldOf("Jenna said the analyst class starts in July")).toEqual({
      that: "the analyst class starts in July",
    });
    expect(toldOf("we talked about the new grad program")).toBeNull();
    expect(toldOf("she reviewed my resume")).toBeNull();
  });
});

describe("a company's own spelling in a typed note (round 13)", () => {
  it("spells the whole name, and the first word of a longer one in the possessive only", () => {
    expect(tidyTyped("froedtert's new grad residency", ["Froedtert ThedaCare Health"])).toBe(
      "Froedtert's new grad residency",
    );
    expect(tidyTyped("how the team works at bath", ["Bath & Body Works"])).toBe(
      "how the team works at bath",
    );
    expect(
      tidyTyped("amazons area manager intern program even tho I was just a picker", ["Amazon"]),
    ).toBe("Amazon's area manager intern program even though I was just a picker");
    expect(tidyTyped("whether they hire PhDs w/o a postdoc + the imaging team", [])).toBe(
      "whether they hire PhDs without a postdoc and the imaging team",
    );
  });
});
