/** The resumes module's public face: the only file other modules import. */
export { extractResumeText } from "./extract-text";
export { findLatestResume, findLatestResumeText, hasResume, type StoredResume } from "./service";
