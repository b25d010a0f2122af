/**
 * The example integration from the command line (README.md, "Integrate"):
 *
 *   REWARDS_URL=http://localhost:3000 REWARDS_TOKEN=rs_… npx tsx docs/integration/run-example.ts \
 *     --store 1 --file docs/integration/hr-export.sample.csv [--reward ID] [--points N] [--reason TEXT] [--week-of YYYY-MM-DD] [--key KEY]
 *
 * Prints what it did as JSON: the week's orders of the store, the review of the file and the load credited.
 * Without --key, the Idempotency-Key is made of the store, the week and the file's hash: running it again
 * with the same file in the same week replays the first load instead of crediting it twice.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createRewardsClient, creditLoadFromFile, weekOf, weekOrders } from './rewards-integration.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string' },
    file: { type: 'string' },
    reward: { type: 'string' },
    points: { type: 'string' },
    reason: { type: 'string', default: 'Reconocimientos del mes (RR. HH.)' },
    'week-of': { type: 'string' },
    key: { type: 'string' },
  },
});
const baseUrl = process.env.REWARDS_URL ?? 'http://localhost:3000';
const token = process.env.REWARDS_TOKEN;
if (!token || !values.store || !values.file) {
  console.error('Usage: REWARDS_TOKEN=rs_… [REWARDS_URL=…] run-example.ts --store ID --file HR_EXPORT.csv [--reward ID] [--points N]');
  process.exit(2);
}
const storeId = Number(values.store);
const day = values['week-of'] ? new Date(`${values['week-of']}T12:00:00Z`) : new Date();
const bytes = await fs.readFile(values.file);
const idempotencyKey = values.key ?? `hr-${storeId}-${weekOf(day).from}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}`;

const client = createRewardsClient(baseUrl, token);
const orders = await weekOrders(client, storeId, day);
const { review, load, replayed } = await creditLoadFromFile(client, {
  storeId,
  rewardId: values.reward ? Number(values.reward) : undefined,
  points: values.points ? Number(values.points) : undefined,
  reason: values.reason,
  file: new Blob([new Uint8Array(bytes)]),
  fileName: path.basename(values.file),
  idempotencyKey,
});

console.log(
  JSON.stringify(
    {
      week: weekOf(day),
      orders: { count: orders.length, points: orders.reduce((sum, o) => sum + o.total, 0), ids: orders.map((o) => o.id) },
      review: { correct: review.correct.length, incorrect: review.incorrect.map((r) => `${r.email}: ${r.reason}`) },
      load: { id: load.id, receivers: load.receivers, rejected: load.rejected, totalPoints: load.totalPoints, replayed },
    },
    null,
    2,
  ),
);
