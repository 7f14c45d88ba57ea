/**
 * The emails module's public face: the only file other modules import. The module owns the
 * `email_messages` table (written only by messages.ts) and the Gmail mailbox rows.
 */
export { fillTemplate } from "./bulk";
export { type CopiedSend, recordCopiedSendIn } from "./copy-mode";
export {
  answerEnrollmentQueries,
  type EnrollmentQueries,
  type EnrollmentState,
} from "./enrollment-state";
export { FOLLOW_UP_INACTIVE, FOLLOW_UP_REPLIED, isFollowUp } from "./follow-up-check";
export { findMailbox, requireConnected } from "./mailbox";
export {
  cancelQueuedFollowUps,
  type EmailRow,
  importEmailHistory,
  postponeQueuedFollowUps,
  replyFromContact,
  setEmailApplication,
} from "./messages";
export { type RepairCounts, repairInboundVerdicts } from "./repair-inbound";
export { checkScheduledAt, NO_RESUME_TO_ATTACH, scheduleEmail, sendEmailNow } from "./send";
export { processEmailJob } from "./send-job";
export { queueSequenceEmails } from "./sequence-messages";
export { classifyMailboxMessage, hasReplySince } from "./sync";
export {
  createEmailWriter,
  createFollowUpWriter,
  currentGoal,
  type FollowUpWriter,
  inferGoal,
  loadSender,
  type SequenceFollowUpInput,
  type WriteInput,
  type WrittenFollowUp,
} from "./writer";
export { type EvalRun, runEval } from "./writer/eval";
export { followUpSubject } from "./writer/follow-up";
export { createLlmWriter } from "./writer/llm";
export { createOfflineWriter } from "./writer/offline";
export {
  blindFile,
  keyOf,
  resumesFile,
  reviewStudentsFrom,
  writeReviewSet,
} from "./writer/review";
