import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq, inArray } from 'drizzle-orm';
import * as s from '../../db/schema/index.ts';
import { as, createTestApp, type TestApp } from '../../../test/harness.ts';
import { factories } from '../../../test/factories.ts';
import { assertInvariants } from '../../../test/invariants.ts';
import { clientCredentialsToken, graphClient } from '../../lib/graph.ts';
import { deliverDueTeams, graphTeamsTransport, type TeamsDeliveryOptions } from './teams-worker.ts';

type Answer = { status: number; headers?: Record<string, string>; body?: unknown };

/**
 * A local stand-in of Microsoft Graph and of the directory's token endpoint, on a loopback port. It checks
 * every call as Graph would (client credentials at the token endpoint; on sendActivityNotification the
 * bearer it issued, JSON, the payload's shape) and answers what `plan` says, else 204 (delivered).
 */
class LocalGraph {
  port = 0;
  tokensIssued = 0;
  validTokens = new Set<string>();
  /** Delivered notifications, in the order they arrived: recipient and text. */
  delivered: { upn: string; text: string; preview: string; webUrl: string }[] = [];
  calls = 0;
  /** Shape or auth problems found (the test expects none). */
  problems: string[] = [];
  plan: (call: number, upn: string, text: string) => Answer | undefined = () => undefined;
  private server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => this.handle(req, raw, res));
  });

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
    const answer = (a: Answer) => {
      res.writeHead(a.status, { 'content-type': 'application/json', ...a.headers });
      res.end(a.body === undefined ? undefined : JSON.stringify(a.body));
    };
    if (req.method === 'POST' && req.url === '/tenant/oauth2/v2.0/token') {
      const form = new URLSearchParams(raw);
      const ok =
        req.headers['content-type']?.startsWith('application/x-www-form-urlencoded') &&
        form.get('grant_type') === 'client_credentials' &&
        form.get('client_id') === 'rewards-app' &&
        form.get('client_secret') === 'rewards-secret' &&
        form.get('scope') === 'https://graph.microsoft.com/.default';
      if (!ok) return answer({ status: 401, body: { error: 'invalid_client' } });
      const token = `token-${++this.tokensIssued}`;
      this.validTokens.add(token);
      return answer({ status: 200, body: { token_type: 'Bearer', access_token: token, expires_in: 3599 } });
    }
    const m = /^\/v1\.0\/users\/([^/]+)\/teamwork\/sendActivityNotification$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return answer({ status: 404, body: { error: { code: 'NotFound', message: req.url } } });
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!auth || !this.validTokens.has(auth)) {
      return answer({ status: 401, body: { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid' } } });
    }
    const upn = decodeURIComponent(m[1]!);
    let body: {
      topic?: { source?: unknown; value?: unknown; webUrl?: unknown };
      activityType?: unknown;
      previewText?: { content?: unknown };
      templateParameters?: { name?: unknown; value?: unknown }[];
    };
    try {
      body = JSON.parse(raw);
    } catch {
      body = {};
    }
    const text = body.templateParameters?.find((p) => p.name === 'systemDefaultText')?.value;
    const shapeOk =
      /^application\/json/.test(req.headers['content-type'] ?? '') &&
      body.topic?.source === 'text' &&
      typeof body.topic.value === 'string' &&
      typeof body.topic.webUrl === 'string' &&
      body.topic.webUrl.startsWith('http://localhost:3000/') &&
      body.activityType === 'systemDefault' &&
      typeof body.previewText?.content === 'string' &&
      body.previewText.content.length > 0 &&
      body.previewText.content.length <= 150 &&
      typeof text === 'string' &&
      text.length > 0;
    if (!shapeOk) {
      this.problems.push(`bad payload for ${upn}: ${raw}`);
      return answer({ status: 400, body: { error: { code: 'BadRequest', message: 'Invalid payload' } } });
    }
    const planned = this.plan(++this.calls, upn, text as string);
    if (planned) return answer(planned);
    this.delivered.push({ upn, text: text as string, preview: body.previewText!.content as string, webUrl: body.topic!.webUrl as string });
    res.writeHead(204);
    res.end();
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  reset() {
    this.delivered = [];
    this.calls = 0;
    this.problems = [];
    this.plan = () => undefined;
  }
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
}

const graph = new LocalGraph();
const TEAMS_ENV = { TEAMS_TENANT_ID: 'tenant', TEAMS_CLIENT_ID: 'rewards-app', TEAMS_CLIENT_SECRET: 'rewards-secret' };
let t: TestApp;
const sessions: Record<string, string> = {};
const idOf: Record<string, number> = {};
const emails: Record<string, string> = {};
const T0 = new Date('2030-01-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
let options: Omit<TeamsDeliveryOptions, 'now'>;
const teamsUsers = ['ana', 'luis', 'maria'];

const profileForm = (preferredContact: string) => ({
  city: 'Ciudad de México',
  postalCode: '06600',
  state: 'CDMX',
  address: 'Reforma 250, Juárez',
  preferredContact,
  preferredCategoryId: null,
  officeInCity: true,
});

beforeAll(async () => {
  await graph.start();
  t = await createTestApp({ ...TEAMS_ENV, TEAMS_TOKEN_URL: `${graph.url}/tenant/oauth2/v2.0/token`, GRAPH_URL: graph.url });
  const teams = t.config.teams!;
  const tokens = clientCredentialsToken({ tokenUrl: teams.tokenUrl, clientId: teams.clientId, clientSecret: teams.clientSecret });
  options = { transport: graphTeamsTransport(graphClient(teams.graphUrl, tokens), { appId: null }), publicUrl: 'http://localhost:3000' };
  // Three shoppers (with the profile a signed-in user has) who choose Teams below, and a super administrator who credits them.
  const make = factories(t);
  for (const who of [...teamsUsers, 'super']) {
    const u = who === 'super' ? await make.superAdmin() : await make.shopper({ profile: true });
    sessions[who] = u.session;
    idOf[who] = u.id;
    emails[who] = u.email;
  }
  for (const who of teamsUsers) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: { ...as(sessions[who]), 'accept-language': who === 'ana' ? 'en' : 'es' },
      payload: profileForm('teams'),
    });
    expect(res.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
  await graph.stop();
});

/** Each test starts with nothing pending and a stand-in that accepts everything. */
beforeEach(async () => {
  await t.db.update(s.emailOutbox).set({ status: 'failed' }).where(eq(s.emailOutbox.status, 'pending'));
  graph.reset();
  await assertInvariants(t.db);
});

const credit = (who: string, description: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/points',
    headers: as(sessions.super),
    payload: { userId: idOf[who], value: 10, description },
  });

const pendingTeamsRows = () =>
  t.db
    .select()
    .from(s.emailOutbox)
    .where(inArray(s.emailOutbox.status, ['pending']))
    .orderBy(asc(s.emailOutbox.id));

describe('Teams copies of notifications', () => {
  it('queues a Teams row for Teams-preferring users and delivers it with the payload Graph expects', async () => {
    expect((await credit('ana', 'Great teamwork in March')).statusCode).toBe(200);
    const [row] = await pendingTeamsRows();
    expect(row).toMatchObject({ channel: 'teams', kind: 'notification', toAddress: emails.ana, userId: idOf.ana });
    const r = await deliverDueTeams(t.db, { ...options, now: at(0) });
    expect(r).toMatchObject({ claimed: 1, sent: 1, retried: 0, throttled: 0, failed: 0 });
    expect(graph.problems).toEqual([]);
    expect(graph.delivered).toEqual([
      {
        upn: emails.ana,
        preview: 'Your points',
        text: expect.stringContaining('Great teamwork in March'),
        webUrl: 'http://localhost:3000/account',
      },
    ]);
    expect(graph.delivered[0]!.text).toContain('You receive this in Teams because your profile prefers Teams');
    const [sent] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, row!.id));
    expect(sent).toMatchObject({
      status: 'sent',
      channel: 'teams',
      attempts: 1,
      subject: 'Your points',
      claimToken: null,
      lastError: null,
    });
    expect(sent!.sentAt).toEqual(at(0));
  });

  it('delivers every message once, in order per recipient, none lost, through 429s with Retry-After and two workers', async () => {
    const expected: Record<string, string[]> = {};
    for (let i = 1; i <= 6; i++) {
      for (const who of teamsUsers) {
        const text = `${who} message ${i}`;
        expect((await credit(who, text)).statusCode).toBe(200);
        (expected[emails[who]!] ??= []).push(text);
      }
    }
    // Every fifth call is throttled for 7 seconds.
    graph.plan = (call) =>
      call % 5 === 0
        ? { status: 429, headers: { 'retry-after': '7' }, body: { error: { code: 'TooManyRequests', message: 'Throttled' } } }
        : undefined;
    let seconds = 0;
    let throttledPasses = 0;
    for (let pass = 0; pass < 200 && (await pendingTeamsRows()).length > 0; pass++) {
      const now = at(seconds);
      // Two workers (two instances) at the same moment: their claims skip each other's rows.
      const [a, b] = await Promise.all([
        deliverDueTeams(t.db, { ...options, batch: 2, now }),
        deliverDueTeams(t.db, { ...options, batch: 2, now }),
      ]);
      if (a.throttled || b.throttled) {
        throttledPasses++;
        // Retry-After is honoured: nothing is due before the 7 seconds end...
        expect((await deliverDueTeams(t.db, { ...options, now: at(seconds + 6) })).claimed).toBe(0);
        seconds += 7;
      } else seconds += 1;
    }
    expect(throttledPasses).toBeGreaterThan(0);
    expect(graph.problems).toEqual([]);
    const got: Record<string, string[]> = {};
    for (const d of graph.delivered) (got[d.upn] ??= []).push(/(\w+ message \d)/.exec(d.text)![1]!);
    expect(got).toEqual(expected);
    const rows = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.channel, 'teams'));
    const ours = rows.filter((r) => r.bodyText && /message \d/.test(r.bodyText));
    expect(ours).toHaveLength(18);
    // A throttled attempt is not counted: with no other failure, every row went out on its first counted attempt.
    expect(ours.every((r) => r.status === 'sent' && r.attempts === 1 && r.claimToken === null)).toBe(true);
    // The throttled rows carry the 429 they met.
    expect(graph.calls - graph.delivered.length).toBe(Math.floor(graph.calls / 5));
    // The token was asked for once and reused.
    expect(graph.tokensIssued).toBe(1);
  });

  it('retries a 5xx with backoff, then delivers it once', async () => {
    await credit('luis', 'Tras un error del servidor');
    graph.plan = (call) => (call <= 2 ? { status: 503, body: { error: { code: 'ServiceUnavailable', message: 'Try later' } } } : undefined);
    expect(await deliverDueTeams(t.db, { ...options, now: at(0) })).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await pendingTeamsRows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, claimToken: null });
    expect(row!.lastError).toContain('Graph 503');
    expect(row!.sendAfter).toEqual(at(30));
    expect((await deliverDueTeams(t.db, { ...options, now: at(29) })).claimed).toBe(0);
    expect(await deliverDueTeams(t.db, { ...options, now: at(30) })).toMatchObject({ retried: 1 });
    [row] = await pendingTeamsRows();
    expect(row!.sendAfter).toEqual(at(90));
    expect(await deliverDueTeams(t.db, { ...options, now: at(90) })).toMatchObject({ sent: 1 });
    expect(graph.delivered.map((d) => d.text.split('\n')[0])).toEqual(['Tras un error del servidor']);
    const [sent] = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('holds the later messages of a recipient while an earlier one waits for its retry', async () => {
    await credit('maria', 'primero');
    await credit('maria', 'segundo');
    graph.plan = (call) => (call === 1 ? { status: 500, body: { error: { code: 'InternalServerError', message: 'Boom' } } } : undefined);
    expect(await deliverDueTeams(t.db, { ...options, now: at(0) })).toMatchObject({ claimed: 1, retried: 1 });
    // "segundo" is due, but "primero" is still pending: nothing is claimed until it is due again.
    expect((await deliverDueTeams(t.db, { ...options, now: at(10) })).claimed).toBe(0);
    expect(await deliverDueTeams(t.db, { ...options, now: at(30) })).toMatchObject({ sent: 1 });
    expect(await deliverDueTeams(t.db, { ...options, now: at(31) })).toMatchObject({ sent: 1 });
    expect(graph.delivered.map((d) => d.text.split('\n')[0])).toEqual(['primero', 'segundo']);
  });

  it('marks a message failed after the last attempt, keeping its error', async () => {
    await credit('ana', 'Never reaches Teams');
    graph.plan = () => ({ status: 502, body: { error: { code: 'BadGateway', message: 'Upstream down' } } });
    let seconds = 0;
    for (let attempt = 1; attempt <= 6; attempt++) {
      const r = await deliverDueTeams(t.db, { ...options, now: at(seconds), backoffBaseMs: 1000 });
      expect(r.claimed).toBe(1);
      seconds += 3600;
    }
    const rows = await t.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.userId, idOf.ana!)).orderBy(asc(s.emailOutbox.id));
    const last = rows.at(-1)!;
    expect(last).toMatchObject({ status: 'failed', attempts: 6, channel: 'teams', claimToken: null });
    expect(last.lastError).toContain('Graph 502');
    expect((await deliverDueTeams(t.db, { ...options, now: at(seconds + 86_400) })).claimed).toBe(0);
    expect(graph.delivered).toEqual([]);
  });

  it('hands a message Graph refuses for good (no such user in Teams) to the e-mail channel', async () => {
    await credit('luis', 'Por correo entonces');
    graph.plan = () => ({ status: 404, body: { error: { code: 'NotFound', message: 'User not found' } } });
    expect(await deliverDueTeams(t.db, { ...options, now: at(0) })).toMatchObject({ claimed: 1, toEmail: 1 });
    const [row] = await pendingTeamsRows();
    expect(row).toMatchObject({ status: 'pending', channel: 'email', attempts: 0, claimToken: null });
    expect(row!.lastError).toContain('Teams: Graph 404');
    expect(row!.sendAfter).toEqual(at(0));
  });

  it('asks for a new token when Graph says the one it has is no longer valid', async () => {
    await credit('ana', 'After a token revocation');
    graph.validTokens.clear();
    const issued = graph.tokensIssued;
    expect(await deliverDueTeams(t.db, { ...options, now: at(0) })).toMatchObject({ retried: 1 });
    expect(await deliverDueTeams(t.db, { ...options, now: at(30) })).toMatchObject({ sent: 1 });
    expect(graph.tokensIssued).toBe(issued + 1);
  });
});

describe('choosing Teams', () => {
  it('is offered, and saved, where Teams is configured', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/userPreferences/contactPreferences' });
    expect(list.json().data.map((o: { value: string; available: boolean }) => [o.value, o.available])).toEqual([
      ['teams', true],
      ['email', true],
    ]);
  });
});

describe('without Teams configured', () => {
  let bare: TestApp;
  let ana: string;
  let anaId: number;
  beforeAll(async () => {
    bare = await createTestApp();
    const shopper = await factories(bare).shopper({ profile: true });
    ana = shopper.session;
    anaId = shopper.id;
  });
  afterAll(() => bare?.close());

  const save = (contact: string, lang: string) =>
    bare.app.inject({
      method: 'POST',
      url: '/api/users/profile',
      headers: { ...as(ana), 'accept-language': lang },
      payload: profileForm(contact),
    });

  it('says Teams is not available', async () => {
    const list = await bare.app.inject({ method: 'GET', url: '/api/userPreferences/contactPreferences' });
    expect(list.json().data.map((o: { value: string; available: boolean }) => [o.value, o.available])).toEqual([
      ['teams', false],
      ['email', true],
    ]);
  });

  it('refuses choosing Teams with a clear message in both languages, and saves nothing', async () => {
    const es = await save('teams', 'es');
    expect(es.statusCode).toBe(422);
    expect(es.json()).toMatchObject({
      code: 'TEAMS_UNAVAILABLE',
      message: 'Microsoft Teams no está disponible en esta instalación: elige el correo',
    });
    const en = await save('teams', 'en');
    expect(en.json().message).toBe('Microsoft Teams is not available in this installation: choose e-mail');
    const prefs = await bare.app.inject({ method: 'GET', url: '/api/userPreferences', headers: as(ana) });
    expect(prefs.json().data).toMatchObject({ preferredContact: 'email', savedAt: null });
    expect((await save('email', 'es')).statusCode).toBe(200);
  });

  it('keeps a Teams choice saved while Teams was configured (its copies then go by e-mail)', async () => {
    await bare.db.update(s.profiles).set({ preferredContact: 'teams' }).where(eq(s.profiles.userId, anaId));
    const res = await save('teams', 'es');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.preferredContact).toBe('teams');
  });
});
