import { describe, expect, it } from "vitest";
import { parseResumeFacts } from "../../../resumes";
import { publicationOf, publishedPoint, publishedSentence } from "./publications";

describe("what a publications section can say (round 16: a PhD's papers went unsaid)", () => {
  it("reads the venue of an APA entry, a quoted title's poster and a conference acronym", () => {
    expect(
      publicationOf(
        "Ames, K. and Lo, P. (2026). Robust ranking under drift. Journal of Applied Econometrics, accepted (in press).",
      ),
    ).toEqual({
      venue: "Journal of Applied Econometrics",
      kind: "paper",
      status: "in press",
      when: null,
    });
    expect(
      publicationOf(
        'Diaz MR, Hu L. "Asthma visits after wildfire smoke, 2020-2024." Poster, Oregon Public Health Conference, Portland, OR, Oct 2025',
      ),
    ).toEqual({
      venue: "Oregon Public Health Conference",
      kind: "poster",
      status: null,
      when: "October 2025",
    });
    expect(publicationOf("K. Ames and P. Lo. Sparse attention at scale. ICLR 2026.")?.venue).toBe(
      "ICLR 2026",
    );
  });

  it("never tells a paper under review or in preparation as published", () => {
    expect(publicationOf("Ames, K. Causal forests. Under review, Biometrika.")).toBeNull();
    expect(
      publishedSentence(["Ames, K. (2026). Title here. Submitted to Econometrica."]),
    ).toBeNull();
  });

  it("says how many papers are out and where, in a sentence and as a point", () => {
    const section = [
      "PUBLICATIONS",
      "1. Ames, K. (2026). First paper title. Journal of Applied Econometrics, accepted (in press).",
      "2. Ames, K. and Lo, P. (2025). Second paper title. Electronic Journal of Statistics, 19(1), 1–20.",
      "3. Lo, P. and Ames, K. Third paper title. Under review, Biometrika.",
    ].join("\n");
    const { publications } = parseResumeFacts(`Kim Ames\nkim@uni.example\n${section}`);
    expect(publishedSentence(publications)).toBe(
      "My research has appeared in the Electronic Journal of Statistics, and a paper is in press at the Journal of Applied Econometrics.",
    );
    expect(publishedPoint(publications)).toBe(
      "Publications: Journal of Applied Econometrics (in press), Electronic Journal of Statistics",
    );
  });
});
