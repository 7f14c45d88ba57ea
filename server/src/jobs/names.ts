/**
 * Names of jobs that a module other than their owner asks for. The owner defines the job (its
 * handler, queue and cron); the jobs layer holds the name so that the asking module need not
 * import the owner, which would turn the modules' one-way graph into a cycle.
 */

/** Owned by emails (watch-job.ts); auth asks for it when a mailbox connects. */
export const MAILBOX_WATCH_SWEEP_JOB = "emails.mailbox-watch-sweep";
