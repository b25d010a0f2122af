ALTER TABLE "email_outbox" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_recipient_pending_idx" ON "email_outbox" USING btree ("channel","user_id","id") WHERE "email_outbox"."status" = 'pending';--> statement-breakpoint
-- Copies of notifications by the preferred channel (docs/decisions/0030-teams-channel.md): users who prefer
-- Teams now get a `teams` row (before, none), the others an `email` row as before. Whether Teams is
-- configured is decided when sending: without it, the e-mail worker delivers `teams` rows by e-mail.
CREATE OR REPLACE FUNCTION rs_notification_mail() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_outbox (kind, channel, user_id, notification_id, to_address, send_after, created_at)
  SELECT 'notification', CASE WHEN p.preferred_contact = 'teams' THEN 'teams' ELSE 'email' END,
         n.user_id, n.id, u.email, n.created_at, n.created_at
  FROM rs_mail_new_notifications n
  JOIN users u ON u.id = n.user_id
  LEFT JOIN profiles p ON p.user_id = n.user_id
  WHERE u.active = 1
  ORDER BY n.id;
  RETURN NULL;
END
$$;
