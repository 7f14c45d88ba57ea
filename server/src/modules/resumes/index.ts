/** The resumes module's public face: the only file other modules import. */
export { extractResumeText } from "./extract-text";
export { ACTION_VERBS, parseResumeFacts } from "./facts";
export { getResumeFacts, loadResumeFacts, readResumeFacts } from "./facts-store";
export { findLatestResumeText } from "./latest";
export { unfoldColumns } from "./layout-text";
export {
  EVAL_FIELDS,
  normalizeValue,
  type ResumeScore,
  ResumeTruth,
  scoreResume,
} from "./resume-eval";
export { findLatestResume, hasResume, type StoredResume } from "./service";
