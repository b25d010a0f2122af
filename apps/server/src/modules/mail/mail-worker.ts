import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS, MAIL_MAX_ATTEMPTS, mailBackoffMs, type MailChannel } from '@rewards/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { startDrainLoop } from '../../lib/drain-loop.ts';
import { intArray, textArray } from '../../lib/sql-arrays.ts';
import { renderOutboxRows, type ApprovalLinks, type OutboxRow } from './mail.service.ts';

/** What the worker needs of an SMTP client: send one message or throw. */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<void>;
  close?(): void;
  /** How many messages it carries at once (its pooled connections); 1 unless said. */
  connections?: number;
}

/** The SMTP connections the transport keeps open, and so the most messages the worker has in flight. */
export const SMTP_CONNECTIONS = 8;

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://...), over a pool of
 * `connections` kept open between messages (no connection and greeting per message). Its time-outs are
 * well inside the claim's lease, so no other instance takes a message while it is being sent. The pool
 * never sends a message again by itself when its connection closes mid-send (`maxRequeues: 0`): the send
 * fails and the worker decides, as it does for every refusal (decision 0033).
 */
export function smtpTransport(url: string, connections = SMTP_CONNECTIONS): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: connections,
    maxRequeues: 0,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    connections,
    send: async (m) => {
      await transporter.sendMail(m);
    },
    close: () => transporter.close(),
  };
}

export interface DeliveryOptions {
  transport: MailTransport;
  from: string;
  publicUrl: string;
  now: Date;
  /** The signed approve and deny links of approval requests (docs/architecture.md A6.19). */
  approvalLinks?: ApprovalLinks;
  /** Rows claimed per pass. */
  batch?: number;
  /** The most messages handed to SMTP at once (the transport's connections unless said). */
  concurrency?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claim keeps other workers off a row (longer than any send can take). */
  leaseMs?: number;
  /**
   * The channels this worker sends by e-mail: `email`, and `teams` too when Teams is not configured
   * (docs/decisions/0030-teams-channel.md); such a row is rendered and kept as an e-mail.
   */
  channels?: readonly MailChannel[];
}

export interface DeliveryResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
  /** Messages found cut off mid-send by a worker that died (marked failed, not sent again). */
  interrupted: number;
}

/** The error kept on a message whose worker died between handing it to SMTP and recording the answer. */
export const INTERRUPTED_SEND = 'Interrupted while being sent (its server stopped): it may have been delivered, so it is not sent again';

/** The error kept on a message whose notification or order was deleted before it went out. */
const GONE = 'What this message refers to no longer exists';

/** One Message-ID per outbox row, so a receiver (and a test) can tell one message from another. */
export function outboxMessageId(id: number, publicUrl: string): string {
  return `<outbox-${id}@${new URL(publicUrl).hostname}>`;
}

/** How a claimed row ends its pass: sent (with the text sent), due again later, or failed. */
interface Settlement {
  id: number;
  status: 'sent' | 'pending' | 'failed';
  subject: string | null;
  text: string | null;
  lastError: string | null;
  /** When a retried row is due again (null: unchanged). */
  sendAfter: Date | null;
}

/**
 * Claims due messages with `FOR UPDATE SKIP LOCKED` (one statement: several workers, on one instance or
 * many, never claim the same row), pushing their `send_after` past a lease and counting the attempt;
 * renders them in one query; then sends them in waves, each wave's outcome written, only for the rows it
 * still holds the claim of: `sent`, or back to `pending` after an exponential backoff, or `failed` after
 * the last attempt. Nothing is ever deleted.
 *
 * A wave is as many messages as the transport carries at once (its pooled connections). Its rows are
 * marked `send_started_at` before any of them is handed to SMTP, in the one statement that also writes the
 * previous wave's outcome, and only the rows that mark took are sent (a claim lost meanwhile sends nothing).
 * A wave starts at one message and doubles after each wave SMTP accepted whole, back to one after a
 * refusal: a server that hangs or refuses puts one message in doubt, not a whole wave.
 *
 * A worker that dies mid-way (docs/decisions/0033-background-work-once.md): the rows it claimed but had
 * not started are due again when the lease ends and another worker sends them. Those of the wave it had
 * handed to SMTP (`send_started_at` set, no answer recorded) may or may not have gone out: when their
 * lease ends they are marked failed with INTERRUPTED_SEND, so a message is sent once or marked failed,
 * never sent twice.
 */
export async function deliverDueMail(db: DbOrTx, o: DeliveryOptions): Promise<DeliveryResult> {
  const batch = o.batch ?? 100;
  const widest = Math.max(1, o.concurrency ?? o.transport.connections ?? 1);
  const maxAttempts = o.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseMs = o.leaseMs ?? 120_000;
  const token = randomUUID();
  const channels = o.channels ?? ['email'];
  const inChannels = sql.join(
    channels.map((c) => sql`${c}`),
    sql`, `,
  );
  const now = o.now.toISOString();
  const interrupted = await db
    .update(s.emailOutbox)
    .set({ status: 'failed', lastError: INTERRUPTED_SEND, claimToken: null })
    .where(
      sql`${s.emailOutbox.status} = 'pending' and ${s.emailOutbox.sendStartedAt} is not null and ${s.emailOutbox.sendAfter} <= ${now}::timestamptz
        and ${s.emailOutbox.channel} in (${inChannels})`,
    )
    .returning({ id: s.emailOutbox.id });
  const claimed = (await db
    .update(s.emailOutbox)
    .set({
      claimToken: token,
      attempts: sql`${s.emailOutbox.attempts} + 1`,
      sendAfter: new Date(o.now.getTime() + leaseMs),
    })
    .where(
      sql`${s.emailOutbox.id} in (
        select o.id from ${s.emailOutbox} o
        where o.status = 'pending' and o.send_started_at is null and o.send_after <= ${now}::timestamptz
          and o.channel in (${inChannels})
        order by o.send_after, o.id
        limit ${batch}
        for update skip locked)`,
    )
    .returning()) as OutboxRow[];
  claimed.sort((a, b) => a.id - b.id);
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0, interrupted: interrupted.length };
  if (!claimed.length) return result;

  const texts = await renderOutboxRows(db, claimed, o.publicUrl, 'email', { approvalLinks: o.approvalLinks });
  // Rows whose notification or order is gone fail with the first statement below.
  let outcomes: Settlement[] = claimed
    .filter((row) => !texts.get(row.id))
    .map((row) => ({ id: row.id, status: 'failed', subject: null, text: null, lastError: GONE, sendAfter: null }));
  const sendable = claimed.filter((row) => texts.get(row.id));

  let width = 1;
  let next = 0;
  for (;;) {
    const wave = sendable.slice(next, next + width);
    next += wave.length;
    // One statement settles the wave SMTP answered and marks the next one; the mark goes in before SMTP sees
    // any message of its wave, and a claim lost meanwhile (lease over) sends nothing.
    const mine = await settleAndStart(
      db,
      token,
      o.now,
      outcomes,
      wave.map((row) => row.id),
    );
    for (const x of outcomes) {
      if (x.status === 'sent') result.sent++;
      else if (x.status === 'pending') result.retried++;
      else result.failed++;
    }
    if (!wave.length) break;
    outcomes = await Promise.all(
      wave
        .filter((row) => mine.has(row.id))
        .map(async (row): Promise<Settlement> => {
          const mail = texts.get(row.id)!;
          try {
            await o.transport.send({
              from: o.from,
              to: row.toAddress,
              subject: mail.subject,
              text: mail.text,
              messageId: outboxMessageId(row.id, o.publicUrl),
            });
            // The text as sent stays with the row, so administrators read what went out.
            return { id: row.id, status: 'sent', subject: mail.subject, text: mail.text, lastError: null, sendAfter: null };
          } catch (err) {
            const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
            if (row.attempts >= maxAttempts) return { id: row.id, status: 'failed', subject: null, text: null, lastError, sendAfter: null };
            const wait = mailBackoffMs(row.attempts, o.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS, o.backoffMaxMs ?? MAIL_BACKOFF_MAX_MS);
            return { id: row.id, status: 'pending', subject: null, text: null, lastError, sendAfter: new Date(o.now.getTime() + wait) };
          }
        }),
    );
    width = outcomes.every((x) => x.status === 'sent') ? Math.min(width * 2, widest) : 1;
  }
  return result;
}

/**
 * One statement: writes the outcome of the rows in `settled` and marks the rows in `start` as handed to SMTP,
 * each only while this pass still holds its claim; answers the rows it marked. A sent row keeps its
 * `send_started_at`; a row refused by SMTP has it cleared, so it can be claimed again.
 */
async function settleAndStart(db: DbOrTx, token: string, now: Date, settled: readonly Settlement[], start: readonly number[]) {
  const at = now.toISOString();
  const { rows } = await db.execute<{ id: number }>(sql`
    with settled as (
      update ${s.emailOutbox} o set
        status = v.status,
        channel = case when v.status = 'sent' then 'email' else o.channel end,
        sent_at = case when v.status = 'sent' then ${at}::timestamptz else o.sent_at end,
        subject = case when v.status = 'sent' then v.subject else o.subject end,
        body_text = case when v.status = 'sent' then v.body_text else o.body_text end,
        last_error = v.last_error,
        send_after = coalesce(v.send_after, o.send_after),
        send_started_at = case when v.status = 'sent' then o.send_started_at end,
        claim_token = null
      from unnest(${intArray(settled.map((r) => r.id))}::int[], ${textArray(settled.map((r) => r.status))}::text[],
        ${textArray(settled.map((r) => r.subject))}::text[], ${textArray(settled.map((r) => r.text))}::text[],
        ${textArray(settled.map((r) => r.lastError))}::text[], ${textArray(settled.map((r) => r.sendAfter?.toISOString() ?? null))}::timestamptz[])
        as v(id, status, subject, body_text, last_error, send_after)
      where o.id = v.id and o.claim_token = ${token}
      returning o.id),
    started as (
      update ${s.emailOutbox} set send_started_at = ${at}::timestamptz
      where id = any(${intArray(start)}::int[]) and claim_token = ${token}
      returning id)
    select id from started`);
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Runs `deliverDueMail` every `intervalMs` (never two passes at once in one process) until stopped.
 * Started by main.ts only when SMTP_URL is set: without it the outbox keeps every message.
 */
export function startMailWorker(p: {
  db: DbOrTx;
  clock: Clock;
  transport: MailTransport;
  from: string;
  publicUrl: string;
  approvalLinks?: ApprovalLinks;
  channels?: readonly MailChannel[];
  intervalMs?: number;
  leaseMs?: number;
  onError?: (err: unknown) => void;
  onResult?: (r: DeliveryResult) => void;
}): { stop: () => Promise<void> } {
  const loop = startDrainLoop({
    intervalMs: p.intervalMs,
    onError: p.onError,
    batch: async () => {
      const r = await deliverDueMail(p.db, {
        transport: p.transport,
        from: p.from,
        publicUrl: p.publicUrl,
        approvalLinks: p.approvalLinks,
        channels: p.channels,
        now: p.clock.now(),
        leaseMs: p.leaseMs,
      });
      if (r.claimed || r.interrupted) p.onResult?.(r);
      return r.claimed > 0;
    },
  });
  return {
    stop: async () => {
      await loop.stop();
      p.transport.close?.();
    },
  };
}
