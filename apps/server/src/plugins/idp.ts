import { generateKeyPairSync } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { errors as oidcErrors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { textSchema } from '@rewards/shared/common';
import type { Language } from '@rewards/shared/enums';
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

/** The longest e-mail address there is (RFC 5321's path limit); the sign-in form refuses longer ones. */
const EMAIL_MAX = 254;

/**
 * The sign-in form's one field, from the shared primitives (trimmed, bounded, never a NUL byte, an e-mail).
 * Every button of the page and the typed field post the same `email`; nothing else is accepted.
 */
const signInFormSchema = z.object({ email: textSchema(EMAIL_MAX, 1).pipe(z.email()) }).strict();

const pageText = {
  es: {
    title: 'Inicio de sesión de demostración',
    intro: 'Proveedor de identidad incluido para probar Rewards Store sin la cuenta corporativa. Elige una cuenta:',
    other: 'Otra cuenta registrada',
    email: 'Correo electrónico',
    submit: 'Iniciar sesión',
    unknown: 'No existe ninguna cuenta con ese correo en el directorio de demostración.',
    production: {
      title: 'Iniciar sesión',
      intro: 'Inicio de sesión incluido en Rewards Store: escribe el correo de tu cuenta.',
      unknown: 'No existe ninguna cuenta con ese correo.',
    },
    required: 'Escribe el correo de tu cuenta.',
    invalid: 'Escribe un correo electrónico válido, por ejemplo nombre@empresa.com.',
    tooLong: `El correo es demasiado largo: como máximo ${EMAIL_MAX} caracteres.`,
    unreadable: 'No se pudo leer el formulario. Escribe tu correo y vuelve a intentarlo.',
    expired: {
      title: 'El inicio de sesión caducó',
      text: 'Esta página de inicio de sesión ya no es válida: caducó o se abrió fuera del flujo de la tienda.',
      again: 'Volver a iniciar sesión',
    },
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
    production: {
      title: 'Sign in',
      intro: "Rewards Store's bundled sign-in: type the e-mail of your account.",
      unknown: 'There is no account with that e-mail.',
    },
    required: 'Type the e-mail of your account.',
    invalid: 'Type a valid e-mail address, such as name@company.com.',
    tooLong: `The e-mail is too long: at most ${EMAIL_MAX} characters.`,
    unreadable: 'The form could not be read. Type your e-mail and try again.',
    expired: {
      title: 'The sign-in has expired',
      text: 'This sign-in page is no longer valid: it expired, or it was opened outside the store’s sign-in.',
      again: 'Sign in again',
    },
    kinds: {
      shopper: 'Shopper with points',
      store: 'Store account',
      admin: 'Administrator of the first store',
      super: 'Super administrator',
      new: 'First sign-in',
    },
  },
} as const;

type PageText = (typeof pageText)[Language];

/**
 * What is wrong with the form, in the reader's words: a field it does not have is a form it cannot read; no
 * e-mail (or only spaces) is required; a longer one than there can be is too long; anything else (a NUL
 * byte, a list, a number, no address) is not a valid e-mail.
 */
function formProblem(t: PageText, body: unknown, issues: z.ZodError['issues']): string {
  if (issues.some((i) => i.code === 'unrecognized_keys')) return t.unreadable;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return t.invalid;
  const sent = (body as { email?: unknown }).email;
  if (sent === undefined || (typeof sent === 'string' && sent.trim() === '')) return t.required;
  if (typeof sent === 'string' && sent.trim().length > EMAIL_MAX) return t.tooLong;
  return t.invalid;
}

/** Body parsing failures of the form (size, type, syntax): the page again, with the same status. */
const unreadableBody = new Set([
  'FST_ERR_CTP_BODY_TOO_LARGE',
  'FST_ERR_CTP_INVALID_MEDIA_TYPE',
  'FST_ERR_CTP_INVALID_JSON_BODY',
  'FST_ERR_CTP_EMPTY_JSON_BODY',
  'FST_ERR_CTP_INVALID_CONTENT_LENGTH',
]);

/**
 * A form body as its fields: a field sent twice is a list (a wrong type for the form), never its last value.
 */
function formFields(body: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const known = fields[key];
    fields[key] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
  }
  return fields;
}

/**
 * The bundled identity provider (`oidc-provider`) at /idp, used when no corporate issuer is configured: the
 * real authorization code + PKCE flow, offline. Outside production its page lists the demo directory's
 * accounts that exist in the database and the employees it knows who have none yet; in production
 * (ALLOW_BUNDLED_SIGN_IN) it lists nobody and knows only the database's users: a plain e-mail field
 * (decision 0046). Its cookies are Secure in production, like the session's (docs/architecture.md A5).
 */
export async function idpPlugin(app: FastifyInstance, opts: { deps: ServerContext; directory: IdpDirectory }) {
  const { db, config } = opts.deps;
  if (!config.oidc.bundled) return;
  const demo = !config.production;
  const demoAccounts = demo ? opts.directory.listed : [];
  const directoryOnlyAccounts = demo ? opts.directory.directoryOnly : [];

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
    // `_interaction`, `_interaction_resume` and `_session` (and their signatures): HttpOnly, SameSite=Lax, and
    // Secure in production, as the session's own cookie (the provider marks them Secure on an HTTPS request, below).
    cookies: {
      keys: [config.session.secret],
      long: { httpOnly: true, sameSite: 'lax', secure: config.production },
      short: { httpOnly: true, sameSite: 'lax', secure: config.production },
    },
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
          picture: demo ? opts.directory.picture(entry.email) : undefined,
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

  /**
   * In production every request reaches the provider as HTTPS (the session cookie already needs it there):
   * behind a TLS proxy that does not say so, or in-process, its cookies would otherwise go without Secure.
   */
  function asSeen(raw: FastifyRequest['raw']) {
    if (config.production) raw.headers['x-forwarded-proto'] = 'https';
    return raw;
  }

  // The provider's own endpoints: Fastify hands the raw request over, body unread.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = asSeen(request.raw) as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice('/idp'.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all('/idp', handler);
    scope.all('/idp/*', handler);
  });

  // The sign-in page (our interaction).
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, formFields(body as string));
    });

    const textOf = (request: FastifyRequest) => {
      const lang = pickLanguage(request.headers['accept-language']);
      return { lang, t: pageText[lang] };
    };

    async function page(request: FastifyRequest, uid: string, problem?: { error: string; email?: string }) {
      const { lang, t } = textOf(request);
      const texts = demo ? t : { ...t, ...t.production };
      const emails = demoAccounts.map((a) => a.email.toLowerCase());
      // Only accounts that exist: a demo account missing from the database could not sign in.
      const users = emails.length
        ? await db
            .select({ email: s.users.email, name: s.users.name, lastName: s.users.lastName })
            .from(s.users)
            .where(inArray(sql`lower(${s.users.email})`, emails))
        : [];
      const entries = [
        ...demoAccounts.flatMap((a) => {
          const user = users.find((u) => u.email.toLowerCase() === a.email.toLowerCase());
          return user ? [{ ...user, label: t.kinds[a.kind] }] : [];
        }),
        ...directoryOnlyAccounts.map((a) => ({ ...a, label: t.kinds.new })),
      ];
      const action = `/idp/interaction/${encodeURIComponent(uid)}/login`;
      const buttons = entries
        .map(
          (e) =>
            `<form method="post" action="${action}"><input type="hidden" name="email" value="${escapeHtml(e.email)}"><button type="submit" class="account"><strong>${escapeHtml([e.name, e.lastName].filter(Boolean).join(' '))}</strong><span>${escapeHtml(e.email)}</span><em>${escapeHtml(e.label)}</em></button></form>`,
        )
        .join('');
      const typed = problem?.email ? ` value="${escapeHtml(problem.email)}"` : '';
      const invalid = problem ? ' aria-invalid="true" aria-describedby="sign-in-error"' : '';
      return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${texts.title}</title>
<style>${style}</style></head>
<body><main><h1>${texts.title}</h1><p>${texts.intro}</p>${problem ? `<p class="error" role="alert" id="sign-in-error">${escapeHtml(problem.error)}</p>` : ''}${buttons}
<form method="post" action="${action}"><label for="email">${entries.length ? t.other : t.email}</label><input id="email" name="email" type="email" required maxlength="${EMAIL_MAX}" autocomplete="email" placeholder="${t.email}"${typed}${invalid}><button class="submit" type="submit">${t.submit}</button></form></main></body></html>`;
    }

    /** The page when its sign-in is gone (expired, or opened without the provider's cookie): where to start again. */
    function expiredPage(request: FastifyRequest) {
      const { lang, t } = textOf(request);
      return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.expired.title}</title>
<style>${style}</style></head>
<body><main><h1>${t.expired.title}</h1><p role="alert">${t.expired.text}</p><p><a class="submit" href="/login">${t.expired.again}</a></p></main></body></html>`;
    }

    /** The page again with a problem and the status that goes with it; the expired page when the sign-in is gone. */
    async function refuse(request: FastifyRequest, reply: FastifyReply, status: number, problem: { error: string; email?: string }) {
      reply.header('cache-control', 'no-store').type('text/html');
      let uid: string;
      try {
        uid = (await provider.interactionDetails(request.raw, reply.raw)).uid;
      } catch (err) {
        if (!(err instanceof oidcErrors.SessionNotFound)) throw err;
        return reply.status(400).send(expiredPage(request));
      }
      return reply.status(status).send(await page(request, uid, problem));
    }

    // Anything the form cannot be read as, and a sign-in that is gone, answer a page: never JSON, never a 500.
    scope.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error instanceof oidcErrors.SessionNotFound) {
        return reply.status(400).header('cache-control', 'no-store').type('text/html').send(expiredPage(request));
      }
      if (error.code && unreadableBody.has(error.code)) {
        return refuse(request, reply, error.statusCode ?? 400, { error: textOf(request).t.unreadable });
      }
      throw error;
    });

    scope.get<{ Params: { uid: string } }>('/idp/interaction/:uid', async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      reply
        .header('cache-control', 'no-store')
        .type('text/html')
        .send(await page(request, details.uid));
    });

    scope.post<{ Params: { uid: string }; Body: unknown }>(
      '/idp/interaction/:uid/login',
      { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const { t } = textOf(request);
        // The page's form (and JSON, for scripts); anything else is not this form.
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json')
          return refuse(request, reply, 415, { error: t.unreadable });
        const body = request.body ?? {};
        const form = signInFormSchema.safeParse(body);
        if (!form.success) {
          const sent = (body as { email?: unknown } | null)?.email;
          // What was typed comes back in the field when it can be shown as it is.
          const email = typeof sent === 'string' && sent.length <= EMAIL_MAX && !sent.includes('\u0000') ? sent : undefined;
          return refuse(request, reply, 400, { error: formProblem(t, body, form.error.issues), email });
        }
        const entry = await lookup(form.data.email);
        if (!entry) return refuse(request, reply, 400, { error: demo ? t.unknown : t.production.unknown, email: form.data.email });
        // A sign-in that is gone is the expired page (the error handler above), before the answer is taken over.
        await provider.interactionDetails(request.raw, reply.raw);
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

const style =
  'body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:30rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.3rem;margin:0 0 .5rem}p{color:#4b5563}form{margin:.5rem 0}.account{width:100%;text-align:left;border:1px solid #d1d5db;border-radius:8px;padding:.75rem 1rem;background:#fff;cursor:pointer;display:grid;gap:.15rem;font:inherit}.account:hover,.account:focus{border-color:#4f46e5;outline:2px solid #c7d2fe}.account span{color:#4b5563;font-size:.9rem}.account em{color:#4338ca;font-size:.8rem;font-style:normal}label{display:block;margin-top:1.25rem;font-weight:600}input[type=email]{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #9ca3af;border-radius:8px;font:inherit;margin:.4rem 0}.submit{display:inline-block;background:#4338ca;color:#fff;border:0;border-radius:8px;padding:.6rem 1.2rem;font:inherit;cursor:pointer;text-decoration:none}.error{background:#fef2f2;color:#991b1b;padding:.6rem;border-radius:8px}';
