import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import { verifyWebhook } from '../docs/integration/webhook-receiver.mjs';
import { expect, expectNoSeriousViolations, test } from './support.ts';

// Signed webhooks (docs/architecture.md A6.19, decision 0051), in Spanish and in English: the store's
// administrator opens /admin/webhooks from the admin sections, adds an endpoint pointing at a receiver this
// spec starts on 127.0.0.1 (plain http to loopback is allowed outside production), copies its secret shown
// once, sends a test event, sees its attempt answered 200 (the receiver verified the signature with that
// secret), then redelivers it after the confirmation: the receiver gets the same webhook-id again. Spanish
// runs on a desktop, English on a phone (the lists as cards). No serious accessibility fault on the way.

const texts = {
  es: {
    locale: 'es-MX',
    viewport: { width: 1280, height: 800 },
    nav: 'Secciones de administración',
    section: 'Webhooks',
    create: 'Nuevo destino',
    form: 'Nuevo destino',
    url: 'Dirección (URL)',
    event: 'Se hace un pedido',
    submit: 'Crear destino',
    once: /solo se muestra esta vez/,
    secret: 'Secreto',
    copy: 'Copiar el secreto',
    copied: 'Copiado.',
    done: 'Listo, ya lo copié',
    test: 'Enviar prueba',
    deliveries: 'Envíos',
    refresh: 'Actualizar',
    delivered: 'Entregado',
    redeliver: 'Reenviar',
    confirmTitle: '¿Enviar este evento otra vez?',
    redelivery: 'Reenviado por un administrador',
  },
  en: {
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
    nav: 'Administration sections',
    section: 'Webhooks',
    create: 'New endpoint',
    form: 'New endpoint',
    url: 'Address (URL)',
    event: 'An order is placed',
    submit: 'Create endpoint',
    once: /shown only this once/,
    secret: 'Secret',
    copy: 'Copy the secret',
    copied: 'Copied.',
    done: 'Done, I copied it',
    test: 'Send test',
    deliveries: 'Deliveries',
    refresh: 'Refresh',
    delivered: 'Delivered',
    redeliver: 'Redeliver',
    confirmTitle: 'Send this event again?',
    redelivery: 'Sent again by an administrator',
  },
} as const;

type Lang = keyof typeof texts;

/** A receiver on 127.0.0.1 that verifies each delivery with the secret it is given once the page shows it. */
async function startReceiver() {
  const state = { secret: '', received: [] as { id: string; type: string; ok: boolean }[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const check = verifyWebhook({ secret: state.secret, headers: req.headers, body });
      state.received.push({ id: String(req.headers['webhook-id']), type: check.ok ? check.event.type : '', ok: check.ok });
      res.writeHead(check.ok ? 200 : 401).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { state, server, url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/${path}` };
}

async function newPage(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ locale: texts[lang].locale, viewport: texts[lang].viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const page = await context.newPage();
  await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
  return page;
}

for (const lang of ['es', 'en'] as const) {
  const t = texts[lang];
  test(`${lang}: an administrator adds a webhook endpoint, sends a test event, sees its attempt and redelivers it`, async ({
    browser,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver();
    try {
      const page = await newPage(browser, lang);
      await signInAs(page, 'admin@rewards.test');
      await page.goto('/admin/');
      const nav = page.getByRole('navigation', { name: t.nav });
      await nav.getByRole('link', { name: t.section, exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/webhooks$/);
      await expect(page.getByRole('heading', { level: 1, name: t.section })).toBeVisible();

      // --- A new endpoint: its secret once, copied ---
      await page.getByRole('button', { name: t.create }).click();
      const form = page.getByRole('dialog', { name: t.form });
      const url = receiver.url(`hooks-${lang}`);
      await form.getByLabel(t.url).fill(url);
      await form.getByRole('checkbox', { name: new RegExp(t.event) }).check();
      await form.getByRole('button', { name: t.submit }).click();
      const panel = page.getByTestId('webhook-secret-panel');
      await expect(panel.getByText(t.once)).toBeVisible();
      const secret = await panel.getByLabel(t.secret, { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
      receiver.state.secret = secret;
      await panel.getByRole('button', { name: t.copy }).click();
      await expect(panel.getByText(t.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
      await expectNoSeriousViolations(page, `${lang} new endpoint's secret`);
      await panel.getByRole('button', { name: t.done }).click();
      await expect(panel).toBeHidden();
      expect(await page.content()).not.toContain(secret);

      // --- A test event: delivered, signed with that secret ---
      const row = page.getByTestId('webhook-row').filter({ hasText: url });
      await row.getByRole('button', { name: t.test }).click();
      const deliveries = page.getByTestId('webhook-deliveries');
      await expect(deliveries.getByRole('heading', { name: t.deliveries })).toBeVisible();
      const first = deliveries.getByTestId('webhook-delivery-row').first();
      // The worker passes every 2 s: refresh until the attempt shows.
      await expect(async () => {
        await deliveries.getByRole('button', { name: t.refresh }).click();
        await expect(first.getByTestId('webhook-attempts')).toContainText('HTTP 200', { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(first).toContainText(t.delivered);
      await expect(first).toContainText('webhook.test');
      expect(receiver.state.received).toEqual([{ id: expect.stringMatching(/^msg_/), type: 'webhook.test', ok: true }]);
      const eventId = receiver.state.received[0]!.id;
      await expect(first).toContainText(eventId);
      await expectNoSeriousViolations(page, `${lang} deliveries`);

      // --- Redeliver after the confirmation: the same event id again ---
      await first.getByRole('button', { name: new RegExp(t.redeliver) }).click();
      const confirm = page.getByRole('dialog', { name: t.confirmTitle });
      await expect(confirm).toContainText(eventId);
      await confirm.getByRole('button', { name: t.redeliver, exact: true }).click();
      await expect(confirm).toBeHidden();
      const again = deliveries.getByTestId('webhook-delivery-row').filter({ hasText: t.redelivery });
      await expect(async () => {
        await deliveries.getByRole('button', { name: t.refresh }).click();
        await expect(again.getByTestId('webhook-attempts')).toContainText('HTTP 200', { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(again).toContainText(eventId);
      expect(receiver.state.received.map((r) => [r.id, r.ok])).toEqual([
        [eventId, true],
        [eventId, true],
      ]);
    } finally {
      receiver.server.closeAllConnections();
      await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
    }
  });
}
