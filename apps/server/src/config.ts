import { z } from 'zod';
import path from 'node:path';
import { validateCalendar } from './lib/calendar.ts';

const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  UPLOADS_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  REDIS_URL: z.string().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rewards Store <no-reply@rewards.test>'),
  PROGRAM_TIMEZONE: z.string().default('UTC'),
  PROGRAM_ACCRUAL_START: z.string().default('11-01'),
  PROGRAM_ACCRUAL_END: z.string().default('09-30'),
  PROGRAM_REDEMPTION_END: z.string().default('10-15'),
  ALLOW_BUNDLED_SIGN_IN: boolish,
  TRUST_PROXY: z.string().optional(),
  BOOTSTRAP_SUPER_ADMIN_EMAIL: z.email().optional(),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  DEV_ORIGINS: z.string().default('http://localhost:5173'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  BENCH_ROUTES: boolish,
});

export type Config = ReturnType<typeof loadConfig>;

const DEV_SECRET = 'development-only-secret-do-not-use-in-production';

/**
 * TRUST_PROXY: unset or false trusts no proxy (the socket's address is the client's); true trusts
 * every hop; a number trusts that many hops; otherwise a comma-separated list of proxy addresses or
 * CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1).
 */
function parseTrustProxy(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address: string, hop: number) => hop < hops;
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!list.every((x) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(x) || ['loopback', 'linklocal', 'uniquelocal'].includes(x))) {
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: expected true, a number of hops, or a list of addresses/CIDR ranges, got "${v}"`,
    );
  }
  return list.join(',');
}

/** The only reader of process.env (docs/architecture.md A7). */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const bundledIdp = !e.OIDC_ISSUER;
  if (production && bundledIdp && !e.ALLOW_BUNDLED_SIGN_IN) {
    throw new Error(
      'OIDC_ISSUER is not set: the bundled demo sign-in is refused in production (set ALLOW_BUNDLED_SIGN_IN=true to allow it).',
    );
  }
  if (production && !e.SESSION_SECRET) {
    throw new Error('SESSION_SECRET (at least 32 characters) is required in production.');
  }
  if (production && e.SESSION_SECRET === DEV_SECRET) {
    throw new Error('SESSION_SECRET is the published development value: set a secret of your own (e.g. `openssl rand -base64 48`).');
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new Error('OIDC_CLIENT_ID is required when OIDC_ISSUER is set.');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  // By default the address users see is this server's own port on localhost.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    allowedOrigins: [
      new URL(publicUrl).origin,
      ...(production
        ? []
        : e.DEV_ORIGINS.split(',')
            .map((o) => o.trim())
            .filter(Boolean)),
    ],
    dataDir,
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    /** What `openDatabase` needs: PostgreSQL (with its pool size) when DATABASE_URL is set, else PGlite under DATA_DIR. */
    database: { url: e.DATABASE_URL, poolMax: e.DATABASE_POOL_MAX, pgliteDir: e.DATABASE_URL ? undefined : dataDir },
    redisUrl: e.REDIS_URL,
    oidc: e.OIDC_ISSUER
      ? {
          bundled: false as const,
          issuer: e.OIDC_ISSUER,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET,
          scope: 'openid profile email User.Read',
        }
      : {
          bundled: true as const,
          issuer: `${publicUrl}/idp`,
          clientId: 'rewards-store',
          clientSecret: `${e.SESSION_SECRET ?? DEV_SECRET}:idp-client`,
          scope: 'openid profile email',
        },
    session: {
      ttlMs: e.SESSION_TTL_HOURS * 3_600_000,
      idleMs: e.SESSION_IDLE_MINUTES * 60_000,
      secret: e.SESSION_SECRET ?? DEV_SECRET,
      cookieSecure: production,
    },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** Program calendar windows (MM-DD in PROGRAM_TIMEZONE); refused at start when they cannot work. */
    calendar: validateCalendar({
      timeZone: e.PROGRAM_TIMEZONE,
      accrualStart: e.PROGRAM_ACCRUAL_START,
      accrualEnd: e.PROGRAM_ACCRUAL_END,
      redemptionEnd: e.PROGRAM_REDEMPTION_END,
    }),
    logLevel: e.LOG_LEVEL,
    /** Pretty, coloured logs for a person at a terminal in development; JSON lines otherwise. */
    logFormat: e.LOG_FORMAT ?? (!production && process.stdout.isTTY ? 'pretty' : 'json'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Becomes the first super administrator of an empty production database (or of one with none). */
    bootstrapSuperAdminEmail: e.BOOTSTRAP_SUPER_ADMIN_EMAIL?.toLowerCase(),
    /** Demo data (stores, products, demo accounts) fills an empty database only outside production. */
    seedDemoData: !production,
    /** Adds GET /api/bench/ceiling (precomputed bytes from memory) for `npm run bench`. */
    benchRoutes: e.BENCH_ROUTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
