import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import { AUDIT_TRIGGERS, auditFunctionName, auditFunctionStatement } from './audit-triggers.ts';
import type { Database } from './client.ts';

// The audit log's triggers (db/audit-triggers.ts, docs/architecture.md A6.19): each entry of the list is the
// one statement-level trigger of its table and event, with its transition tables, calling its generated
// function; no other trigger calls one. What they write is audit.test.ts's.
describe('the audit triggers', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('are one trigger per entry of the list, on its table and event, with transition tables, calling its function', async () => {
    const { rows } = await database.db.execute<{
      table: string;
      name: string;
      fn: string;
      type: number;
      old: string | null;
      new: string | null;
    }>(
      sql`select c.relname::text as table, t.tgname::text as name, p.proname::text as fn, t.tgtype::int as type,
          t.tgoldtable::text as old, t.tgnewtable::text as new
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal and p.proname like 'rs\\_audit\\_%' and p.proname not in ('rs_audit_refuse')
        order by 1, 2`,
    );
    // tgtype: 1 row-level (never), 4 insert, 8 delete, 16 update.
    const eventOf = (type: number) => (type & 4 ? 'insert' : type & 8 ? 'delete' : type & 16 ? 'update' : 'other');
    expect(rows.map((r) => ({ table: r.table, event: eventOf(r.type), fn: r.fn, name: r.name, rowLevel: (r.type & 1) === 1 }))).toEqual(
      AUDIT_TRIGGERS.map((t) => ({
        table: t.table,
        event: t.event,
        fn: auditFunctionName(t),
        name: `${t.table}_audit_${t.event}`,
        rowLevel: false,
      })).sort((a, b) => (a.table + a.name < b.table + b.name ? -1 : 1)),
    );
    for (const r of rows) {
      const event = eventOf(r.type);
      expect([r.old, r.new], r.name).toEqual([event === 'insert' ? null : 'old_rows', event === 'delete' ? null : 'new_rows']);
    }
  });

  it('generate plain statements: names only from the list, never a whole row', () => {
    for (const t of AUDIT_TRIGGERS) {
      const statement = auditFunctionStatement(t);
      expect(statement).toMatch(new RegExp(`^CREATE OR REPLACE FUNCTION ${auditFunctionName(t)}\\(\\) RETURNS trigger`));
      expect(statement).not.toMatch(/EXECUTE|to_jsonb\((r|n|o)\)/);
    }
    expect(() =>
      auditFunctionStatement({ table: 'users', event: 'update', prefix: 'user', columns: ['role"; drop table users; --'] }),
    ).toThrow(/not a plain (identifier|name)/);
    expect(() => auditFunctionStatement({ table: 'users', event: 'insert', prefix: 'user', columns: [] })).toThrow(/watches no column/);
  });
});
