import { answerEnrollmentRequests } from "./deliverability";
import { answerEnrollmentQueries } from "./emails";
import {
  deferEnrollmentsForAddress,
  enrollmentStateOf,
  isEnrollmentActive,
  restoreWronglyEndedEnrollments,
  stopEnrollmentsForAddress,
} from "./sequences";

/**
 * The composition's connections between modules that cannot import each other: a bounce, an
 * opt-out or an automatic reply (deliverability) and the repair of a wrong verdict (emails) act
 * on the sequences above them, and the send path (emails) asks a follow-up's enrolment whether
 * it may still go. Imported for its effect by both composition files, so a web
 * process, a worker and a script all answer the same way.
 */
answerEnrollmentRequests({
  stopForAddress: stopEnrollmentsForAddress,
  deferForAddress: deferEnrollmentsForAddress,
  restoreWronglyEnded: restoreWronglyEndedEnrollments,
});

answerEnrollmentQueries({ stateOf: enrollmentStateOf, isActive: isEnrollmentActive });
