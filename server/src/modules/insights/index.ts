/** What other modules (the writer, the demo seed) may use of insights. */
export { recommendedFormatFor, refreshInsightRollups, SYNTHETIC_COHORT_DOMAIN } from "./benchmarks";
