-- Ended credentials (docs/architecture.md A6.11; docs/decisions/0006-realtime-notifications.md): the row
-- triggers sessions_announce_revocation, api_tokens_announce_revocation and users_announce_deactivation
-- call it with their kind ('session', 'token', 'user') as argument when a session or API token is revoked
-- or a user stops being active, and it sends pg_notify('rs_revocations', {"kind", "id"}) so that every
-- instance disconnects the matching sockets (plugins/realtime.ts) once the change commits.
CREATE OR REPLACE FUNCTION rs_announce_revocation() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rs_revocations', json_build_object('kind', TG_ARGV[0], 'id', NEW.id)::text);
  RETURN NULL;
END
$$;
