import type { ResumeFacts } from "@reachout/contract";

/** A resume read with nothing on it but a name, and whatever a test adds. */
export const resumeFacts = (overrides: Partial<ResumeFacts> = {}): ResumeFacts => ({
  name: "Sam Rivera",
  contact_line: null,
  location: null,
  education: [],
  experiences: [],
  projects: [],
  leadership: [],
  skills: [],
  interests: [],
  ...overrides,
});
