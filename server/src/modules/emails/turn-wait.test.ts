import { expect, it } from "vitest";
import {
  addNetworkContacts,
  createSender,
  emailRows,
  insertOutboundEmail,
  sentFrom,
} from "../../../tests/factories";
import { useTestApp } from "../../../tests/helpers";
import { processEmailJob, SEND_EMAIL_JOB } from "./send-job";

const t = useTestApp({ GMAIL_MIN_SPACING_SECONDS: "1" });

it("waits in place for a turn a moment away instead of queuing the email again", async () => {
  const ada = await createSender(t);
  const [grace, lin] = await addNetworkContacts(t, ada.id, 2);
  const due = (contactId: string) =>
    insertOutboundEmail(t, { userId: ada.id, contactId, scheduledAt: new Date(Date.now() - 1000) });
  const first = await due(grace.id);
  const second = await due(lin.id);
  await processEmailJob(t.deps, first.id);
  // The mailbox is free again within the second: this run sends it, one spacing later.
  await processEmailJob(t.deps, second.id);
  expect(await sentFrom(t, ada.gmail)).toHaveLength(2);
  const rows = await emailRows(t, ada.id);
  const sentAt = (id: string) => rows.find((r) => r.id === id)?.sentAt?.getTime() ?? 0;
  expect(sentAt(second.id) - sentAt(first.id)).toBeGreaterThanOrEqual(1000);
  const { rows: waiting } = await t.deps.database.raw.query(
    "select 1 from pgboss.job where name = $1 and state = 'created' and data->>'emailId' = $2",
    [SEND_EMAIL_JOB, second.id],
  );
  expect(waiting).toHaveLength(0);
});
