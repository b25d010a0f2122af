-- The e-mail outbox runs on every instance (docs/decisions/0033-background-work-once.md). A worker marks
-- a message the moment before it hands it to SMTP: a message found with the mark after its lease ended
-- was cut off mid-send (its instance died between SMTP's answer and the row's update), so whether it
-- went out is unknown; it is marked failed, never sent a second time. Without the mark it is re-sent.
ALTER TABLE "email_outbox" ADD COLUMN "send_started_at" timestamp with time zone;
