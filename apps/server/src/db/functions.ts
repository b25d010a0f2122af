/**
 * The SQL functions as repeatable definitions (docs/architecture.md A3). Each function's current
 * definition is one file, db/functions/<name>.sql: a header comment, then one
 * `CREATE OR REPLACE FUNCTION <name>(...) ... AS $$ ... $$;`. After the migrations, under the same lock,
 * `applyFunctions` runs, in file-name order, every file whose definition the database does not have,
 * and writes nothing when all are current. Migrations stay as history.
 *
 * Rules: to change a function, edit its file (no migration). When its arguments or return type change,
 * a migration drops the old one (`DROP FUNCTION name(old argument types)`): CREATE OR REPLACE cannot
 * change them and would add a second function of that name, which the start refuses. A migration that
 * needs a new body while it runs defines that body itself; the file applies afterwards. A function that
 * goes away loses its file and a migration drops it. Triggers stay in migrations (they name their
 * function). Every rs_* function has a file (db/functions.test.ts), except the audit log's trigger
 * functions, which db/audit-triggers.ts generates from its list and which apply the same way.
 *
 * "Differs", exactly and without writing: applying a file records, as the function's comment, the md5 of
 * the file's statement and the md5 of the definition PostgreSQL then holds (pg_get_functiondef: arguments,
 * result, language, volatility, settings and body). A start reads both for every file's function in one
 * query and applies the file again when either is not what was recorded: the file changed, or something
 * else (a migration, a hand, a restore of another version) changed the function.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { AUDIT_TRIGGERS, auditFunctionName, auditFunctionStatement } from './audit-triggers.ts';
import type { Db, DbOrTx } from './client.ts';

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  file: string;
  /** Where the definition comes from, as its comment names it: db/functions/<file>, or db/audit-triggers.ts. */
  source: string;
  /** The CREATE OR REPLACE FUNCTION statement: the file without its header comment, lines ended by \n. */
  statement: string;
  /** The text between the dollar quotes, which PostgreSQL keeps as the function's `prosrc`. */
  body: string;
  /** md5 of `statement`. */
  hash: string;
}

export interface FunctionState {
  name: string;
  /** same: the database holds the file's definition; differs: it does not (or holds several); missing: none. */
  state: 'same' | 'differs' | 'missing';
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Reads one function file; throws when it is not a header comment and one CREATE OR REPLACE FUNCTION of its name. */
export function parseFunctionFile(file: string, content: string): FunctionFile {
  const name = file.replace(/\.sql$/, '');
  if (!/^[a-z_][a-z0-9_]*\.sql$/.test(file)) throw new Error(`db/functions/${file}: the file is named <function name>.sql`);
  const text = content.replace(/\r\n/g, '\n');
  const create = /^CREATE OR REPLACE FUNCTION\s+([a-z_][a-z0-9_]*)\s*\(/im.exec(text);
  const before = create ? text.slice(0, create.index) : '';
  if (!create || create[1] !== name || !before.split('\n').every((l) => l.trim() === '' || l.trim().startsWith('--'))) {
    throw new Error(`db/functions/${file}: a header comment, then CREATE OR REPLACE FUNCTION ${name}(...)`);
  }
  return functionDefinition(name, file, `db/functions/${file}`, text.slice(create.index));
}

/** One CREATE OR REPLACE FUNCTION statement as a definition; throws when it is not one statement with a dollar-quoted body. */
export function functionDefinition(name: string, file: string, source: string, text: string): FunctionFile {
  const statement = text.trim();
  const open = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(statement);
  const close = open ? statement.indexOf(open[0], open.index + open[0].length) : -1;
  if (!open || close < 0 || !/^\s*;$/.test(statement.slice(close + open[0].length))) {
    throw new Error(`${source}: one statement, its body between dollar quotes, ending in ';'`);
  }
  return { name, file, source, statement, body: statement.slice(open.index + open[0].length, close), hash: md5(statement) };
}

/** The folder's function files, in file-name order. */
export function readFunctionFiles(folder: string): FunctionFile[] {
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => parseFunctionFile(f, fs.readFileSync(path.join(folder, f), 'utf8')));
}

/** Every definition a start applies: the folder's files, then the audit log's trigger functions (db/audit-triggers.ts). */
export function functionDefinitions(folder: string): FunctionFile[] {
  return [
    ...readFunctionFiles(folder),
    ...AUDIT_TRIGGERS.map((t) => {
      const name = auditFunctionName(t);
      return functionDefinition(name, `${name}.sql`, 'db/audit-triggers.ts', auditFunctionStatement(t));
    }),
  ];
}

/** The comment that applying a file leaves on its function. */
const noteOf = (f: FunctionFile, definition: string) => `${f.source}; file md5 ${f.hash}; definition md5 ${definition}`;

interface Row {
  name: string;
  signature: string;
  definition: string;
  note: string | null;
  [column: string]: unknown;
}

/** The functions of the current schema with those names: signature, md5 of the definition, comment. */
async function read(db: DbOrTx, names: string[]): Promise<Map<string, Row[]>> {
  // Names are checked identifiers ([a-z0-9_]), so the array literal needs no quoting.
  const { rows } = await db.execute<Row>(sql`select p.proname::text as name, p.oid::regprocedure::text as signature,
      md5(pg_get_functiondef(p.oid)) as definition, obj_description(p.oid, 'pg_proc') as note
    from pg_proc p
    where p.pronamespace = (select n.oid from pg_namespace n where n.nspname = current_schema())
      and p.proname = any(${`{${names.join(',')}}`}::text[])`);
  const byName = new Map<string, Row[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r]);
  return byName;
}

const namesOf = (files: FunctionFile[]) => files.map((f) => f.name);

function stateOf(f: FunctionFile, rows: Row[] | undefined): FunctionState['state'] {
  if (!rows?.length) return 'missing';
  return rows.length === 1 && rows[0]!.note === noteOf(f, rows[0]!.definition) ? 'same' : 'differs';
}

/** Whether the database holds each file's definition (read only: scripts/restore-check.ts reports it). */
export async function functionStates(db: DbOrTx, folder: string): Promise<FunctionState[]> {
  const files = functionDefinitions(folder);
  const current = await read(db, namesOf(files));
  return files.map((f) => ({ name: f.name, state: stateOf(f, current.get(f.name)) }));
}

/**
 * Applies, in one transaction and in file-name order, the files whose definition the database does not
 * hold, and records each one's fingerprints. Returns the names of the functions it wrote (none when all
 * are current). Run after the migrations, under their lock (db/client.ts, migrateDatabase).
 */
export async function applyFunctions(db: Db, folder: string): Promise<string[]> {
  const files = functionDefinitions(folder);
  const current = await read(db, namesOf(files));
  const stale = files.filter((f) => stateOf(f, current.get(f.name)) !== 'same');
  if (stale.length === 0) return [];
  await db.transaction(async (tx) => {
    for (const f of stale) await tx.execute(sql.raw(f.statement));
    const applied = await read(tx, namesOf(stale));
    for (const f of stale) {
      const rows = applied.get(f.name) ?? [];
      if (rows.length !== 1) {
        throw new Error(
          `The database has ${rows.length} functions named ${f.name} (${rows.map((r) => r.signature).join(', ')}): ` +
            'the migration that changed its arguments or result must drop the old one (db/functions.ts).',
        );
      }
      await tx.execute(sql.raw(`COMMENT ON FUNCTION ${rows[0]!.signature} IS '${noteOf(f, rows[0]!.definition)}'`));
    }
  });
  return stale.map((f) => f.name);
}
