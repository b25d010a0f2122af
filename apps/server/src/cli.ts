import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError, openDatabase } from './db/client.ts';
import { prepareDatabase } from './seed/prepare.ts';
import { systemClock } from './lib/clock.ts';
import { AppError } from './lib/app-error.ts';
import { createApiToken, listApiTokens, revokeApiToken, revokeUserSessions } from './modules/auth/auth.service.ts';
import { findUserByEmail, setUserRole } from './modules/users/users.service.ts';
import { runCelebrations, type CelebrationRun } from './modules/celebrations/job.service.ts';
import { createConnection } from './modules/directory/connections.service.ts';
import { directoryOfficeAttributes, type DirectoryOfficeAttribute } from '@rewards/shared/directory';
import { INT32_MAX } from '@rewards/shared/common';
import { roleValues } from '@rewards/shared/enums';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, type ApiToken } from '@rewards/shared/users';

const usage = `Rewards Store operator commands

  npm run admin -- token --email E [--name NAME] [--days N]
                                                   print a new personal API token for that user
                                                   (expires in N days: default ${API_TOKEN_DEFAULT_DAYS}, at most ${API_TOKEN_MAX_DAYS})
  npm run admin -- tokens --email E                list that user's tokens (id, name, prefix, created,
                                                   last used, expires, revoked); never the secret
  npm run admin -- revoke --id N                   revoke the personal API token with that id
  npm run admin -- role --email E --role 1|2|3 [--stores 1,2]
                                                   set a user's role (and administered stores)
  npm run admin -- scim-token --name NAME [--days N] [--office organization|division|costCenter|office]
                                                   print the bearer token of a new SCIM connection for a
                                                   company directory (Entra ID, Okta), and its URL; the
                                                   office is read from that enterprise attribute, or
                                                   from our extension's "office" (default organization)
  npm run admin -- celebrations [--at ISO-INSTANT]
                                                   run the celebrations job (birthdays, anniversaries, first
                                                   days, managers' heads-ups, expiry reminders) as if the clock
                                                   read that instant (default: now) and print what it did;
                                                   each happens once, so a second run does nothing

Uses DATABASE_URL when set, else the embedded database under DATA_DIR (./data).`;

const commands = ['token', 'tokens', 'revoke', 'role', 'celebrations', 'scim-token'] as const;
type Command = (typeof commands)[number];

async function run(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      days: { type: 'string' },
      id: { type: 'string' },
      role: { type: 'string' },
      stores: { type: 'string' },
      at: { type: 'string' },
      office: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0] as Command | undefined;
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  if (!commands.includes(command)) {
    console.error(`Unknown command "${command}".\n\n${usage}`);
    return 2;
  }
  const office = (values.office ?? 'organization') as DirectoryOfficeAttribute;
  if (command === 'scim-token' && (!values.name?.trim() || values.name.trim().length > 80)) {
    console.error('--name is required: the directory the connection is for, at most 80 characters (e.g. "Entra ID").');
    return 2;
  }
  if (!directoryOfficeAttributes.includes(office)) {
    console.error(`--office must be one of ${directoryOfficeAttributes.join(', ')}.`);
    return 2;
  }
  if (command !== 'revoke' && command !== 'celebrations' && command !== 'scim-token' && !values.email) {
    console.error('--email is required.');
    return 2;
  }
  const tokenId = Number(values.id);
  if (command === 'revoke' && !(Number.isInteger(tokenId) && tokenId > 0 && tokenId <= INT32_MAX)) {
    console.error('--id must be the id of a token, as `tokens --email E` lists it.');
    return 2;
  }
  const at = values.at === undefined ? null : new Date(values.at);
  if (at && (!/^\d{4}-\d{2}-\d{2}T/.test(values.at!) || Number.isNaN(at.getTime()))) {
    console.error('--at must be an ISO instant, e.g. 2026-07-20T14:00:00Z');
    return 2;
  }
  const days = values.days === undefined ? API_TOKEN_DEFAULT_DAYS : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > API_TOKEN_MAX_DAYS) {
    console.error(`--days must be a whole number from 1 to ${API_TOKEN_MAX_DAYS}.`);
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

  let config;
  try {
    config = loadConfig();
  } catch (err) {
    // A refused setting is the operator's to fix: its message alone, no stack.
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return 1;
  }
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
    // The same preparation as the server: demo data only outside production.
    await prepareDatabase(database.db, config);
    const now = systemClock.now();
    if (command === 'celebrations') {
      const instant = at ?? now;
      const run = await runCelebrations(database.db, { now: instant, calendar: config.calendar });
      console.log(celebrationReport(run, instant));
      return 0;
    }
    if (command === 'scim-token') {
      const scimUrl = `${config.publicUrl}/scim/v2`;
      const created = await createConnection(database.db, {
        name: values.name!.trim(),
        days,
        officeAttribute: office,
        createdBy: null,
        now,
        scimUrl,
      });
      console.log(created.token);
      console.error(
        `SCIM connection ${created.id} "${created.name}": base URL ${scimUrl}, expires ${created.expiresAt} (the token is shown once; revoke it on /admin/directory).`,
      );
      return 0;
    }
    if (command === 'revoke') {
      const revoked = await revokeApiToken(database.db, { tokenId, now }).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
        throw err;
      });
      if (!revoked) {
        console.error(`No token with id ${tokenId}.`);
        return 1;
      }
      console.log(`Token ${revoked.id} (${revoked.name}, ${revoked.prefix}…) revoked at ${revoked.revokedAt}.`);
      return 0;
    }
    const user = await findUserByEmail(database.db, values.email!);
    if (!user) {
      console.error(`No user with e-mail ${values.email}. Users are created at their first sign-in.`);
      return 1;
    }
    if (command === 'token') {
      const created = await createApiToken(database.db, { userId: user.id, name: values.name ?? 'cli', now, days });
      console.log(created.token);
      console.error(
        `Token ${created.id} for ${user.email}, expires ${created.expiresAt} (shown once; use it as "Authorization: Bearer <token>").`,
      );
    } else if (command === 'tokens') {
      const tokens = await listApiTokens(database.db, user.id);
      if (!tokens.length) console.error(`${user.email} has no personal API tokens.`);
      else console.log(tokenTable(tokens, now));
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

/**
 * What a run of the celebrations job did. The live feed hears of new celebrations from a server's own run
 * only; this one's appear on the next page load.
 */
function celebrationReport(r: CelebrationRun, at: Date): string {
  return [
    `Celebrations job at ${at.toISOString()}:`,
    `  celebrations: ${r.celebrations} (${r.feed.length} in the feed), ${r.credited} points credited`,
    `  managers' heads-ups: ${r.headsUps}`,
    `  expiry reminders: ${r.reminders}`,
  ].join('\n');
}

/** The tokens as a plain text table, one a line, with their state. */
function tokenTable(tokens: ApiToken[], now: Date): string {
  const state = (t: ApiToken) => (t.revokedAt ? 'revoked' : new Date(t.expiresAt) <= now ? 'expired' : 'active');
  const rows = [
    ['id', 'name', 'prefix', 'created', 'last used', 'expires', 'revoked', 'state'],
    ...tokens.map((t) => [String(t.id), t.name, t.prefix, t.createdAt, t.lastUsedAt ?? '-', t.expiresAt, t.revokedAt ?? '-', state(t)]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err.message);
    process.exit(1);
  },
);
