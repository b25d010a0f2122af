import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { exportConsolidated, type ReadCopy } from './consolidated-export.ts';

/**
 * The consolidated export as a stream (docs/decisions/0005-bulk-loads.md, "Exports stream"), apart from the
 * database (loads.test.ts exports real loads, and checks what the lines hold): it reads only as fast as its
 * reader takes the file, stops reading when the reader leaves, and reports a failure.
 */

/**
 * Chunks of `size` rows as the database would write them, without end unless `batches` is given, whatever
 * the COPY asks (the file's framing is what is under test); `state` tells how many chunks were read and
 * whether reading ended.
 */
function source(size: number, batches = Number.POSITIVE_INFINITY, failAfter?: number) {
  const state = { fetched: 0, ended: false };
  const read: ReadCopy = () =>
    (async function* () {
      try {
        for (let b = 0; b < batches; b++) {
          if (b === failAfter) throw new Error('the database went away');
          state.fetched++;
          await new Promise((r) => setImmediate(r));
          // COPY's records for the sheet (row number, then the columns, between tabs); a CSV reader takes them as lines.
          const rows = Array.from({ length: size }, (_, i) => {
            const n = b * size + i + 2;
            return `${n}\t${n}\t7\t46353.5\t\tPersona ${n} ${Math.random().toString(36)}\n`;
          });
          yield Buffer.from(rows.join(''));
        }
      } finally {
        state.ended = true;
      }
    })();
  return { state, read };
}

/** A client whose socket is full: it takes nothing until `flow()`. */
function stuckClient() {
  let flowing = false;
  const waiting: (() => void)[] = [];
  const sink = new Writable({
    highWaterMark: 16 * 1024,
    write(_chunk, _encoding, done) {
      if (flowing) done();
      else waiting.push(() => done());
    },
  });
  return {
    sink,
    flow() {
      flowing = true;
      for (const done of waiting.splice(0)) done();
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await sleep(10);
  expect(check()).toBe(true);
}

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('consolidated export stream', () => {
  it('reads ahead a few batches while the client is stuck, then nothing until it reads again; a client that leaves ends the read', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const { state, read } = source(1_000);
      const errors: unknown[] = [];
      const stream = exportConsolidated(read, format, 'es', (err) => errors.push(err));
      const client = stuckClient();
      stream.pipe(client.sink);
      // It reads ahead until its buffer is full (a batch takes a moment to write: wait until it stops)...
      let ahead = -1;
      for (let i = 0; i < 20 && state.fetched !== ahead; i++) {
        ahead = state.fetched;
        await sleep(250);
      }
      expect(ahead, format).toBeGreaterThan(0);
      expect(ahead, format).toBeLessThan(10);
      // ...then reads nothing more while the client takes nothing.
      await sleep(500);
      expect(state.fetched, format).toBe(ahead);
      client.flow();
      await until(() => state.fetched > ahead + 20);
      stream.destroy();
      await until(() => state.ended);
      expect(errors, format).toEqual([]);
    }
  });

  it('reports a failure halfway and cuts the file short instead of ending it as if whole', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const { state, read } = source(100, 10, 3);
      const errors: unknown[] = [];
      const stream = exportConsolidated(read, format, 'es', (err) => errors.push(err));
      await expect(collect(stream)).rejects.toThrow('the database went away');
      expect(errors, format).toHaveLength(1);
      expect(state).toEqual({ fetched: 3, ended: true });
    }
  });
});
