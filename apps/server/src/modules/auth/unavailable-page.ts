import type { Language } from '@rewards/shared/enums';
import { errorMessage } from '../../lib/language.ts';
import { escapeHtml } from '../../lib/html.ts';

const text = {
  es: { title: 'No se puede iniciar sesión ahora', retry: 'Intentar de nuevo', home: 'Volver a la tienda' },
  en: { title: 'Sign-in is not available right now', retry: 'Try again', home: 'Back to the store' },
} as const;

/** The page a browser gets when the identity provider does not answer (503): what happened, what to do. */
export function identityProviderUnavailablePage(lang: Language, retryHref: string): string {
  const t = text[lang];
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;padding:2rem 1rem;color:#1f2937}main{max-width:30rem;margin:auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.3rem;margin:0 0 .75rem}p{color:#374151}.actions{display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem}a{border-radius:8px;padding:.6rem 1.2rem;text-decoration:none;font-weight:600}.primary{background:#4338ca;color:#fff}.secondary{border:1px solid #9ca3af;color:#1f2937}a:focus{outline:3px solid #c7d2fe}</style></head>
<body><main role="alert"><h1>${t.title}</h1><p>${escapeHtml(errorMessage('IDENTITY_PROVIDER_UNAVAILABLE', lang))}</p>
<div class="actions"><a class="primary" href="${escapeHtml(retryHref)}">${t.retry}</a><a class="secondary" href="/">${t.home}</a></div></main></body></html>`;
}
