-- Realtime notifications (docs/architecture.md A6.11; docs/decisions/0006-realtime-notifications.md): the
-- statement trigger notifications_announce (AFTER INSERT ON notifications) calls it with the statement's
-- new rows, and it sends one pg_notify('rs_notifications', {"min", "max"}) with the range of new ids (a
-- load of 100,000 receivers is one message). Every instance reads the distinct users of that range and
-- pushes `systemNotification` to the sockets it holds (plugins/realtime.ts). NOTIFY is transactional:
-- nothing is sent for a rollback, and a listener reads rows that are committed. Any writer of
-- notifications is covered without knowing about sockets, except one that says it tells the sockets itself
-- once it has committed: a transaction that sets `rs.notifications_announced` to 'by_writer' (rs_give, whose
-- commits would otherwise wait for one another on NOTIFY's lock; decision 0048).
CREATE OR REPLACE FUNCTION rs_announce_notifications() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_min integer;
  v_max integer;
BEGIN
  IF current_setting('rs.notifications_announced', true) = 'by_writer' THEN
    RETURN NULL;
  END IF;
  SELECT min(id), max(id) INTO v_min, v_max FROM rs_new_notifications;
  IF v_min IS NOT NULL THEN
    PERFORM pg_notify('rs_notifications', json_build_object('min', v_min, 'max', v_max)::text);
  END IF;
  RETURN NULL;
END
$$;
