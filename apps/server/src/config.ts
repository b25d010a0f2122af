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
  /** Prometheus metrics on their own port (never the public one); unset: no metrics served. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Rewards Store <no-reply@rewards.test>'),
  TEAMS_TENANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'expected the directory (tenant) id or domain')
    .optional(),
  TEAMS_CLIENT_ID: z.string().min(1).optional(),
  TEAMS_CLIENT_SECRET: z.string().min(1).optional(),
  TEAMS_APP_ID: z.string().min(1).optional(),
  TEAMS_TOKEN_URL: z.url().optional(),
  GRAPH_URL: z.url().default('https://graph.microsoft.com'),
  OIDC_GRAPH_PHOTO: z.enum(['true', 'false', '1', '0', 'auto']).default('auto'),
  MAIL_INTERVAL_SECONDS: z.coerce.number().positive().max(3600).default(5),
  MAIL_LEASE_SECONDS: z.coerce.number().int().min(35).max(3600).default(120),
  CELEBRATION_INTERVAL_SECONDS: z.coerce.number().int().min(30).max(900).default(300),
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
  TEST_CLOCK_ROUTES: boolish,
  SUPPORT_CONTACT: z.string().max(500).optional(),
});

/** Every environment variable the server reads: .env.example lists each one (config.test.ts checks). */
export const envNames = Object.keys(envSchema.shape);

export type Config = ReturnType<typeof loadConfig>;

/**
 * A setting the server refuses to start with: its message says which and why, and is all an operator needs.
 * main.ts and cli.ts print it alone and exit 1, with no stack and no source line.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

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
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: expected true, a number of hops, or a list of addresses/CIDR ranges, got "${v}"`,
    );
  }
  return list.join(',');
}

/**
 * SUPPORT_CONTACT: where people turn when they cannot sign in (an inactive user, a wrong IS): an e-mail
 * address (shown as a mailto: link) or an http(s) address. Anything else refuses to start.
 */
export function parseSupportContact(value: string | undefined): { kind: 'email' | 'url'; value: string; href: string } | null {
  const v = value?.trim() ?? '';
  if (v === '') return null;
  const email = v.replace(/^mailto:/i, '');
  if (!email.includes('/') && z.email().safeParse(email).success) return { kind: 'email', value: email, href: `mailto:${email}` };
  let url: URL | null;
  try {
    url = new URL(v);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ConfigError(`Invalid configuration:\n  SUPPORT_CONTACT: expected an e-mail address or an http(s) URL, got "${v}"`);
  }
  return { kind: 'url', value: v, href: url.href };
}

/** The only reader of process.env (docs/architecture.md A7). */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const bundledIdp = !e.OIDC_ISSUER;
  if (production && bundledIdp && !e.ALLOW_BUNDLED_SIGN_IN) {
    throw new ConfigError(
      'OIDC_ISSUER is not set: the bundled demo sign-in is refused in production (set ALLOW_BUNDLED_SIGN_IN=true to allow it).',
    );
  }
  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET (at least 32 characters) is required in production.');
  }
  if (production && e.SESSION_SECRET === DEV_SECRET) {
    throw new ConfigError('SESSION_SECRET is the published development value: set a secret of your own (e.g. `openssl rand -base64 48`).');
  }
  if (production && e.TEST_CLOCK_ROUTES) {
    throw new ConfigError('TEST_CLOCK_ROUTES moves the server clock for the browser journeys: it is refused in production.');
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('METRICS_PORT must not be the public PORT: metrics are never public (decision 0034).');
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_ID) {
    throw new ConfigError('OIDC_CLIENT_ID is required when OIDC_ISSUER is set.');
  }
  const teamsVars = [e.TEAMS_TENANT_ID, e.TEAMS_CLIENT_ID, e.TEAMS_CLIENT_SECRET];
  if (teamsVars.some(Boolean) && !teamsVars.every(Boolean)) {
    throw new ConfigError(
      'Teams needs TEAMS_TENANT_ID, TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET together (or none of them: notifications go by e-mail).',
    );
  }
  let calendar: ReturnType<typeof validateCalendar>;
  try {
    calendar = validateCalendar({
      timeZone: e.PROGRAM_TIMEZONE,
      accrualStart: e.PROGRAM_ACCRUAL_START,
      accrualEnd: e.PROGRAM_ACCRUAL_END,
      redemptionEnd: e.PROGRAM_REDEMPTION_END,
    });
  } catch (err) {
    throw new ConfigError(`Invalid configuration:\n  ${(err as Error).message}`);
  }
  const graphUrl = e.GRAPH_URL.replace(/\/$/, '');
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
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
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
    /** Microsoft Graph's address (GRAPH_URL, without the version): Teams notifications and the work photo. */
    graphUrl,
    /**
     * Teams activity feed notifications through Microsoft Graph (docs/decisions/0030-teams-channel.md), with an
     * Entra ID application's client credentials; null when not configured: "Teams" is not offered and
     * notifications go by e-mail.
     */
    teams: e.TEAMS_TENANT_ID
      ? {
          tenantId: e.TEAMS_TENANT_ID,
          clientId: e.TEAMS_CLIENT_ID!,
          clientSecret: e.TEAMS_CLIENT_SECRET!,
          /** The Teams app (installed for the users) whose name the notifications carry; optional. */
          appId: e.TEAMS_APP_ID ?? null,
          tokenUrl: e.TEAMS_TOKEN_URL ?? `https://login.microsoftonline.com/${e.TEAMS_TENANT_ID}/oauth2/v2.0/token`,
          graphUrl,
        }
      : null,
    /**
     * Read the work photo from Microsoft Graph's /me/photo with the sign-in's access token (OIDC_GRAPH_PHOTO;
     * `auto`: when the provider is Entra ID, login.microsoftonline.com). Otherwise the `picture` claim is used.
     */
    graphPhoto:
      e.OIDC_GRAPH_PHOTO === 'auto'
        ? !!e.OIDC_ISSUER && new URL(e.OIDC_ISSUER).hostname === 'login.microsoftonline.com'
        : e.OIDC_GRAPH_PHOTO === 'true' || e.OIDC_GRAPH_PHOTO === '1',
    /** How often each instance looks for due e-mail, and how long a claim keeps the others off a message. */
    mailIntervalMs: e.MAIL_INTERVAL_SECONDS * 1000,
    mailLeaseMs: e.MAIL_LEASE_SECONDS * 1000,
    /**
     * How often each instance runs the celebrations job (docs/architecture.md A6.17): at most 15 minutes, so a
     * celebration is posted within that much of its local hour; every instance runs it, the database's keys
     * make each celebration happen once.
     */
    celebrationIntervalMs: e.CELEBRATION_INTERVAL_SECONDS * 1000,
    /** Program calendar windows (MM-DD in PROGRAM_TIMEZONE); refused at start when they cannot work. */
    calendar,
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
    /**
     * A movable server clock and POST /api/test/clock for the browser journeys (docs/architecture.md A6.19);
     * never in production (refused above).
     */
    testClockRoutes: e.TEST_CLOCK_ROUTES && !production,
    /** Shown on the sign-in page and with the inactive-user message (GET /api/auth/support). */
    supportContact: parseSupportContact(e.SUPPORT_CONTACT),
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../web/dist')),
  };
}
