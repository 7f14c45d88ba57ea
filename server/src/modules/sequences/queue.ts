export const SEQUENCE_STEP_JOB = "sequence-step";
export const SEQUENCE_SWEEP_JOB = "sequence-sweep";
