import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-cli-'));
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// The CLI on the embedded database: the path a new operator takes. (On PostgreSQL it runs the same code.)
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

  it('explains its usage and refuses bad arguments', async () => {
    const bad = await cli('role', '--email', 'ana@rewards.test', '--role', '9').catch((e: { code: number; stderr: string }) => e);
    expect((bad as { code: number }).code).toBe(2);
    expect((bad as { stderr: string }).stderr).toContain('--role must be 1');
    const help = await cli('--help');
    expect(help.stdout).toContain('npm run admin -- token --email E');
  });
});
