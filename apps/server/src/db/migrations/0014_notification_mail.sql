-- E-mail copies of notifications (docs/decisions/0007-profile-and-mail.md). Every writer of notifications
-- (the TypeScript services, rs_place_order, rs_credit_load, and whatever inserts them later) gets its
-- copy here, in the same transaction, without knowing about e-mail: one set-based INSERT per statement
-- (a load of 100,000 receivers is one statement), for active users whose preferred communication method
-- is e-mail (a user without a profile row has the profile's default, e-mail). The row only references
-- the notification: the worker renders it in the user's language when it sends. send_after is the
-- notification's own time, which the services take from their clock.
CREATE OR REPLACE FUNCTION rs_notification_mail() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO email_outbox (kind, user_id, notification_id, to_address, send_after, created_at)
  SELECT 'notification', n.user_id, n.id, u.email, n.created_at, n.created_at
  FROM rs_mail_new_notifications n
  JOIN users u ON u.id = n.user_id
  LEFT JOIN profiles p ON p.user_id = n.user_id
  WHERE u.active = 1 AND coalesce(p.preferred_contact, 'email') = 'email'
  ORDER BY n.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_mail AFTER INSERT ON notifications
REFERENCING NEW TABLE AS rs_mail_new_notifications
FOR EACH STATEMENT EXECUTE FUNCTION rs_notification_mail();
