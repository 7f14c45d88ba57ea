/** What other modules use of sequences: the deliverability rules' stop and deferral. */
export {
  deferEnrollmentsForAddress,
  restoreWronglyEndedEnrollments,
  stopEnrollmentsForAddress,
} from "./control";
export { pauseEnrollments } from "./state";
