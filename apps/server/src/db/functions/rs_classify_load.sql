-- The database checks of a bulk load's review and confirm (docs/architecture.md A6.7;
-- docs/decisions/0005-bulk-loads.md, 0036-once-per-activity.md). For each e-mail (already screened for
-- format and duplicates by screenEmails in packages/shared, trimmed and lower-cased), in the order given
-- (n): the user it names, and why it is refused, in this order: UNKNOWN_USER, USER_INACTIVE, OTHER_STORE,
-- FREQUENCY_LIMIT; reason null means it would be credited. The frequency limit counts earlier load entries
-- of the recognition since p_since (the start of its period); with p_activity_key (a once-per-activity
-- recognition) an earlier entry with the same activity date and key is FREQUENCY_LIMIT, and prior_load
-- names the load that credited it. Each branch runs only when its one-time filter holds, so a period
-- recognition's review plans as it would without activities. The review (modules/loads/loads.service.ts)
-- and rs_credit_load call it.
CREATE OR REPLACE FUNCTION rs_classify_load(
  p_store integer, p_reward integer, p_since timestamptz, p_emails text[], p_activity_date date DEFAULT NULL, p_activity_key text DEFAULT NULL)
RETURNS TABLE (n integer, email text, user_id integer, name text, reason text, prior_load integer)
LANGUAGE sql STABLE AS $$
  WITH input AS (SELECT i.email, i.n::integer AS n FROM unnest(p_emails) WITH ORDINALITY AS i(email, n)),
  matched AS (
    SELECT i.n, i.email, u.id, u.name, u.last_name, u.active, u.store_id
    FROM input i LEFT JOIN users u ON lower(u.email) = i.email),
  given AS (
    SELECT le.user_id, count(*) AS times, NULL::integer AS prior_load FROM load_entries le
    WHERE p_activity_key IS NULL AND le.reward_id = p_reward AND le.created_at >= p_since
      AND le.user_id IN (SELECT m.id FROM matched m WHERE m.id IS NOT NULL)
    GROUP BY le.user_id
    UNION ALL
    SELECT le.user_id, count(*), min(le.load_id) FROM load_entries le
    WHERE p_activity_key IS NOT NULL AND le.reward_id = p_reward AND le.activity_date = p_activity_date
      AND le.activity_key = p_activity_key
      AND le.user_id IN (SELECT m.id FROM matched m WHERE m.id IS NOT NULL)
    GROUP BY le.user_id),
  classified AS (
    SELECT m.n, m.email, m.id, concat_ws(' ', m.name, m.last_name) AS name, g.prior_load,
      CASE WHEN m.id IS NULL THEN 'UNKNOWN_USER'
           WHEN m.active <> 1 THEN 'USER_INACTIVE'
           WHEN m.store_id IS DISTINCT FROM p_store THEN 'OTHER_STORE'
           WHEN coalesce(g.times, 0) >= (SELECT r.frequency_limit FROM rewards r WHERE r.id = p_reward) THEN 'FREQUENCY_LIMIT'
      END AS reason
    FROM matched m LEFT JOIN given g ON g.user_id = m.id)
  SELECT c.n, c.email, c.id, c.name, c.reason, CASE WHEN c.reason = 'FREQUENCY_LIMIT' THEN c.prior_load END
  FROM classified c
  ORDER BY c.n
$$;
