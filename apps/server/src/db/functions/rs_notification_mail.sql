-- Copies of notifications for the outbox (docs/architecture.md A6.12; docs/decisions/0007-profile-and-mail.md,
-- 0030-teams-channel.md): the statement trigger notifications_mail (AFTER INSERT ON notifications) calls it,
-- so every writer of notifications gets its copies in the same transaction without knowing about e-mail:
-- one set-based INSERT per statement, one email_outbox row per notification of an active user, on the
-- user's preferred channel (`teams` when the profile prefers Teams, else `email`, also for a user without
-- a profile row). Whether Teams is configured is decided when sending: without it, the mail worker delivers
-- `teams` rows by e-mail. The row only references the notification: the worker renders it in the user's
-- language when it sends. send_after is the notification's own time, which the services take from their
-- clock.
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
