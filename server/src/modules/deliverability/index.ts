import { suppressedAddressDetail } from "@reachout/contract";
import type { Config } from "../../config";
import type { DbOrTx } from "../../db/client";
import { type AppError, conflict, tooManyRequests } from "../../http/errors";
import {
  isFirstEmailTo,
  lockRecipient,
  nextFirstEmailSlot,
  optedOutOfUser,
  recentOutreachCounts,
  recipientCapDetail,
} from "./recipient-cap";
import { type EmailStatus, normalizeAddress, suppressionOf, suppressionsOf } from "./suppressions";

export { COUNTED_SEND_STATUSES, countedSend, sendUsedAt } from "./counted-send";
export { recentOutreachColumn } from "./recipient-cap";
export {
  type EmailStatus,
  holdColumn,
  liftBounceSuppression,
  normalizeAddress,
  notSuppressed,
  suppressAddress,
  suppressionColumn,
  suppressionOf,
} from "./suppressions";

export interface AddressStanding {
  email_status: EmailStatus;
  recent_outreach_count: number;
}

/** email_status and recent_outreach_count of several addresses (lowercased keys). */
export async function addressStandings(
  db: DbOrTx,
  emails: string[],
): Promise<Map<string, AddressStanding>> {
  const [suppressed, counts] = await Promise.all([
    suppressionsOf(db, emails),
    recentOutreachCounts(db, emails),
  ]);
  const standings = new Map<string, AddressStanding>();
  for (const email of emails.map(normalizeAddress)) {
    standings.set(email, {
      email_status: suppressed.get(email) ?? "ok",
      recent_outreach_count: counts.get(email) ?? 0,
    });
  }
  return standings;
}

export const OK_STANDING: AddressStanding = { email_status: "ok", recent_outreach_count: 0 };

export type SendVerdict =
  | { kind: "ok"; firstEmail: boolean }
  | { kind: "suppressed"; detail: string }
  | { kind: "capped"; detail: string; availableAt: Date };

/**
 * May this user write to this address now? Suppressed addresses (a hard bounce, an opt-out)
 * never, nor one that asked this student to stop (an opt-out recorded in copy mode); a first
 * email only while the address has had fewer than RECIPIENT_WEEKLY_CAP first emails from all
 * users' mailboxes in the rolling 7 days. Call it inside the transaction that writes the
 * send: it takes the recipient's lock, so the check and the send are one step. `firstEmail`
 * left out is decided here, under the lock; `selfReported` says the send is a copy-mode record.
 */
export async function checkSendable(
  tx: DbOrTx,
  config: Pick<Config, "recipientWeeklyCap">,
  input: { userId: string; email: string; firstEmail?: boolean; selfReported?: boolean },
  now = new Date(),
): Promise<SendVerdict> {
  await lockRecipient(tx, input.email);
  const suppression = await suppressionOf(tx, input.email);
  if (suppression) {
    return {
      kind: "suppressed",
      detail: suppressedAddressDetail(input.email, suppression.reason),
    };
  }
  if (await optedOutOfUser(tx, input.userId, input.email)) {
    return { kind: "suppressed", detail: suppressedAddressDetail(input.email, "opted_out") };
  }
  const firstEmail =
    input.firstEmail ??
    (await isFirstEmailTo(tx, input.userId, input.email, input.selfReported ?? false));
  if (!firstEmail) return { kind: "ok", firstEmail };
  const cap = config.recipientWeeklyCap;
  const availableAt = await nextFirstEmailSlot(tx, input.email, cap, now);
  if (availableAt) {
    return { kind: "capped", detail: recipientCapDetail(cap, availableAt), availableAt };
  }
  return { kind: "ok", firstEmail };
}

/** The verdict as the API answers it: 409 for a suppressed address, 429 over the weekly cap. */
export function verdictError(verdict: SendVerdict, now = new Date()): AppError | null {
  if (verdict.kind === "suppressed") return conflict(verdict.detail);
  if (verdict.kind === "capped") {
    return tooManyRequests(verdict.detail, (verdict.availableAt.getTime() - now.getTime()) / 1000);
  }
  return null;
}

/**
 * The shared check every sending path calls (agreed with the sequences module): throws
 * AppError 409 (suppressed) or 429 (recipient weekly cap) with a `{detail}` for the student.
 * Call inside the transaction that writes the send. Answers whether it counts as a first email.
 */
export async function assertSendable(
  tx: DbOrTx,
  input: {
    userId: string;
    email: string;
    firstEmail?: boolean;
    selfReported?: boolean;
    config: Config;
  },
): Promise<{ firstEmail: boolean }> {
  const verdict = await checkSendable(tx, input.config, input);
  const error = verdictError(verdict);
  if (error) throw error;
  return { firstEmail: verdict.kind === "ok" && verdict.firstEmail };
}

export {
  type BounceCause,
  classifyInbound,
  factsOfGmail,
  type InboundVerdict,
  readableText,
  type SenderProblem,
  senderRefusalText,
} from "./classify";
export {
  answerEnrollmentRequests,
  type EnrollmentRequests,
  enrollmentRequests,
  type WronglyEnded,
} from "./enrollment-requests";
export {
  applyInboundVerdict,
  applySelfReportedVerdict,
  type InboundContext,
  type InboundEffects,
} from "./inbound";
export { warmupOf } from "./warmup";
