export {
  drainSystemEmail,
  enqueueSystemEmail,
  handedOverAt,
  pruneHandovers,
  pruneHandoversJob,
  SYSTEM_EMAIL_JOB,
  systemEmailJob,
} from "./outbox";
