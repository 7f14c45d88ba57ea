-- Issue 40: the constraints the hand-written migrations named by PostgreSQL's defaults
-- ("<table>_<column>_fkey", "<table>_pkey") take the names drizzle's schema gives them
-- ("<table>_<column>_<target>_<column>_fk", "<table>_<columns>_pk"), so a migration drizzle-kit
-- generates that drops or changes one of them finds it on every database. Renames only: no
-- constraint is dropped or rechecked, no row is read.
ALTER TABLE "address_holds" RENAME CONSTRAINT "address_holds_user_id_fkey" TO "address_holds_user_id_users_id_fk";
ALTER TABLE "address_holds" RENAME CONSTRAINT "address_holds_pkey" TO "address_holds_user_id_email_pk";
ALTER TABLE "application_contacts" RENAME CONSTRAINT "application_contacts_application_id_fkey" TO "application_contacts_application_id_applications_id_fk";
ALTER TABLE "application_contacts" RENAME CONSTRAINT "application_contacts_contact_id_fkey" TO "application_contacts_contact_id_contacts_id_fk";
ALTER TABLE "application_contacts" RENAME CONSTRAINT "application_contacts_user_id_fkey" TO "application_contacts_user_id_users_id_fk";
ALTER TABLE "application_stage_changes" RENAME CONSTRAINT "application_stage_changes_application_id_fkey" TO "application_stage_changes_application_id_applications_id_fk";
ALTER TABLE "application_stage_changes" RENAME CONSTRAINT "application_stage_changes_user_id_fkey" TO "application_stage_changes_user_id_users_id_fk";
ALTER TABLE "applications" RENAME CONSTRAINT "applications_user_id_fkey" TO "applications_user_id_users_id_fk";
ALTER TABLE "contacts" RENAME CONSTRAINT "contacts_owner_user_id_fkey" TO "contacts_owner_user_id_users_id_fk";
ALTER TABLE "email_messages" RENAME CONSTRAINT "email_messages_application_id_fkey" TO "email_messages_application_id_applications_id_fk";
ALTER TABLE "enrollment_steps" RENAME CONSTRAINT "enrollment_steps_enrollment_id_fkey" TO "enrollment_steps_enrollment_id_sequence_enrollments_id_fk";
ALTER TABLE "enrollment_steps" RENAME CONSTRAINT "enrollment_steps_pkey" TO "enrollment_steps_enrollment_id_position_pk";
ALTER TABLE "event_tickets" RENAME CONSTRAINT "event_tickets_user_id_fkey" TO "event_tickets_user_id_users_id_fk";
ALTER TABLE "inbound_repairs" RENAME CONSTRAINT "inbound_repairs_message_id_fkey" TO "inbound_repairs_message_id_email_messages_id_fk";
ALTER TABLE "inbound_repairs" RENAME CONSTRAINT "inbound_repairs_user_id_fkey" TO "inbound_repairs_user_id_users_id_fk";
ALTER TABLE "mailbox_settings" RENAME CONSTRAINT "mailbox_settings_user_id_fkey" TO "mailbox_settings_user_id_users_id_fk";
ALTER TABLE "resume_facts" RENAME CONSTRAINT "resume_facts_user_id_fkey" TO "resume_facts_user_id_users_id_fk";
ALTER TABLE "sender_rejections" RENAME CONSTRAINT "sender_rejections_user_id_fkey" TO "sender_rejections_user_id_users_id_fk";
ALTER TABLE "sequence_enrollments" RENAME CONSTRAINT "sequence_enrollments_contact_id_fkey" TO "sequence_enrollments_contact_id_contacts_id_fk";
ALTER TABLE "sequence_enrollments" RENAME CONSTRAINT "sequence_enrollments_sequence_id_fkey" TO "sequence_enrollments_sequence_id_sequences_id_fk";
ALTER TABLE "sequence_enrollments" RENAME CONSTRAINT "sequence_enrollments_user_id_fkey" TO "sequence_enrollments_user_id_users_id_fk";
ALTER TABLE "sequences" RENAME CONSTRAINT "sequences_user_id_fkey" TO "sequences_user_id_users_id_fk";
