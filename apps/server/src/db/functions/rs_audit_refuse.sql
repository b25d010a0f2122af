-- The audit log is append-only (docs/architecture.md A6.19): its triggers call this for any DELETE or
-- TRUNCATE, and for an UPDATE other than the sealer's one-time setting of seq, prev_hash and hash on an
-- unsealed row. A database owner can still bypass it (session_replication_role, DISABLE TRIGGER): that is
-- what the chain detects.
CREATE OR REPLACE FUNCTION rs_audit_refuse() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'AUDIT_APPEND_ONLY';
END
$$;
