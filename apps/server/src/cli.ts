import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { systemClock } from './lib/clock.ts';
import { createApiToken, revokeUserSessions } from './modules/auth/auth.service.ts';
import { findUserByEmail, setUserRole } from './modules/users/users.service.ts';
import { roleValues } from '@rewards/shared/enums';

const usage = `Rewards Store operator commands

  npm run admin -- token --email E [--name NAME]     print a new personal API token for that user
  npm run admin -- role --email E --role 1|2|3 [--stores 1,2]
                                                   set a user's role (and administered stores)

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (./data).`;

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      stores: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  if (command !== 'token' && command !== 'role') {
    console.error(`Unknown command "${command}".\n\n${usage}`);
    return 2;
  }
  if (!values.email) {
    console.error('--email is required.');
    return 2;
  }
  const role = Number(values.role);
  if (command === 'role' && !roleValues.includes(role as never)) {
    console.error('--role must be 1 (user), 2 (administrator) or 3 (super administrator).');
    return 2;
  }
  const stores = values.stores ? values.stores.split(',').map((v) => Number(v.trim())) : [];
  if (stores.some((n) => !Number.isInteger(n) || n <= 0)) {
    console.error('--stores must be a comma-separated list of store ids, e.g. 1,2');
    return 2;
  }

  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(config.database);
  } catch (err) {
    if (err instanceof DatabaseLockedError) {
      console.error(`${err.message}\nNothing was changed.`);
      return 1;
    }
    throw err;
  }
  try {
    await seedIfEmpty(database.db, { uploadsDir: config.uploadsDir, images: true });
    const user = await findUserByEmail(database.db, values.email);
    if (!user) {
      console.error(`No user with e-mail ${values.email}. Users are created at their first sign-in.`);
      return 1;
    }
    const now = systemClock.now();
    if (command === 'token') {
      const { token } = await createApiToken(database.db, { userId: user.id, name: values.name ?? 'cli', now });
      console.log(token);
      console.error(`Token for ${user.email} (shown once; use it as "Authorization: Bearer <token>").`);
    } else {
      await setUserRole(database.db, { userId: user.id, actorId: null, update: { role: role as 1 | 2 | 3, adminStores: stores }, now });
      await revokeUserSessions(database.db, user.id, now);
      console.log(
        `${user.email} now has role ${role}${stores.length ? ` for stores ${stores.join(', ')}` : ''}; their sessions were ended.`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
