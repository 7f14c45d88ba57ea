/** The due follow-ups of one mailbox, queued in turn: one job per mailbox with steps due. */
export const SEQUENCE_STEPS_JOB = "sequences.mailbox-steps";
export const SEQUENCE_SWEEP_JOB = "sequence-sweep";
