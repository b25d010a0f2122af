-- The content of an audit entry as the chain hashes it (docs/architecture.md A6.19): a JSON array of every
-- column but seq, prev_hash and hash, in jsonb's text form (canonical: one spelling per value), the instant
-- in UTC to the microsecond. rs_audit_seal hashes sha256(prev_hash || this text's UTF-8), and the verify
-- query recomputes the same. STABLE and one expression, so PostgreSQL inlines it into those queries.
CREATE OR REPLACE FUNCTION rs_audit_content(
  p_id bigint, p_at timestamptz, p_actor_kind text, p_actor_id integer, p_request_id text, p_action text,
  p_entity text, p_entity_id bigint, p_store_id integer, p_before jsonb, p_after jsonb
) RETURNS bytea
LANGUAGE sql STABLE AS $$
  SELECT convert_to(jsonb_build_array(
    p_id, to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), p_actor_kind, p_actor_id, p_request_id,
    p_action, p_entity, p_entity_id, p_store_id, p_before, p_after
  )::text, 'UTF8')
$$;
