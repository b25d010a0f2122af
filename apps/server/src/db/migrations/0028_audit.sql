CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"request_id" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" bigint,
	"store_id" integer,
	"before" jsonb,
	"after" jsonb,
	"seq" bigint,
	"prev_hash" "bytea",
	"hash" "bytea",
	CONSTRAINT "audit_log_actor_kind_valid" CHECK ("audit_log"."actor_kind" in ('user', 'directory', 'system')),
	CONSTRAINT "audit_log_sealed_whole" CHECK (("audit_log"."seq" IS NULL) = ("audit_log"."hash" IS NULL) AND ("audit_log"."seq" IS NULL) = ("audit_log"."prev_hash" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_uq" ON "audit_log" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."seq" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_kind","actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_store_idx" ON "audit_log" USING btree ("store_id") WHERE "audit_log"."store_id" IS NOT NULL;--> statement-breakpoint
-- hand-written below
-- The audit log (docs/architecture.md A6.19, decision 0051). The functions' bodies are their files in
-- db/functions, applied after the migrations; these stubs only let the triggers name them.
CREATE OR REPLACE FUNCTION rs_audit_rows() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = 'AUDIT_APPEND_ONLY'; END $$;
--> statement-breakpoint
-- Append-only: the sealer may set seq, prev_hash and hash once, on an unsealed row, and nothing else.
CREATE TRIGGER audit_log_append_only BEFORE UPDATE ON audit_log FOR EACH ROW
WHEN (OLD.seq IS NOT NULL OR NEW.seq IS NULL OR NEW.prev_hash IS NULL OR NEW.hash IS NULL
  OR (NEW.id, NEW.at, NEW.actor_kind, NEW.actor_id, NEW.request_id, NEW.action, NEW.entity, NEW.entity_id, NEW.store_id, NEW.before, NEW.after)
     IS DISTINCT FROM (OLD.id, OLD.at, OLD.actor_kind, OLD.actor_id, OLD.request_id, OLD.action, OLD.entity, OLD.entity_id, OLD.store_id, OLD.before, OLD.after))
EXECUTE FUNCTION rs_audit_refuse();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_refuse();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_refuse();
--> statement-breakpoint
-- Money: every ledger row (append-only, so inserts only).
CREATE TRIGGER point_transactions_audit AFTER INSERT ON point_transactions REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('points', 'sign=value', 'userstore=user_id', 'user_id', 'value', 'kind', 'ref_type', 'ref_id', 'created_by');
--> statement-breakpoint
-- Users: who they are created as, and changes of role, activity, store, manager, department and e-mail.
CREATE TRIGGER users_audit_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('user', 'store=store_id', 'email', 'role', 'active', 'store_id', 'manager_id', 'department');
--> statement-breakpoint
CREATE TRIGGER users_audit_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('user', 'store=store_id', 'role:role', 'active:active', 'store_id:store', 'manager_id:manager', 'department:department', 'email:email');
--> statement-breakpoint
-- The stores an administrator runs: an entry of the user's per store added or taken away.
CREATE TRIGGER user_admin_stores_audit_insert AFTER INSERT ON user_admin_stores REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('user', 'entity=users', 'id=user_id', 'store=store_id', 'insert=admin_stores', 'store_id');
--> statement-breakpoint
CREATE TRIGGER user_admin_stores_audit_delete AFTER DELETE ON user_admin_stores REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('user', 'entity=users', 'id=user_id', 'store=store_id', 'delete=admin_stores', 'store_id');
--> statement-breakpoint
CREATE TRIGGER stores_audit_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('store', 'store=id', 'title', 'sede_id', 'inventory_id', 'location', 'lat', 'long', 'time_zone', 'active');
--> statement-breakpoint
CREATE TRIGGER stores_audit_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('store', 'store=id', 'title', 'sede_id', 'inventory_id', 'location', 'lat', 'long', 'time_zone', 'active');
--> statement-breakpoint
CREATE TRIGGER stores_audit_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('store', 'store=id', 'title', 'sede_id', 'inventory_id', 'location', 'lat', 'long', 'time_zone', 'active');
--> statement-breakpoint
-- The company directory's connections: made and revoked.
CREATE TRIGGER directory_connections_audit_insert AFTER INSERT ON directory_connections REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('directory', 'insert=connection_created', 'name', 'office_attribute', 'expires_at', 'revoked_at');
--> statement-breakpoint
CREATE TRIGGER directory_connections_audit_update AFTER UPDATE ON directory_connections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('directory', 'name:connection_updated', 'office_attribute:connection_updated', 'expires_at:connection_updated', 'revoked_at:connection_revoked');
