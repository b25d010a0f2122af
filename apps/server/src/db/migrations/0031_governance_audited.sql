-- The governance tables in the audit log (docs/architecture.md A6.19): budgets (made, amount, period, reload,
-- closed), every movement of a budget's money, the stores' approval rules and the webhook endpoints (never
-- their secret).
CREATE TRIGGER budgets_audit_insert AFTER INSERT ON budgets REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('budget', 'store=store_id', 'scope', 'store_id', 'department', 'manager_id', 'amount', 'period', 'reload');
--> statement-breakpoint
CREATE TRIGGER budgets_audit_update AFTER UPDATE ON budgets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('budget', 'store=store_id', 'amount:amount', 'period:period', 'reload:reload', 'closed_at:closed');
--> statement-breakpoint
CREATE TRIGGER budget_movements_audit AFTER INSERT ON budget_movements REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('budget_funds', 'insert=moved', 'id=budget_id', 'entity=budgets', 'kind', 'available', 'reserved', 'award_id', 'created_by');
--> statement-breakpoint
CREATE TRIGGER approval_rules_audit_insert AFTER INSERT ON approval_rules REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('rules', 'id=store_id', 'store=store_id', 'first_threshold', 'second_threshold', 'levels', 'reminder_days', 'escalation_days');
--> statement-breakpoint
CREATE TRIGGER approval_rules_audit_update AFTER UPDATE ON approval_rules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('rules', 'id=store_id', 'store=store_id', 'first_threshold', 'second_threshold', 'levels', 'reminder_days', 'escalation_days');
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_insert AFTER INSERT ON webhook_endpoints REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('webhook', 'store=store_id', 'url', 'events', 'active', 'store_id');
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_update AFTER UPDATE ON webhook_endpoints REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('webhook', 'store=store_id', 'url', 'events', 'active');
--> statement-breakpoint
CREATE TRIGGER webhook_endpoints_audit_delete AFTER DELETE ON webhook_endpoints REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION rs_audit_rows('webhook', 'store=store_id', 'url', 'events', 'active', 'store_id');
