-- The audit log's triggers call one generated function each (db/audit-triggers.ts, decision 0052) instead
-- of the generic rs_audit_rows, which built its statement from the trigger's arguments on every write. The
-- functions are created here as stubs so the triggers can name them; their bodies are applied after the
-- migrations with the function files (db/functions.ts). The triggers keep their tables, events and
-- transition tables, and are named <table>_audit_<event>.
DROP TRIGGER point_transactions_audit ON point_transactions;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_point_transactions_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_audit_insert AFTER INSERT ON point_transactions REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_point_transactions_insert();
--> statement-breakpoint
DROP TRIGGER users_audit_insert ON users;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_users_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER users_audit_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_users_insert();
--> statement-breakpoint
DROP TRIGGER users_audit_update ON users;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_users_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER users_audit_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_users_update();
--> statement-breakpoint
DROP TRIGGER user_admin_stores_audit_insert ON user_admin_stores;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_user_admin_stores_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER user_admin_stores_audit_insert AFTER INSERT ON user_admin_stores REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_user_admin_stores_insert();
--> statement-breakpoint
DROP TRIGGER user_admin_stores_audit_delete ON user_admin_stores;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_user_admin_stores_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER user_admin_stores_audit_delete AFTER DELETE ON user_admin_stores REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_user_admin_stores_delete();
--> statement-breakpoint
DROP TRIGGER stores_audit_insert ON stores;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_stores_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER stores_audit_insert AFTER INSERT ON stores REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_stores_insert();
--> statement-breakpoint
DROP TRIGGER stores_audit_update ON stores;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_stores_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER stores_audit_update AFTER UPDATE ON stores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_stores_update();
--> statement-breakpoint
DROP TRIGGER stores_audit_delete ON stores;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_stores_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER stores_audit_delete AFTER DELETE ON stores REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_stores_delete();
--> statement-breakpoint
DROP TRIGGER directory_connections_audit_insert ON directory_connections;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_directory_connections_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER directory_connections_audit_insert AFTER INSERT ON directory_connections REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_directory_connections_insert();
--> statement-breakpoint
DROP TRIGGER directory_connections_audit_update ON directory_connections;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_directory_connections_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER directory_connections_audit_update AFTER UPDATE ON directory_connections REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_directory_connections_update();
--> statement-breakpoint
DROP TRIGGER budgets_audit_insert ON budgets;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_budgets_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER budgets_audit_insert AFTER INSERT ON budgets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_budgets_insert();
--> statement-breakpoint
DROP TRIGGER budgets_audit_update ON budgets;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_budgets_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER budgets_audit_update AFTER UPDATE ON budgets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_budgets_update();
--> statement-breakpoint
DROP TRIGGER budget_movements_audit ON budget_movements;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_budget_movements_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER budget_movements_audit_insert AFTER INSERT ON budget_movements REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_budget_movements_insert();
--> statement-breakpoint
DROP TRIGGER approval_rules_audit_insert ON approval_rules;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_approval_rules_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER approval_rules_audit_insert AFTER INSERT ON approval_rules REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_approval_rules_insert();
--> statement-breakpoint
DROP TRIGGER approval_rules_audit_update ON approval_rules;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_approval_rules_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER approval_rules_audit_update AFTER UPDATE ON approval_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_approval_rules_update();
--> statement-breakpoint
DROP TRIGGER webhook_endpoints_audit_insert ON webhook_endpoints;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_webhook_endpoints_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_insert AFTER INSERT ON webhook_endpoints REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_webhook_endpoints_insert();
--> statement-breakpoint
DROP TRIGGER webhook_endpoints_audit_update ON webhook_endpoints;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_webhook_endpoints_update() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_update AFTER UPDATE ON webhook_endpoints REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_webhook_endpoints_update();
--> statement-breakpoint
DROP TRIGGER webhook_endpoints_audit_delete ON webhook_endpoints;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rs_audit_webhook_endpoints_delete() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_delete AFTER DELETE ON webhook_endpoints REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_webhook_endpoints_delete();
--> statement-breakpoint
DROP FUNCTION rs_audit_rows();

