// Seeds the audit benchmark (bench/audit.mjs): the demo data, then `count` audit entries written straight
// into audit_log (unsealed, as the triggers append them): one in ten a role change, the rest points
// credited, with a request id and a few columns before and after. Prints a super administrator's API token.
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';
import { createApiToken } from '../src/modules/auth/auth.service.ts';

const [url, countArg] = process.argv.slice(2);
if (!url) throw new Error('usage: seed-audit.ts DATABASE_URL [COUNT]');
const count = Number(countArg ?? 1_000_000);
const database = await openDatabase({ url });
await seedIfEmpty(database.db, { uploadsDir: '/tmp/rs-bench-uploads', images: false });
const db = database.db;
for (let from = 1; from <= count; from += 100_000) {
  const to = Math.min(count, from + 99_999);
  await db.execute(sql`
    insert into audit_log (actor_kind, actor_id, request_id, action, entity, entity_id, store_id, before, after)
    select 'user', 1 + g % 50, md5(g::text),
      case when g % 10 = 0 then 'user.role' else 'points.credited' end,
      case when g % 10 = 0 then 'users' else 'point_transactions' end,
      g, 1 + g % 3,
      case when g % 10 = 0 then jsonb_build_object('role', 1) end,
      case when g % 10 = 0 then jsonb_build_object('role', 2)
           else jsonb_build_object('user_id', g % 5000, 'value', 100, 'kind', 'load', 'ref_type', 'load', 'ref_id', g / 100) end
    from generate_series(${from}::int, ${to}::int) g`);
}
const [superAdmin] = (await db.execute(sql`select id from users where role = 3 order by id limit 1`)).rows as { id: number }[];
const { token } = await createApiToken(db, { userId: superAdmin!.id, name: 'bench', now: new Date() });
await db.execute(sql`analyze`);
console.log(JSON.stringify({ token }));
await database.close();
