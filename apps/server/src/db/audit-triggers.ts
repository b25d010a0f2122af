/**
 * What the audit log records of each audited table, and the trigger function that records it
 * (docs/architecture.md A6.19, decisions 0051 and 0052). Each entry is one statement-level trigger of one
 * table and one event, with the statement's rows as transition tables `old_rows` / `new_rows`, so a
 * statement that writes 100,000 rows appends their entries in one INSERT … SELECT. Its function,
 * `rs_audit_<table>_<event>`, is generated here as plain PL/pgSQL whose one statement names the watched
 * columns: PostgreSQL parses and plans it once per connection, where a generic function that built its
 * statement from trigger arguments (EXECUTE) paid that on every write (decision 0052 has the figures).
 *
 * The generated definitions are applied with the function files (db/functions.ts): at every start, only
 * when the database does not hold them. The triggers themselves are in the migrations (0033 for the
 * tables audited so far); auditing another table is an entry here and a migration that creates a stub of
 * its function and the trigger naming it.
 *
 * An insert or a delete is one entry per row with the watched columns after (insert) or before (delete);
 * an update is one entry per row and `what` whose columns changed, with only those columns before and
 * after, and rows whose watched columns are all unchanged (a balance, a sign-in's time) are dropped by one
 * row comparison before anything is built. Who and which request come from the transaction's settings
 * rs.actor ('user:<id>', 'directory:<connection id>'; anything else, or none, is the system) and
 * rs.request_id, which db/client.ts sets for the writes of a request.
 */

export interface AuditTrigger {
  table: string;
  event: 'insert' | 'update' | 'delete';
  /** The action's prefix: `user` makes `user.created`, `user.role`, … */
  prefix: string;
  /** The entry's entity (default: the table). */
  entity?: string;
  /** The column of the entity's id (default: id). */
  id?: string;
  /** The column of the row's store. */
  store?: string;
  /** A row another table's store is the entry's store of: that table and the column naming its row (one join). */
  storeOf?: readonly [table: 'users' | 'budgets', column: string];
  /** An insert is `<prefix>.debited` when this column is below 0, else `<prefix>.credited`. */
  sign?: string;
  /** The action of an insert (default created) or a delete (default deleted). */
  action?: string;
  /** The watched columns; on an update, each with the action it makes (default updated). */
  columns: readonly (string | readonly [column: string, what: string])[];
}

/** Everything the audit log records (docs/architecture.md A6.19 lists the actions). */
export const AUDIT_TRIGGERS: readonly AuditTrigger[] = [
  // Money: every ledger row (append-only, so inserts only).
  {
    table: 'point_transactions',
    event: 'insert',
    prefix: 'points',
    sign: 'value',
    storeOf: ['users', 'user_id'],
    columns: ['user_id', 'value', 'kind', 'ref_type', 'ref_id', 'created_by'],
  },
  // Users: who they are created as, and changes of role, activity, store, manager, department and e-mail.
  {
    table: 'users',
    event: 'insert',
    prefix: 'user',
    store: 'store_id',
    columns: ['email', 'role', 'active', 'store_id', 'manager_id', 'department'],
  },
  {
    table: 'users',
    event: 'update',
    prefix: 'user',
    store: 'store_id',
    columns: [
      ['role', 'role'],
      ['active', 'active'],
      ['store_id', 'store'],
      ['manager_id', 'manager'],
      ['department', 'department'],
      ['email', 'email'],
    ],
  },
  // The stores an administrator runs: an entry of the user's per store added or taken away.
  ...(['insert', 'delete'] as const).map((event) => ({
    table: 'user_admin_stores',
    event,
    prefix: 'user',
    entity: 'users',
    id: 'user_id',
    store: 'store_id',
    action: 'admin_stores',
    columns: ['store_id'],
  })),
  // Stores: made, changed and deleted.
  ...(['insert', 'update', 'delete'] as const).map((event) => ({
    table: 'stores',
    event,
    prefix: 'store',
    store: 'id',
    columns: ['title', 'sede_id', 'inventory_id', 'location', 'lat', 'long', 'time_zone', 'active'],
  })),
  // The company directory's connections: made, changed and revoked.
  {
    table: 'directory_connections',
    event: 'insert',
    prefix: 'directory',
    action: 'connection_created',
    columns: ['name', 'office_attribute', 'expires_at', 'revoked_at'],
  },
  {
    table: 'directory_connections',
    event: 'update',
    prefix: 'directory',
    columns: [
      ['name', 'connection_updated'],
      ['office_attribute', 'connection_updated'],
      ['expires_at', 'connection_updated'],
      ['revoked_at', 'connection_revoked'],
    ],
  },
  // Budgets: made, and their amount, period, reload and closing changed.
  {
    table: 'budgets',
    event: 'insert',
    prefix: 'budget',
    store: 'store_id',
    columns: ['scope', 'store_id', 'department', 'manager_id', 'amount', 'period', 'reload'],
  },
  {
    table: 'budgets',
    event: 'update',
    prefix: 'budget',
    store: 'store_id',
    columns: [
      ['amount', 'amount'],
      ['period', 'period'],
      ['reload', 'reload'],
      ['closed_at', 'closed'],
    ],
  },
  // Every movement of a budget's money, named by its budget, with its budget's store.
  {
    table: 'budget_movements',
    event: 'insert',
    prefix: 'budget_funds',
    entity: 'budgets',
    id: 'budget_id',
    storeOf: ['budgets', 'budget_id'],
    action: 'moved',
    columns: ['kind', 'available', 'reserved', 'award_id', 'created_by'],
  },
  // The stores' approval rules.
  ...(['insert', 'update'] as const).map((event) => ({
    table: 'approval_rules',
    event,
    prefix: 'rules',
    id: 'store_id',
    store: 'store_id',
    columns: ['first_threshold', 'second_threshold', 'levels', 'reminder_days', 'escalation_days'],
  })),
  // Webhook endpoints (never their secret).
  ...(['insert', 'update', 'delete'] as const).map((event) => ({
    table: 'webhook_endpoints',
    event,
    prefix: 'webhook',
    store: 'store_id',
    columns: event === 'update' ? ['url', 'events', 'active'] : ['url', 'events', 'active', 'store_id'],
  })),
];

/** The trigger function of one entry. */
export const auditFunctionName = (t: Pick<AuditTrigger, 'table' | 'event'>): string => `rs_audit_${t.table}_${t.event}`;

/** An identifier of ours (lower case, digits, underscores), quoted. */
function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`audit triggers: "${name}" is not a plain identifier`);
  return `"${name}"`;
}

/** A text of ours as a literal. */
function literal(text: string): string {
  if (!/^[a-z0-9_.]*$/.test(text)) throw new Error(`audit triggers: "${text}" is not a plain name`);
  return `'${text}'`;
}

/** The INSERT … SELECT that appends one trigger's entries. */
function appendStatement(t: AuditTrigger): string {
  const alias = t.event === 'update' ? 'n' : 'r';
  const id = ident(t.id ?? 'id');
  const entity = literal(t.entity ?? t.table);
  const join = t.storeOf ? ` LEFT JOIN ${ident(t.storeOf[0])} so ON so.id = ${alias}.${ident(t.storeOf[1])}` : '';
  const store = t.storeOf ? 'so.store_id' : t.store ? `${alias}.${ident(t.store)}` : 'NULL::integer';
  const columns = t.columns.map((c) => (typeof c === 'string' ? ([c, 'updated'] as const) : c));
  if (columns.length === 0) throw new Error(`audit triggers: ${t.table} ${t.event} watches no column`);
  const head = 'INSERT INTO audit_log (actor_kind, actor_id, request_id, action, entity, entity_id, store_id, before, after)';

  if (t.event === 'update') {
    const values = columns.map(([c, what]) => `(${literal(c)}, ${literal(what)}, to_jsonb(o.${ident(c)}), to_jsonb(n.${ident(c)}))`);
    const row = (side: 'o' | 'n') => `ROW(${columns.map(([c]) => `${side}.${ident(c)}`).join(', ')}, NULL)`;
    return [
      head,
      `  SELECT v_kind, v_actor_id, v_request, ${literal(`${t.prefix}.`)} || w.what, ${entity}, n.${id}::bigint, ${store},`,
      '    jsonb_object_agg(w.col, w.b), jsonb_object_agg(w.col, w.a)',
      `  FROM old_rows o JOIN new_rows n ON n.${id} = o.${id}${join}`,
      `  CROSS JOIN LATERAL (VALUES ${values.join(',\n    ')}) AS w(col, what, b, a)`,
      `  WHERE ${row('o')} IS DISTINCT FROM ${row('n')} AND w.b IS DISTINCT FROM w.a`,
      `  GROUP BY n.${id}, ${store}, w.what`,
      `  ORDER BY n.${id}, w.what;`,
    ].join('\n');
  }
  const object = `jsonb_build_object(${columns.map(([c]) => `${literal(c)}, r.${ident(c)}`).join(', ')})`;
  const action =
    t.event === 'insert' && t.sign
      ? `CASE WHEN r.${ident(t.sign)} < 0 THEN ${literal(`${t.prefix}.debited`)} ELSE ${literal(`${t.prefix}.credited`)} END`
      : literal(`${t.prefix}.${t.action ?? (t.event === 'insert' ? 'created' : 'deleted')}`);
  const [before, after] = t.event === 'insert' ? ['NULL::jsonb', object] : [object, 'NULL::jsonb'];
  return [
    head,
    `  SELECT v_kind, v_actor_id, v_request, ${action}, ${entity}, r.${id}::bigint, ${store}, ${before}, ${after}`,
    `  FROM ${t.event === 'insert' ? 'new_rows' : 'old_rows'} r${join}`,
    `  ORDER BY r.${id};`,
  ].join('\n');
}

/** The CREATE OR REPLACE FUNCTION statement of one entry's trigger function. */
export function auditFunctionStatement(t: AuditTrigger): string {
  const table = ident(t.table).slice(1, -1);
  return [
    `CREATE OR REPLACE FUNCTION ${auditFunctionName(t)}() RETURNS trigger LANGUAGE plpgsql AS $$`,
    `-- Generated by db/audit-triggers.ts: the audit log's entries of ${table} on ${t.event}.`,
    'DECLARE',
    "  v_actor text := coalesce(current_setting('rs.actor', true), '');",
    "  v_kind text := 'system';",
    '  v_actor_id integer;',
    "  v_request text := nullif(current_setting('rs.request_id', true), '');",
    'BEGIN',
    "  IF v_actor ~ '^(user|directory):[0-9]+$' THEN",
    "    v_kind := split_part(v_actor, ':', 1);",
    "    v_actor_id := split_part(v_actor, ':', 2)::integer;",
    '  END IF;',
    appendStatement(t).replace(/^/gm, '  '),
    '  RETURN NULL;',
    'END',
    '$$;',
  ].join('\n');
}
