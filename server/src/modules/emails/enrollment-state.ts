import type { DbOrTx } from "../../db/client";
import type { EnrollmentStatus } from "../../db/schema";
import { answeredLater } from "../../lib/answered-later";

/** What a follow-up's send asks of its enrolment. */
export interface EnrollmentState {
  status: EnrollmentStatus;
  /** When the enrolment began: a reply since then stops its follow-ups. */
  createdAt: Date;
  /** The thread of the enrolment's first email, which every follow-up continues. */
  threadId: string | null;
}

/**
 * The questions the send path asks of a follow-up's enrolment. Sequences own the enrolments and
 * sit above emails in the module order of docs/architecture.md, so emails asks through this
 * interface and the composition (`modules/wiring.ts`) connects the sequences module's queries
 * once per process. Each call runs at once, in the caller's transaction.
 */
export interface EnrollmentQueries {
  /** The enrolment's state, or null when it is gone. */
  stateOf(db: DbOrTx, enrollmentId: string): Promise<EnrollmentState | null>;
  /**
   * Whether it is still active, read with a share lock inside the claim's transaction: a pause
   * or stop (which updates the row) waits for a claim under way, and a claim after it sees it.
   */
  isActive(tx: DbOrTx, enrollmentId: string): Promise<boolean>;
}

/** Answered once by the composition with the sequences module's queries. */
const queries = answeredLater<EnrollmentQueries>("enrolment queries");
export const answerEnrollmentQueries = queries.answer;
export const enrollmentQueries = queries.ask;
