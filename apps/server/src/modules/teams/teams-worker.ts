import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Client } from '@microsoft/microsoft-graph-client';
import { MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS, MAIL_MAX_ATTEMPTS, mailBackoffMs } from '@rewards/shared/mail';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { startDrainLoop } from '../../lib/drain-loop.ts';
import { renderOutboxRow, type OutboxRow } from '../mail/mail.service.ts';
import { classifyGraphError, clientCredentialsToken, graphClient, GRAPH_TIMEOUT_MS, type GraphFailure } from '../../lib/graph.ts';

/** What Graph shows in the activity feed: the preview is at most 150 characters. */
const PREVIEW_MAX = 150;
/** A Retry-After longer than this is cut to it (a throttled app comes back within the hour). */
const RETRY_AFTER_MAX_MS = 3_600_000;

/** One Teams activity feed notification for one user (by user principal name: the work e-mail). */
export interface TeamsNotice {
  userPrincipalName: string;
  subject: string;
  text: string;
  link: string;
}

/** What the worker needs of Teams: deliver one notice or throw (a GraphError, or a network error). */
export interface TeamsTransport {
  send(notice: TeamsNotice): Promise<void>;
}

/**
 * `POST /users/{upn}/teamwork/sendActivityNotification` through the Graph SDK: the reserved
 * `systemDefault` activity type (free text, no manifest entry), a text topic that opens the store.
 * Needs the application permission TeamsActivity.Send and the Teams app installed for the user.
 */
export function graphTeamsTransport(client: Client, opts: { appId: string | null; appName?: string }): TeamsTransport {
  return {
    async send(n) {
      await client
        .api(`/users/${encodeURIComponent(n.userPrincipalName)}/teamwork/sendActivityNotification`)
        .option('signal', AbortSignal.timeout(GRAPH_TIMEOUT_MS))
        .post({
          topic: { source: 'text', value: opts.appName ?? 'Rewards Store', webUrl: n.link },
          activityType: 'systemDefault',
          previewText: { content: n.subject.slice(0, PREVIEW_MAX) },
          templateParameters: [{ name: 'systemDefaultText', value: n.text }],
          ...(opts.appId ? { teamsAppId: opts.appId } : {}),
        });
    },
  };
}

/** The transport of the configuration's Teams application (client credentials at its token endpoint). */
export function teamsTransportFromConfig(teams: NonNullable<Config['teams']>): TeamsTransport {
  const tokens = clientCredentialsToken({ tokenUrl: teams.tokenUrl, clientId: teams.clientId, clientSecret: teams.clientSecret });
  return graphTeamsTransport(graphClient(teams.graphUrl, tokens), { appId: teams.appId });
}

export interface TeamsDeliveryOptions {
  transport: TeamsTransport;
  publicUrl: string;
  now: Date;
  batch?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  leaseMs?: number;
}

export interface TeamsDeliveryResult {
  claimed: number;
  sent: number;
  retried: number;
  throttled: number;
  failed: number;
  /** Rows Graph refused for good (no such user, app not installed): handed to the e-mail channel. */
  toEmail: number;
}

/**
 * Delivers due `teams` rows of the outbox (docs/decisions/0030-teams-channel.md), with the e-mail
 * worker's guarantees plus order per recipient:
 * - one statement claims, with `FOR UPDATE SKIP LOCKED`, only the oldest pending row of each recipient
 *   (its head: `min(id)` per user over the partial index, leased or backing off or due), when due, pushing its
 *   `send_after` past a lease and counting the attempt: two workers never hold rows of one recipient, and
 *   a later message never overtakes an earlier one that is waiting for a retry;
 * - each row is sent, then settled only while its claim is still ours: `sent`; on 429 back to pending
 *   after Retry-After without counting the attempt, and the rest of the pass is released with it, and
 *   every unclaimed Teams row waits as long (Graph throttles the application, not one user); on 5xx, 401, time-outs and network errors back to pending
 *   after the exponential backoff, `failed` after the last attempt; on another 4xx (no such user, app not
 *   installed) the row becomes an `email` row, due now, so the message still reaches the user.
 * Nothing is deleted. A row whose send succeeded is sent again only if this process dies before settling it.
 */
export async function deliverDueTeams(db: DbOrTx, o: TeamsDeliveryOptions): Promise<TeamsDeliveryResult> {
  const batch = o.batch ?? 20;
  const maxAttempts = o.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseMs = o.leaseMs ?? 120_000;
  const token = randomUUID();
  const nowIso = o.now.toISOString();
  const claimed = (await db
    .update(s.emailOutbox)
    .set({ claimToken: token, attempts: sql`${s.emailOutbox.attempts} + 1`, sendAfter: new Date(o.now.getTime() + leaseMs) })
    .where(
      sql`${s.emailOutbox.id} in (
        select o.id from ${s.emailOutbox} o
        where o.id in (
            select min(h.id) from ${s.emailOutbox} h
            where h.channel = 'teams' and h.status = 'pending'
            group by h.user_id)
          and o.status = 'pending' and o.send_after <= ${nowIso}::timestamptz
        order by o.send_after, o.id
        limit ${batch}
        for update skip locked)`,
    )
    .returning()) as OutboxRow[];
  claimed.sort((a, b) => a.id - b.id);
  const result: TeamsDeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, throttled: 0, failed: 0, toEmail: 0 };
  const mine = (id: number) => and(eq(s.emailOutbox.id, id), eq(s.emailOutbox.claimToken, token));

  for (let i = 0; i < claimed.length; i++) {
    const row = claimed[i]!;
    const notice = await renderOutboxRow(db, row, o.publicUrl, 'teams');
    if (!notice) {
      await db
        .update(s.emailOutbox)
        .set({ status: 'failed', lastError: 'What this message refers to no longer exists', claimToken: null })
        .where(mine(row.id));
      result.failed++;
      continue;
    }
    let failure: GraphFailure | null = null;
    try {
      await o.transport.send({ userPrincipalName: row.toAddress, subject: notice.subject, text: notice.text, link: notice.link });
    } catch (err) {
      failure = classifyGraphError(err, o.now.getTime());
    }
    if (!failure) {
      await db
        .update(s.emailOutbox)
        .set({ status: 'sent', sentAt: o.now, subject: notice.subject, bodyText: notice.text, lastError: null, claimToken: null })
        .where(mine(row.id));
      result.sent++;
      continue;
    }
    if (failure.kind === 'throttled') {
      // Not the message's fault: the attempt does not count, and nothing more is sent in this pass.
      const wait = Math.min(RETRY_AFTER_MAX_MS, failure.retryAfterMs ?? mailBackoffMs(1, o.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS));
      const rest = claimed.slice(i).map((r) => r.id);
      const until = new Date(o.now.getTime() + wait);
      await db
        .update(s.emailOutbox)
        .set({
          attempts: sql`${s.emailOutbox.attempts} - 1`,
          sendAfter: until,
          lastError: sql`case when ${s.emailOutbox.id} = ${row.id} then ${failure.message} else ${s.emailOutbox.lastError} end`,
          claimToken: null,
        })
        .where(and(inArray(s.emailOutbox.id, rest), eq(s.emailOutbox.claimToken, token)));
      // Graph throttles the application: every instance waits, so no unclaimed Teams row is due before then.
      await db
        .update(s.emailOutbox)
        .set({ sendAfter: sql`greatest(${s.emailOutbox.sendAfter}, ${until.toISOString()}::timestamptz)` })
        .where(and(eq(s.emailOutbox.channel, 'teams'), eq(s.emailOutbox.status, 'pending'), isNull(s.emailOutbox.claimToken)));
      result.throttled += rest.length;
      break;
    }
    if (failure.kind === 'refused') {
      await db
        .update(s.emailOutbox)
        .set({ channel: 'email', attempts: 0, sendAfter: o.now, lastError: `Teams: ${failure.message}`, claimToken: null })
        .where(mine(row.id));
      result.toEmail++;
      continue;
    }
    if (row.attempts >= maxAttempts) {
      await db.update(s.emailOutbox).set({ status: 'failed', lastError: failure.message, claimToken: null }).where(mine(row.id));
      result.failed++;
    } else {
      const backoff = mailBackoffMs(row.attempts, o.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS, o.backoffMaxMs ?? MAIL_BACKOFF_MAX_MS);
      const wait = Math.min(RETRY_AFTER_MAX_MS, Math.max(backoff, failure.retryAfterMs ?? 0));
      await db
        .update(s.emailOutbox)
        .set({ lastError: failure.message, sendAfter: new Date(o.now.getTime() + wait), claimToken: null })
        .where(mine(row.id));
      result.retried++;
    }
  }
  return result;
}

/**
 * Runs `deliverDueTeams` every `intervalMs` (one pass at a time in a process) until stopped; main.ts
 * starts it only when Teams is configured. Every instance may run it.
 */
export function startTeamsWorker(p: {
  db: DbOrTx;
  clock: Clock;
  transport: TeamsTransport;
  publicUrl: string;
  intervalMs?: number;
  onError?: (err: unknown) => void;
  onResult?: (r: TeamsDeliveryResult) => void;
}): { stop: () => Promise<void> } {
  return startDrainLoop({
    intervalMs: p.intervalMs,
    onError: p.onError,
    batch: async () => {
      const r = await deliverDueTeams(p.db, { transport: p.transport, publicUrl: p.publicUrl, now: p.clock.now() });
      if (r.claimed) p.onResult?.(r);
      return r.claimed > 0 && !r.throttled;
    },
  });
}
