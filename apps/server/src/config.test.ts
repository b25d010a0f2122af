import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, envNames, loadConfig } from './config.ts';

describe('configuration', () => {
  it('reads the program calendar from the environment, with the spec defaults', () => {
    expect(loadConfig({}).calendar).toEqual({ timeZone: 'UTC', accrualStart: '11-01', accrualEnd: '09-30', redemptionEnd: '10-15' });
    expect(
      loadConfig({
        PROGRAM_TIMEZONE: 'America/Mexico_City',
        PROGRAM_ACCRUAL_START: '01-01',
        PROGRAM_ACCRUAL_END: '11-30',
        PROGRAM_REDEMPTION_END: '12-15',
      }).calendar,
    ).toEqual({ timeZone: 'America/Mexico_City', accrualStart: '01-01', accrualEnd: '11-30', redemptionEnd: '12-15' });
  });

  it('refuses to start with a calendar that cannot work, or a pool size out of range', () => {
    expect(() => loadConfig({ PROGRAM_REDEMPTION_END: '09-01' })).toThrow(/redemption window must end on or after/);
    expect(() => loadConfig({ PROGRAM_TIMEZONE: 'Nowhere/City' })).toThrow(/unknown time zone/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(loadConfig({ DATABASE_POOL_MAX: '8' }).database.poolMax).toBe(8);
  });

  it('runs the celebrations job every 5 minutes unless told, from 30 seconds to 15 minutes (docs/architecture.md A6.17)', () => {
    expect(loadConfig({}).celebrationIntervalMs).toBe(300_000);
    expect(loadConfig({ CELEBRATION_INTERVAL_SECONDS: '60' }).celebrationIntervalMs).toBe(60_000);
    for (const bad of ['10', '901', '1.5', 'soon'])
      expect(() => loadConfig({ CELEBRATION_INTERVAL_SECONDS: bad }), bad).toThrow(/CELEBRATION_INTERVAL_SECONDS/);
  });
});

describe('production and network settings', () => {
  const production = { NODE_ENV: 'production', OIDC_ISSUER: 'https://login.example.com/tenant/v2.0', OIDC_CLIENT_ID: 'rewards' };

  it('refuses production without a secret, or with the published development secret', () => {
    expect(() => loadConfig(production)).toThrow(/SESSION_SECRET .* is required in production/);
    expect(() => loadConfig({ ...production, SESSION_SECRET: 'development-only-secret-do-not-use-in-production' })).toThrow(
      /published development value/,
    );
    const ok = loadConfig({ ...production, SESSION_SECRET: 'a'.repeat(40) });
    expect(ok.session.secret).toBe('a'.repeat(40));
    expect(ok.seedDemoData).toBe(false);
    expect(loadConfig({}).seedDemoData).toBe(true);
  });

  it('refuses the bundled sign-in in production unless allowed', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'b'.repeat(40) })).toThrow(/bundled demo sign-in is refused/);
  });

  it('takes the public address from the port in use unless PUBLIC_URL says otherwise', () => {
    expect(loadConfig({ PORT: '3100' }).publicUrl).toBe('http://localhost:3100');
    expect(loadConfig({ PORT: '3100' }).oidc.issuer).toBe('http://localhost:3100/idp');
    expect(loadConfig({}).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://rewards.example.com/' }).publicUrl).toBe('https://rewards.example.com');
  });

  it('trusts a proxy only when told which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ ...production, SESSION_SECRET: 'c'.repeat(40) }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('10.0.0.2', 1)]).toEqual([true, false]);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('logs JSON unless a person is reading at a terminal outside production, or LOG_FORMAT says', () => {
    // Tests do not run at a terminal.
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(loadConfig({ ...production, SESSION_SECRET: 'd'.repeat(40) }).logFormat).toBe('json');
  });

  it('reads the bootstrap super administrator, in lower case', () => {
    expect(loadConfig({ BOOTSTRAP_SUPER_ADMIN_EMAIL: 'Root@Example.com' }).bootstrapSuperAdminEmail).toBe('root@example.com');
    expect(() => loadConfig({ BOOTSTRAP_SUPER_ADMIN_EMAIL: 'not-an-email' })).toThrow(/BOOTSTRAP_SUPER_ADMIN_EMAIL/);
  });

  it('configures Teams with all three of its variables or none, and reads the photo from Graph with Entra ID', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).teams).toBeNull();
    expect(() => loadConfig({ NODE_ENV: 'test', TEAMS_TENANT_ID: 'contoso', TEAMS_CLIENT_ID: 'app' })).toThrow(
      /TEAMS_TENANT_ID, TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET together/,
    );
    expect(() => loadConfig({ NODE_ENV: 'test', TEAMS_TENANT_ID: 'a/b', TEAMS_CLIENT_ID: 'x', TEAMS_CLIENT_SECRET: 'y' })).toThrow(
      /TEAMS_TENANT_ID/,
    );
    const teams = loadConfig({
      NODE_ENV: 'test',
      TEAMS_TENANT_ID: 'contoso.onmicrosoft.com',
      TEAMS_CLIENT_ID: 'app',
      TEAMS_CLIENT_SECRET: 's',
    }).teams;
    expect(teams).toMatchObject({
      tokenUrl: 'https://login.microsoftonline.com/contoso.onmicrosoft.com/oauth2/v2.0/token',
      graphUrl: 'https://graph.microsoft.com',
      appId: null,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).graphPhoto).toBe(false);
    const entra = { NODE_ENV: 'test', OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0', OIDC_CLIENT_ID: 'c' };
    expect(loadConfig(entra).graphPhoto).toBe(true);
    expect(loadConfig({ ...entra, OIDC_GRAPH_PHOTO: 'false' }).graphPhoto).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', GRAPH_URL: 'http://127.0.0.1:9/' }).graphUrl).toBe('http://127.0.0.1:9');
  });
});

describe('.env.example', () => {
  const example = fs.readFileSync(path.resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
  const listed = [...example.matchAll(/^(# )?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({ name: m[2]!, value: m[3]!, commented: !!m[1] }));

  it('lists every variable config.ts reads, and only those', () => {
    // A read outside the schema would escape envNames: every `e.NAME` / `env.NAME` of the source is one of them.
    const source = fs.readFileSync(path.join(import.meta.dirname, 'config.ts'), 'utf8');
    const read = [...source.matchAll(/\b(?:e|env)(?:\.|\[')([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!);
    expect(read.filter((name) => !envNames.includes(name))).toEqual([]);
    const names = listed.map((v) => v.name);
    expect(envNames.filter((name) => !names.includes(name))).toEqual([]);
    expect(names.filter((name) => !envNames.includes(name))).toEqual([]);
  });

  it('shows the defaults: its uncommented values change nothing', () => {
    const values = Object.fromEntries(listed.filter((v) => !v.commented).map((v) => [v.name, v.value.replace(/^"(.*)"$/, '$1')]));
    expect(Object.keys(values).length).toBeGreaterThan(10);
    expect(loadConfig(values)).toEqual(loadConfig({}));
  });
});

describe('a refused setting at start', () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  /** The server's entry as `npm run dev` starts it, with the environment given (nothing else of the test's). */
  const start = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'rs-config-')), LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    }).catch((e: unknown) => e as { code: number; stdout: string; stderr: string });

  it('is a ConfigError, whatever the setting', () => {
    expect(() => loadConfig({ PROGRAM_TIMEZONE: 'Nowhere/City' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'b'.repeat(40) })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
  });

  it.each([
    [{ PROGRAM_TIMEZONE: 'Nowhere/City' }, 'Invalid configuration:\n  Program calendar: unknown time zone "Nowhere/City"'],
    [
      { NODE_ENV: 'production', SESSION_SECRET: 'b'.repeat(40) },
      'OIDC_ISSUER is not set: the bundled demo sign-in is refused in production (set ALLOW_BUNDLED_SIGN_IN=true to allow it).',
    ],
    [{ PORT: 'eighty' }, /^Invalid configuration:\n {2}PORT: .+$/],
  ])(
    '%o prints only its message and exits 1',
    async (env, message) => {
      const refused = (await start(env)) as { code: number; stdout: string; stderr: string };
      expect(refused.code).toBe(1);
      const printed = refused.stderr.trim();
      if (typeof message === 'string') expect(printed).toBe(message);
      else expect(printed).toMatch(message);
      // Neither Node's stack nor the source line of the `throw` (with its caret) beside it.
      expect(printed).not.toMatch(/^\s+at /m);
      expect(printed).not.toContain('throw new');
      expect(printed).not.toContain('^');
      expect(refused.stdout).toBe('');
    },
    90_000,
  );
});
