import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { TextBytes } from './text-bytes.ts';

/**
 * A query's output as the database writes it with `COPY … TO STDOUT`, read in constant memory
 * (docs/decisions/0005-bulk-loads.md, "Exports stream"). node-postgres turns each row of an ordinary query
 * into strings, and about a quarter of those outlive the young generation's collections and pile up in
 * the old one until V8 collects it; the rows of a COPY arrive as bytes, which are copied into one reused
 * buffer and handed on in chunks of about 64 KB. Reading stops (the socket is paused, and PostgreSQL
 * waits) while more than 256 KB wait for the caller, which takes the next chunk only when its client has
 * taken the last one.
 */

/** What is handed on at a time, and how much may wait before the socket is paused. */
const CHUNK = 64 * 1024;
const HIGH_WATER = 256 * 1024;

/**
 * A literal of a query parameter. COPY takes no parameters, so a query for it has its values written in;
 * an E'' string with its quotes and backslashes doubled means the same whatever standard_conforming_strings
 * says.
 */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `E'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
  throw new Error(`a ${typeof value} cannot be written into a COPY query`);
}

/** `text` with its `$n` parameters (outside quoted strings and names) written in as literals. */
export function inlineParams(text: string, params: readonly unknown[]): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (c === "'" || c === '"') {
      // A quoted string or name, its doubled quotes included, is copied as it is.
      let end = i + 1;
      while (end < text.length && !(text[end] === c && text[end + 1] !== c)) end += text[end] === c ? 2 : 1;
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (c === '$' && /\d/.test(text[i + 1] ?? '')) {
      const digits = /^\d+/.exec(text.slice(i + 1))![0];
      out += literal(params[Number(digits) - 1]);
      i += 1 + digits.length;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/**
 * A COPY … TO STDOUT for node-postgres' client queue (its "submittable" interface): the client hands it the
 * connection and its messages. CopyData carries one row; its bytes are a view of the parser's buffer, which
 * the next read may overwrite, so they are copied at once.
 */
class CopyToStdout {
  private readonly bytes = new TextBytes(HIGH_WATER + CHUNK);
  private connection?: { query(text: string): void; stream: { pause(): void; resume(): void } };
  private paused = false;
  private done = false;
  private failure?: Error;
  private wake?: () => void;

  constructor(private readonly text: string) {}

  submit(connection: NonNullable<CopyToStdout['connection']>): void {
    this.connection = connection;
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    this.bytes.addBytes(message.chunk);
    if (this.bytes.bytes.length >= HIGH_WATER && !this.paused) {
      this.paused = true;
      this.connection!.stream.pause();
    }
    if (this.bytes.bytes.length >= CHUNK) this.wake?.();
  }

  handleCommandComplete(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}

  handleError(err: Error): void {
    this.failure = err;
    this.wake?.();
  }

  handleReadyForQuery(): void {
    this.done = true;
    this.wake?.();
  }

  /** The output in chunks, each handed on once the caller asks for the next. */
  async *chunks(): AsyncGenerator<Buffer> {
    for (;;) {
      if (this.failure) throw this.failure;
      const ready = this.bytes.bytes.length;
      if (ready >= CHUNK || (this.done && ready > 0)) {
        // A copy: the caller keeps it while `bytes` fills again.
        const chunk = Buffer.from(this.bytes.bytes);
        this.bytes.clear();
        if (this.paused) {
          this.paused = false;
          this.connection!.stream.resume();
        }
        yield chunk;
      } else if (this.done) return;
      else await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

/**
 * The output of `copy` (a `COPY (…) TO STDOUT` statement) on a connection taken from the pool for it. The
 * statement may take at most `timeout` (a client that stops reading holds it), and a read stopped early
 * (the client went away) or failed drops the connection rather than return it to the pool mid-COPY.
 */
export async function* copyOut(pool: pg.Pool, copy: string, timeout: string): AsyncGenerator<Buffer> {
  const connection = await pool.connect();
  // A connection the server ends while it is out of the pool reports here, not to the pool's handler.
  const lost = () => {};
  connection.on('error', lost);
  let finished = false;
  try {
    await connection.query(`set statement_timeout = '${timeout}'`);
    const statement = new CopyToStdout(copy);
    void connection.query(statement as never);
    yield* statement.chunks();
    await connection.query('reset statement_timeout');
    finished = true;
  } finally {
    connection.off('error', lost);
    connection.release(finished ? undefined : true);
  }
}

/** The output of `copy` (a `COPY (…) TO '/dev/blob'` statement) on PGlite, which answers it whole. */
export async function copyBlob(client: PGlite, copy: string): Promise<Buffer> {
  const result = await client.query(copy);
  return result.blob ? Buffer.from(await result.blob.arrayBuffer()) : Buffer.alloc(0);
}
