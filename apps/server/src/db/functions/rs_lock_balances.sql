-- The lock of every write that moves several balances at once (docs/architecture.md A6.3): a transaction
-- advisory lock, held to its end. rs_post_points takes it for several receivers, rs_credit_load for the
-- whole confirm of a load, and the yearly expiry before it reads the balances it takes to 0. Writes of
-- one balance lock only that user's row, so no two writers ever wait on each other in a circle. The key is
-- here only (7340001 is the bootstrap of the first super administrator).
CREATE OR REPLACE FUNCTION rs_lock_balances() RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(7340005)
$$;
