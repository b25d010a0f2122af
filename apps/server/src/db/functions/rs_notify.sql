-- The one writer of notifications (docs/architecture.md A6.11): every feature that tells someone
-- something calls it, from TypeScript through notify() (modules/notifications/notifications.service.ts) or
-- from another SQL function (rs_post_points, rs_place_order, rs_product_news_flush). One set-based INSERT
-- for any number of receivers, in the order given: the statement triggers on notifications then announce
-- the new rows to every instance (rs_announce_notifications) and copy them to the outbox of each active
-- receiver's preferred channel (rs_notification_mail), in the same transaction. p_descriptions and p_urls
-- hold one entry for every receiver, or a single one said to all of them (p_urls may be NULL: no link).
-- Texts are the system texts that describeNotification (packages/shared/src/notification-text.ts) words in
-- the reader's language, or an administrator's text shown as typed. Answers the new rows' ids in order.
CREATE OR REPLACE FUNCTION rs_notify(
  p_users integer[],
  p_item_type text,
  p_descriptions text[],
  p_urls text[],
  p_at timestamptz
) RETURNS integer[] LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := coalesce(cardinality(p_users), 0);
  v_ids integer[];
BEGIN
  IF v_count = 0 THEN
    RETURN '{}';
  END IF;
  IF cardinality(p_descriptions) NOT IN (1, v_count) OR (p_urls IS NOT NULL AND cardinality(p_urls) NOT IN (1, v_count)) THEN
    RAISE EXCEPTION 'rs_notify: one description and url for every receiver, or one for all';
  END IF;
  WITH written AS (
    INSERT INTO notifications (user_id, item_type, description, url, created_at)
    SELECT x.id, p_item_type,
      CASE WHEN cardinality(p_descriptions) = 1 THEN p_descriptions[1] ELSE p_descriptions[x.n] END,
      CASE WHEN p_urls IS NULL THEN NULL WHEN cardinality(p_urls) = 1 THEN p_urls[1] ELSE p_urls[x.n] END,
      p_at
    FROM unnest(p_users) WITH ORDINALITY AS x(id, n)
    ORDER BY x.n
    RETURNING id)
  SELECT array_agg(id ORDER BY id) INTO v_ids FROM written;
  RETURN v_ids;
END
$$;
