-- The sealer (docs/architecture.md A6.19): chains up to p_limit unsealed audit entries, in id order, after
-- the last sealed one: each gets seq (the next number, no gaps), prev_hash (the previous seq's hash; 32 zero
-- bytes for seq 1) and hash = sha256(prev_hash || rs_audit_content(...)). Single across instances through a
-- transaction advisory lock ('rs-audit' as a number): with p_wait it waits for another sealer to finish
-- (verify, export), else it returns -1 when one is running (the job). Returns how many it sealed. Business
-- transactions never take this lock: they append unsealed rows.
CREATE OR REPLACE FUNCTION rs_audit_seal(p_wait boolean, p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_hash bytea;
  v_ids bigint[] := '{}';
  v_seqs bigint[] := '{}';
  v_prevs bytea[] := '{}';
  v_hashes bytea[] := '{}';
  r record;
BEGIN
  IF p_wait THEN
    PERFORM pg_advisory_xact_lock(1920150881);
  ELSIF NOT pg_try_advisory_xact_lock(1920150881) THEN
    RETURN -1;
  END IF;
  SELECT a.seq, a.hash INTO v_seq, v_hash FROM audit_log a WHERE a.seq IS NOT NULL ORDER BY a.seq DESC LIMIT 1;
  IF v_seq IS NULL THEN
    v_seq := 0;
    v_hash := decode(repeat('00', 32), 'hex');
  END IF;
  FOR r IN
    SELECT a.id, rs_audit_content(a.id, a.at, a.actor_kind, a.actor_id, a.request_id, a.action, a.entity, a.entity_id,
      a.store_id, a.before, a.after) AS content
    FROM audit_log a WHERE a.seq IS NULL ORDER BY a.id LIMIT p_limit
  LOOP
    v_seq := v_seq + 1;
    v_ids := v_ids || r.id;
    v_seqs := v_seqs || v_seq;
    v_prevs := v_prevs || v_hash;
    v_hash := sha256(v_hash || r.content);
    v_hashes := v_hashes || v_hash;
  END LOOP;
  IF cardinality(v_ids) = 0 THEN
    RETURN 0;
  END IF;
  UPDATE audit_log a SET seq = u.seq, prev_hash = u.prev_hash, hash = u.hash
  FROM unnest(v_ids, v_seqs, v_prevs, v_hashes) AS u(id, seq, prev_hash, hash)
  WHERE a.id = u.id;
  RETURN cardinality(v_ids);
END
$$;
