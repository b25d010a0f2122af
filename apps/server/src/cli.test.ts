import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { fixedClock, systemClock } from './lib/clock.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The CLI on the embedded database: the path a new operator takes. (On PostgreSQL it runs the same code.)
// It stays on the demo accounts: its subject is the first run (the CLI itself migrates and seeds an empty
// database in its own process), so there is no test app to make users in beforehand.
describe('operator CLI', () => {
  it('migrates and seeds an empty database, prints a token that works, and sets roles', async () => {
    const { stdout } = await cli('token', '--email', 'Ana@Rewards.test');
    const token = stdout.trim();
    expect(token).toMatch(/^rs_[A-Za-z0-9_-]{40,}$/);
    const role = await cli('role', '--email', 'ana@rewards.test', '--role', '2', '--stores', '2');
    expect(role.stdout).toContain('now has role 2 for stores 2');

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      const app = await buildApp({ config, database, db: database.db, clock: systemClock }, { logger: false });
      const res = await app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ email: 'ana@rewards.test', role: 2, adminStores: [2] });
      await app.close();

      // While another process holds the embedded database, the CLI refuses and changes nothing.
      const locked = await cli('token', '--email', 'ana@rewards.test').then(
        () => null,
        (err: { code: number; stderr: string }) => err,
      );
      expect(locked?.code).toBe(1);
      expect(locked?.stderr).toMatch(/in use by another process \(pid \d+\)/);
      expect(locked?.stderr).toContain('Nothing was changed');
    } finally {
      await database.close();
    }
  }, 90_000);

  // Personal API tokens expire, and an operator lists and revokes them (docs/architecture.md A5, A7).
  it('makes tokens that expire, lists them without their secret, and revokes them', async () => {
    const short = await cli('token', '--email', 'luis@rewards.test', '--name', 'corto', '--days', '1');
    const shortToken = short.stdout.trim();
    const [, shortId, expires] = /Token (\d+) for luis@rewards\.test, expires (\S+)/.exec(short.stderr) ?? [];
    expect(Number(shortId)).toBeGreaterThan(0);
    expect(Math.abs(new Date(expires!).getTime() - (Date.now() + 86_400_000))).toBeLessThan(120_000);
    const long = (await cli('token', '--email', 'luis@rewards.test', '--name', 'integracion')).stdout.trim();
    const doomedRun = await cli('token', '--email', 'luis@rewards.test', '--name', 'revocar');
    const doomed = doomedRun.stdout.trim();
    const doomedId = Number(/Token (\d+) for/.exec(doomedRun.stderr)?.[1]);
    const revoked = await cli('revoke', '--id', String(doomedId));
    expect(revoked.stdout).toMatch(new RegExp(`^Token ${doomedId} \\(revocar, rs_`));

    const listed = (await cli('tokens', '--email', 'luis@rewards.test')).stdout;
    expect(listed).toMatch(/^id\s+name\s+prefix\s+created\s+last used\s+expires\s+revoked\s+state/);
    for (const [name, token] of [
      ['corto', shortToken],
      ['integracion', long],
      ['revocar', doomed],
    ] as const) {
      expect(listed).toContain(name);
      expect(listed).toContain(token.slice(0, 8));
      expect(listed).not.toContain(token);
    }
    const line = (name: string) => listed.split('\n').find((l) => l.includes(name))!;
    expect(line('revocar')).toMatch(new RegExp(`^${doomedId}\\s.*revoked$`));
    expect(line('corto')).toMatch(new RegExp(`^${shortId}\\s.*active$`));

    // Two days later, by the server's clock: the one-day token has expired, the default one (90 days) works.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      const clock = fixedClock(new Date(Date.now() + 2 * 86_400_000));
      const app = await buildApp({ config, database, db: database.db, clock }, { logger: false });
      const status = async (token: string) =>
        (await app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } })).statusCode;
      expect(await status(long)).toBe(200);
      expect(await status(shortToken)).toBe(401);
      expect(await status(doomed)).toBe(401);
      clock.advance(89 * 86_400_000);
      expect(await status(long)).toBe(401);
      await app.close();
    } finally {
      await database.close();
    }

    const refuse = (...args: string[]) => cli(...args).catch((e: { code: number; stderr: string }) => e);
    const tooLong = (await refuse('token', '--email', 'luis@rewards.test', '--days', '366')) as { code: number; stderr: string };
    expect(tooLong.code).toBe(2);
    expect(tooLong.stderr).toContain('--days must be a whole number from 1 to 365');
    expect(((await refuse('token', '--email', 'luis@rewards.test', '--days', '0')) as { code: number }).code).toBe(2);
    expect(((await refuse('revoke')) as { code: number }).code).toBe(2);
    const unknown = (await refuse('revoke', '--id', '999999')) as { code: number; stderr: string };
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No token with id 999999');
  }, 180_000);

  it('explains its usage and refuses bad arguments', async () => {
    const bad = await cli('role', '--email', 'ana@rewards.test', '--role', '9').catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(2);
    expect((bad as { stderr: string }).stderr).toContain('--role must be 1');
    const help = await cli('--help');
    expect(help.stdout).toContain('npm run admin -- token --email E');
    expect(help.stdout).toContain('npm run admin -- tokens --email E');
    expect(help.stdout).toContain('npm run admin -- revoke --id N');
    expect(help.stdout).toContain('npm run admin -- celebrations [--at ISO-INSTANT]');
    expect(help.stdout).toContain('npm run admin -- scim-token --name NAME');
    const badAt = (await cli('celebrations', '--at', 'tomorrow').catch((e: { code: number; stderr: string }) => e)) as {
      code: number;
      stderr: string;
    };
    expect(badAt.code).toBe(2);
    expect(badAt.stderr).toContain('--at must be an ISO instant');
  });

  // A company directory's SCIM connection (docs/architecture.md A6.18): its token opens /scim/v2, and only that.
  it('prints a SCIM connection token that opens /scim/v2 and nothing else, and refuses bad arguments', async () => {
    const { stdout, stderr } = await cli('scim-token', '--name', 'Entra ID', '--days', '30', '--office', 'division');
    const token = stdout.trim();
    expect(token).toMatch(/^rs_scim_[A-Za-z0-9_-]{40,}$/);
    expect(stderr).toContain('/scim/v2');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      const app = await buildApp({ config, database, db: database.db, clock: systemClock }, { logger: false });
      const scim = await app.inject({ method: 'GET', url: '/scim/v2/Users?count=1', headers: { authorization: `Bearer ${token}` } });
      expect(scim.statusCode).toBe(200);
      expect(scim.json().totalResults).toBeGreaterThan(1);
      const api = await app.inject({ method: 'GET', url: '/api/users/profile', headers: { authorization: `Bearer ${token}` } });
      expect(api.statusCode).toBe(401);
      await app.close();
    } finally {
      await database.close();
    }
    for (const [args, message] of [
      [['scim-token'], '--name is required'],
      [['scim-token', '--name', 'X', '--office', 'planet'], '--office must be one of'],
      [['scim-token', '--name', 'X', '--days', '0'], '--days must be a whole number'],
    ] as const) {
      const bad = (await cli(...args).catch((e: { code: number; stderr: string }) => e)) as { code: number; stderr: string };
      expect(bad.code, args.join(' ')).toBe(2);
      expect(bad.stderr).toContain(message);
    }
  }, 90_000);

  // The celebrations job by hand (docs/architecture.md A6.17): as if the clock read --at; a second run changes nothing.
  it('runs the celebrations job at an instant, once', async () => {
    const database = await openDatabase({ pgliteDir: dataDir });
    try {
      await database.db.execute(sql`update users set birthday = '07-20' where email = 'luis@rewards.test'`);
    } finally {
      await database.close();
    }
    // 20 July at 18:00 UTC is past 08:00 on 20 July from UTC-10 to UTC+5, wherever the demo offices are.
    const first = await cli('celebrations', '--at', '2026-07-20T18:00:00Z');
    expect(first.stdout).toContain('Celebrations job at 2026-07-20T18:00:00.000Z:');
    expect(first.stdout).toContain('celebrations: 1 (1 in the feed), 50 points credited');
    const second = await cli('celebrations', '--at', '2026-07-20T18:00:00Z');
    expect(second.stdout).toContain('celebrations: 0 (0 in the feed), 0 points credited');
    expect(second.stdout).toContain("managers' heads-ups: 0");
    expect(second.stdout).toContain('expiry reminders: 0');
  }, 90_000);

  it('refuses a bad setting with its message alone: exit 1, no stack, no source line', async () => {
    const refused = (await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'tokens', '--email', 'ana@rewards.test'], {
      cwd: root,
      env: { ...env, PROGRAM_TIMEZONE: 'Nowhere/City' },
    }).catch((e: unknown) => e)) as { code: number; stdout: string; stderr: string };
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('Invalid configuration:\n  Program calendar: unknown time zone "Nowhere/City"');
    expect(refused.stdout).toBe('');
  });
});
