-- A mailbox's line (emails/limits.ts, issue 19): the sends it used by status and its waiting
-- emails by due time, read on every automated send. Without it the planner combined the
-- per-user index with the global (status, scheduled_at) one and read every scheduled or sent
-- email of every student (20,000 index entries per look at 1,000 students, 5 ms each).
CREATE INDEX "email_messages_user_status_idx" ON "email_messages" USING btree ("user_id","status","scheduled_at");