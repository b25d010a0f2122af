import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.ts';
import { migrateDatabase, pendingFunctions, type Database } from './client.ts';
import { applyFunctions, functionDefinitions, parseFunctionFile, readFunctionFiles } from './functions.ts';

// The SQL functions are one file each in db/functions, applied after the migrations when they differ
// (db/functions.ts, docs/architecture.md A3). One database for the file: PGlite, or PostgreSQL with TEST_DATABASE_URL.
const folder = path.join(import.meta.dirname, 'functions');
// The files and the audit log's generated trigger functions (db/audit-triggers.ts).
const files = functionDefinitions(folder);
const normalised = (text: string) => text.replace(/\r\n/g, '\n').trim();

interface Catalog {
  name: string;
  prosrc: string;
  arguments: string;
  result: string;
  /** pg_get_functiondef with the schema of the name left out. */
  definition: string;
  [column: string]: unknown;
}

describe('SQL functions (db/functions)', () => {
  let database: Database;
  let url: string | undefined;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, url, drop } = await freshDatabase());
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  /** The functions of the schema `schema` with those names (default: the current schema). */
  const catalog = async (schema?: string): Promise<Catalog[]> =>
    (
      await database.db.execute<Catalog>(sql`select p.proname::text as name, p.prosrc, pg_get_function_arguments(p.oid) as arguments,
          pg_get_function_result(p.oid) as result, replace(pg_get_functiondef(p.oid), n.nspname || '.' || p.proname || '(', p.proname || '(') as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = coalesce(${schema ?? null}::text, current_schema()) and p.proname like 'rs\\_%'
        order by p.proname, p.oid`)
    ).rows;

  /** What each file creates, read from a schema of its own in a transaction that is rolled back. */
  const created = async (): Promise<Catalog[]> => {
    let rows: Catalog[] = [];
    const undo = new Error('rolled back on purpose');
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create schema rs_function_files`);
        await tx.execute(sql`set local search_path = rs_function_files, public`);
        for (const f of files) await tx.execute(sql.raw(f.statement));
        rows = (
          await tx.execute<Catalog>(sql`select p.proname::text as name, p.prosrc, pg_get_function_arguments(p.oid) as arguments,
              pg_get_function_result(p.oid) as result, replace(pg_get_functiondef(p.oid), 'rs_function_files.' || p.proname || '(', p.proname || '(') as definition
            from pg_proc p where p.pronamespace = 'rs_function_files'::regnamespace order by p.proname`)
        ).rows;
        throw undo;
      })
      .catch((err: unknown) => {
        if (err !== undo) throw err;
      });
    return rows;
  };

  it('holds, after start, each file: its body, arguments, result and whole definition', async () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
    const inDatabase = await catalog();
    const fromFiles = await created();
    expect(fromFiles.map((r) => r.name)).toEqual(files.map((f) => f.name).sort());
    for (const f of files) {
      const rows = inDatabase.filter((r) => r.name === f.name);
      expect(rows, f.file).toHaveLength(1);
      expect(normalised(rows[0]!.prosrc), f.file).toBe(normalised(f.body));
      const mine = fromFiles.find((r) => r.name === f.name)!;
      expect({ arguments: rows[0]!.arguments, result: rows[0]!.result }, f.file).toEqual({
        arguments: mine.arguments,
        result: mine.result,
      });
      expect(rows[0]!.definition, f.file).toBe(mine.definition);
    }
    expect(await pendingFunctions(database.db)).toEqual([]);
  });

  it('has a definition for every rs_* function of the database (none defined only by a migration)', async () => {
    const names = (await catalog()).map((r) => r.name);
    expect(names).toEqual(files.map((f) => f.name).sort());
  });

  it('restores a changed or dropped function on the next migrate, and a run with nothing changed writes nothing', async () => {
    await database.db.execute(
      sql`create or replace function rs_announce_revocation() returns trigger language plpgsql as $$ begin return null; end $$`,
    );
    await database.db.execute(sql`drop function rs_move_stock(integer, integer, text, integer, timestamptz)`);
    expect(await pendingFunctions(database.db)).toEqual([
      { name: 'rs_announce_revocation', state: 'differs' },
      { name: 'rs_move_stock', state: 'missing' },
    ]);

    expect(await migrateDatabase(database.db, url)).toEqual({ functions: ['rs_announce_revocation', 'rs_move_stock'] });
    const byName = new Map((await catalog()).map((r) => [r.name, r]));
    for (const name of ['rs_announce_revocation', 'rs_move_stock']) {
      expect(normalised(byName.get(name)!.prosrc)).toBe(normalised(files.find((f) => f.name === name)!.body));
    }

    // Nothing changed: no function and no comment is written again (their row versions stay).
    const versions = async () =>
      (
        await database.db.execute<{ name: string; proc: string; note: string }>(sql`select p.proname::text as name, p.xmin::text as proc,
            (select d.xmin::text from pg_description d where d.objoid = p.oid and d.classoid = 'pg_proc'::regclass) as note
          from pg_proc p where p.proname like 'rs\\_%' order by p.proname`)
      ).rows;
    const before = await versions();
    expect(before.every((v) => v.note)).toBe(true);
    expect(await migrateDatabase(database.db, url)).toEqual({ functions: [] });
    expect(await versions()).toEqual(before);
  });

  it('applies a changed file, and refuses a second function of the same name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-functions-'));
    try {
      for (const f of readFunctionFiles(folder)) fs.copyFileSync(path.join(folder, f.file), path.join(dir, f.file));
      const file = path.join(dir, 'rs_announce_revocation.sql');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('BEGIN\n', 'BEGIN\n  -- edited\n'));
      expect(await applyFunctions(database.db, dir)).toEqual(['rs_announce_revocation']);
      expect((await catalog()).find((r) => r.name === 'rs_announce_revocation')!.prosrc).toContain('-- edited');
      expect(await applyFunctions(database.db, dir)).toEqual([]);

      // A header comment is not the definition: editing it writes nothing.
      const stock = path.join(dir, 'rs_move_stock.sql');
      fs.writeFileSync(stock, `-- Another header.\n${fs.readFileSync(stock, 'utf8')}`);
      expect(await applyFunctions(database.db, dir)).toEqual([]);

      // New arguments without a migration that drops the old function: refused, and nothing written.
      fs.writeFileSync(
        stock,
        fs.readFileSync(stock, 'utf8').replace('p_now timestamptz\n)', 'p_now timestamptz,\n  p_extra integer DEFAULT 0\n)'),
      );
      await expect(applyFunctions(database.db, dir)).rejects.toThrow(/2 functions named rs_move_stock .*must drop the old one/);
      expect((await catalog()).filter((r) => r.name === 'rs_move_stock')).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect(await migrateDatabase(database.db, url)).toEqual({ functions: ['rs_announce_revocation'] });
    expect(await pendingFunctions(database.db)).toEqual([]);
  });

  it('reads a file as a header comment and one CREATE OR REPLACE FUNCTION of its name', () => {
    const ok = '-- What it does.\nCREATE OR REPLACE FUNCTION rs_x() RETURNS integer LANGUAGE sql AS $body$ SELECT 1 $body$;\n';
    expect(parseFunctionFile('rs_x.sql', ok)).toMatchObject({ name: 'rs_x', body: ' SELECT 1 ' });
    expect(() => parseFunctionFile('rs_y.sql', ok)).toThrow(/CREATE OR REPLACE FUNCTION rs_y/);
    expect(() => parseFunctionFile('rs_x.sql', ok.replace('OR REPLACE ', ''))).toThrow();
    expect(() => parseFunctionFile('rs_x.sql', `${ok}GRANT EXECUTE ON FUNCTION rs_x() TO PUBLIC;\n`)).toThrow(/one statement/);
    expect(() => parseFunctionFile('rs_x.sql', `SELECT 1;\n${ok}`)).toThrow();
  });
});
