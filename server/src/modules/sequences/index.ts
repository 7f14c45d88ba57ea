/** What the composition (`modules/wiring.ts`) and other modules use of sequences. */
export {
  deferEnrollmentsForAddress,
  restoreWronglyEndedEnrollments,
  stopEnrollmentsForAddress,
} from "./control";
export { enrollmentStateOf, isEnrollmentActive, pauseEnrollments } from "./state";
