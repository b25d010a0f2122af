import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { inArray, sql } from 'drizzle-orm';
import * as s from '../db/schema/index.ts';
import { pickLanguage } from '../lib/language.ts';
import type { ServerContext } from '../server-context.ts';
import { escapeHtml } from '../lib/html.ts';

interface DirectoryEntry {
  email: string;
  name: string;
  lastName: string | null;
}

type AccountKind = 'shopper' | 'store' | 'admin' | 'super';

/**
 * The demo directory the composition root hands the provider: the accounts its page lists (with the kind
 * each shows), employees it knows who have no account yet, and the portrait of an e-mail when one exists.
 */
export interface IdpDirectory {
  listed: readonly (DirectoryEntry & { kind: AccountKind })[];
  directoryOnly: readonly DirectoryEntry[];
  picture(email: string): string | undefined;
}

const pageText = {
  es: {
    title: 'Inicio de sesión de demostración',
    intro: 'Proveedor de identidad incluido para probar Rewards Store sin la cuenta corporativa. Elige una cuenta:',
    other: 'Otra cuenta registrada',
    email: 'Correo electrónico',
    submit: 'Iniciar sesión',
    unknown: 'No existe ninguna cuenta con ese correo en el directorio de demostración.',
    kinds: {
      shopper: 'Comprador con puntos',
      store: 'Cuenta de tienda',
      admin: 'Administrador de la primera tienda',
      super: 'Super administrador',
      new: 'Primer inicio de sesión',
    },
  },
  en: {
    title: 'Demo sign-in',
    intro: 'Bundled identity provider to try Rewards Store without the corporate account. Choose an account:',
    other: 'Another registered account',
    email: 'E-mail',
    submit: 'Sign in',
    unknown: 'There is no account with that e-mail in the demo directory.',
    kinds: {
      shopper: 'Shopper with points',
      store: 'Store account',
      admin: 'Administrator of the first store',
      super: 'Super administrator',
      new: 'First sign-in',
    },
  },
} as const;

/**
 * The bundled development identity provider (`oidc-provider`) at /idp, used when no corporate issuer
 * is configured: the real authorization code + PKCE flow, offline. Its directory is the users table
 * plus a few employees who have never used the store.
 */
export async function idpPlugin(app: FastifyInstance, opts: { deps: ServerContext; directory: IdpDirectory }) {
  const { db, config } = opts.deps;
  const { listed: demoAccounts, directoryOnly: directoryOnlyAccounts } = opts.directory;
  if (!config.oidc.bundled) return;

  async function lookup(email: string): Promise<DirectoryEntry | undefined> {
    const key = email.trim().toLowerCase();
    const [user] = await db
      .select({ email: s.users.email, name: s.users.name, lastName: s.users.lastName })
      .from(s.users)
      .where(sql`lower(${s.users.email}) = ${key}`);
    return user ?? directoryOnlyAccounts.find((a) => a.email === key);
  }

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const providerConfig: Configuration = {
    clients: [
      {
        client_id: config.oidc.clientId,
        client_secret: config.oidc.clientSecret,
        redirect_uris: [`${config.publicUrl}/api/auth/callback`],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'bundled', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: [config.session.secret] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 8 * 3600, Grant: 8 * 3600 },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture'] },
    interactions: { url: (_ctx, interaction) => `/idp/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const entry = await lookup(sub);
      if (!entry) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: entry.email.toLowerCase(),
          email_verified: true,
          name: [entry.name, entry.lastName].filter(Boolean).join(' '),
          given_name: entry.name,
          family_name: entry.lastName ?? undefined,
          // The demo directory's photo, when one was drawn for this account.
          picture: opts.directory.picture(entry.email),
        }),
      };
    },
    // First-party client: consent is implied.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const accountId = ctx.oidc.session!.accountId!;
      const clientId = ctx.oidc.client!.clientId;
      const existing = ctx.oidc.session!.grantIdFor(clientId);
      if (existing) {
        const grant = await ctx.oidc.provider.Grant.find(existing);
        if (grant) return grant;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><meta charset="utf-8"><title>Error</title><h1>${escapeHtml(String(out.error))}</h1><p>${escapeHtml(String(out.error_description ?? ''))}</p><p><a href="/login">Rewards Store</a></p>`;
    },
  };
  const provider = new Provider(config.oidc.issuer, providerConfig);
  provider.proxy = config.production;
  const callback = provider.callback();

  // The provider's own endpoints: Fastify hands the raw request over, body unread.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/idp'.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all('/idp', handler);
    scope.all('/idp/*', handler);
  });

  // The sign-in page (our interaction), listing the demo accounts.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    async function page(request: FastifyRequest, uid: string, error?: string) {
      const t = pageText[pickLanguage(request.headers['accept-language'])];
      const emails = demoAccounts.map((a) => a.email);
      const users = await db
        .select({ email: s.users.email, name: s.users.name, lastName: s.users.lastName })
        .from(s.users)
        .where(inArray(s.users.email, emails));
      const entries = [
        ...demoAccounts.map((a) => ({ ...a, ...users.find((u) => u.email === a.email), label: t.kinds[a.kind] })),
        ...directoryOnlyAccounts.map((a) => ({ ...a, label: t.kinds.new })),
      ];
      const action = `/idp/interaction/${encodeURIComponent(uid)}/login`;
      const buttons = entries
        .map(
          (e) =>
            `<form method="post" action="${action}"><input type="hidden" name="email" value="${escapeHtml(e.email)}"><button type="submit" class="account"><strong>${escapeHtml([e.name, e.lastName].filter(Boolean).join(' '))}</strong><span>${escapeHtml(e.email)}</span><em>${escapeHtml(e.label)}</em></button></form>`,
        )
        .join('');
      return `<!doctype html><html lang="${t === pageText.es ? 'es' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:30rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.3rem;margin:0 0 .5rem}p{color:#4b5563}form{margin:.5rem 0}.account{width:100%;text-align:left;border:1px solid #d1d5db;border-radius:8px;padding:.75rem 1rem;background:#fff;cursor:pointer;display:grid;gap:.15rem;font:inherit}.account:hover,.account:focus{border-color:#4f46e5;outline:2px solid #c7d2fe}.account span{color:#4b5563;font-size:.9rem}.account em{color:#4338ca;font-size:.8rem;font-style:normal}label{display:block;margin-top:1.25rem;font-weight:600}input[type=email]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #9ca3af;border-radius:8px;font:inherit;margin:.4rem 0}.submit{background:#4338ca;color:#fff;border:0;border-radius:8px;padding:.6rem 1.2rem;font:inherit;cursor:pointer}.error{background:#fef2f2;color:#991b1b;padding:.6rem;border-radius:8px}</style></head>
<body><main><h1>${t.title}</h1><p>${t.intro}</p>${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}${buttons}
<form method="post" action="${action}"><label for="email">${t.other}</label><input id="email" name="email" type="email" required autocomplete="email" placeholder="${t.email}"><button class="submit" type="submit">${t.submit}</button></form></main></body></html>`;
    }

    scope.get<{ Params: { uid: string } }>('/idp/interaction/:uid', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      reply
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(await page(request, details.uid));
    });

    scope.post<{ Params: { uid: string }; Body: { email?: string } }>(
      '/idp/interaction/:uid/login',
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        const entry = await lookup(String(request.body?.email ?? ''));
        if (!entry) {
          const t = pageText[pickLanguage(request.headers['accept-language'])];
          return reply
            .status(400)
            .type('text/html')
            .send(await page(request, details.uid, t.unknown));
        }
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: entry.email.toLowerCase() } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });
}
