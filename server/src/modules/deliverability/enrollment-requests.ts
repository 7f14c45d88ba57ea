import type { Db, DbOrTx } from "../../db/client";
import { answeredLater } from "../../lib/answered-later";

/** Which enrolments the repair of a wrong inbound verdict (issue 33) resumes. */
export type WronglyEnded =
  | { from: "replied"; userId: string; contactId: string }
  | { from: "bounced"; email: string };

/**
 * What deliverability's verdicts (and the emails module's repair of them) ask of the sequences.
 * Sequences sit above both in the module order of docs/architecture.md, so neither may import
 * them: they ask through this interface, and the composition (`modules/wiring.ts`) connects the
 * sequences module's answers once per process. Each call runs at once, in the caller's
 * transaction, exactly as a direct call would.
 */
export interface EnrollmentRequests {
  /** Ends every live enrolment writing to the address (only `onlyUserId`'s when given). */
  stopForAddress(
    db: Db,
    email: string,
    status: "bounced" | "opted_out",
    onlyUserId?: string,
  ): Promise<number>;
  /** This student's live enrolments to the address send no step before `until`. */
  deferForAddress(db: Db, userId: string, email: string, until: Date): Promise<number>;
  /** Resumes the enrolments a wrong verdict ended. */
  restoreWronglyEnded(db: DbOrTx, target: WronglyEnded): Promise<number>;
}

/**
 * `answerEnrollmentRequests` is called once by the composition: from now on the sequences
 * module answers. A process that never loaded it would keep sequences running past a bounce or
 * an opt-out, so `enrollmentRequests()` fails loudly instead.
 */
const requests = answeredLater<EnrollmentRequests>("enrolment requests");
export const answerEnrollmentRequests = requests.answer;
export const enrollmentRequests = requests.ask;
