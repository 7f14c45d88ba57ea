export { drainSystemEmail, enqueueSystemEmail, SYSTEM_EMAIL_JOB, systemEmailJob } from "./outbox";
