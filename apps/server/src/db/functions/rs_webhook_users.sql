-- user.deactivated for webhooks (docs/architecture.md A6.19): the row trigger users_webhooks (AFTER UPDATE OF
-- active ON users, only for a row whose active moved from 1 to another value: a deactivation by an administrator
-- or the company directory, A6.18) calls it. A row trigger with that condition rather than a statement trigger
-- with transition tables: every balance change updates users, and transition tables would copy those rows for
-- every credit, webhooks or not; the condition costs nothing when it does not hold. The subject is the person
-- (`user:ID`), the store theirs.
CREATE OR REPLACE FUNCTION rs_webhook_users() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rs_webhook_subscribed('user.deactivated', NEW.store_id) THEN
    INSERT INTO webhook_events (type, subject, store_id, payload, created_at)
    VALUES ('user.deactivated', 'user:' || NEW.id, NEW.store_id,
      jsonb_build_object('userId', NEW.id, 'storeId', NEW.store_id, 'externalId', NEW.external_id, 'deactivatedAt', NEW.updated_at),
      NEW.updated_at);
  END IF;
  RETURN NULL;
END
$$;
