export {
  drainSystemEmail,
  enqueueSystemEmail,
  handedOverAt,
  SYSTEM_EMAIL_JOB,
  systemEmailJob,
} from "./outbox";
