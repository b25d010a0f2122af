-- The live feed is announced by the server that wrote, once the write has committed, through Socket.IO and its
-- Redis adapter (docs/architecture.md A6.16, decision 0048): a NOTIFY in every give made committing gives wait
-- for one another. rs_give no longer calls rs_announce_feed, and nothing else does.
DROP FUNCTION IF EXISTS rs_announce_feed(text, integer);
