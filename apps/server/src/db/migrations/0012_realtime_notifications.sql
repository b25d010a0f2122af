-- Realtime notifications (docs/decisions/0006-realtime-notifications.md). The database announces, on
-- commit, what every Socket.IO instance must push or cut, so no writer has to know about sockets: the
-- TypeScript services, rs_place_order, rs_credit_load and whatever inserts notifications later.

-- New notifications: one message per statement (a load of 100,000 receivers is one message), carrying
-- the range of new ids; each instance reads the distinct users of that range and pushes
-- `systemNotification` to those it holds. NOTIFY is transactional: nothing is sent for a rollback, and
-- a listener reads rows that are committed.
CREATE OR REPLACE FUNCTION rs_announce_notifications() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_min integer;
  v_max integer;
BEGIN
  SELECT min(id), max(id) INTO v_min, v_max FROM rs_new_notifications;
  IF v_min IS NOT NULL THEN
    PERFORM pg_notify('rs_notifications', json_build_object('min', v_min, 'max', v_max)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_announce AFTER INSERT ON notifications
REFERENCING NEW TABLE AS rs_new_notifications
FOR EACH STATEMENT EXECUTE FUNCTION rs_announce_notifications();
--> statement-breakpoint

-- Ended credentials: a revoked session or API token, or a user who is no longer active, loses its open
-- sockets on every instance (sign-out, deactivation, idle expiry, `npm run admin -- revoke`).
CREATE OR REPLACE FUNCTION rs_announce_revocation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rs_revocations', json_build_object('kind', TG_ARGV[0], 'id', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_announce_revocation AFTER UPDATE OF revoked_at ON sessions
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION rs_announce_revocation('session');
--> statement-breakpoint
CREATE TRIGGER api_tokens_announce_revocation AFTER UPDATE OF revoked_at ON api_tokens
FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
EXECUTE FUNCTION rs_announce_revocation('token');
--> statement-breakpoint
CREATE TRIGGER users_announce_deactivation AFTER UPDATE OF active ON users
FOR EACH ROW WHEN (OLD.active = 1 AND NEW.active <> 1)
EXECUTE FUNCTION rs_announce_revocation('user');
