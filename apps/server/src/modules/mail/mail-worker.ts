import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS, MAIL_MAX_ATTEMPTS, mailBackoffMs, type MailChannel } from '@rewards/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { startDrainLoop } from '../../lib/drain-loop.ts';
import { renderOutboxRow, type OutboxRow } from './mail.service.ts';

/** What the worker needs of an SMTP client: send one message or throw. */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string; messageId?: string }): Promise<void>;
  close?(): void;
}

/**
 * SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587 or smtps://...). Its time-outs are
 * well inside the claim's lease, so no other instance takes a message while it is being sent.
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
  return {
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
  /** Rows claimed per pass. */
  batch?: number;
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

/** One Message-ID per outbox row, so a receiver (and a test) can tell one message from another. */
export function outboxMessageId(id: number, publicUrl: string): string {
  return `<outbox-${id}@${new URL(publicUrl).hostname}>`;
}

/**
 * Claims due messages with `FOR UPDATE SKIP LOCKED` (one statement: several workers, on one instance or
 * many, never claim the same row), pushing their `send_after` past a lease and counting the attempt;
 * then sends each one and settles it, only while still holding its claim: `sent`, or back to `pending`
 * after an exponential backoff, or `failed` after the last attempt. Nothing is ever deleted.
 *
 * A worker that dies mid-way (docs/decisions/0033-background-work-once.md): the rows it claimed but had
 * not started are due again when the lease ends and another worker sends them. The one it had handed to
 * SMTP (`send_started_at` set, no answer recorded) may or may not have gone out: when its lease ends it is
 * marked failed with INTERRUPTED_SEND, so a message is sent once or marked failed, never sent twice.
 */
export async function deliverDueMail(db: DbOrTx, o: DeliveryOptions): Promise<DeliveryResult> {
  const batch = o.batch ?? 20;
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
  const mine = (id: number) => and(eq(s.emailOutbox.id, id), eq(s.emailOutbox.claimToken, token));

  for (const row of claimed) {
    const mail = await renderOutboxRow(db, row, o.publicUrl, 'email');
    if (!mail) {
      await db
        .update(s.emailOutbox)
        .set({ status: 'failed', lastError: 'What this message refers to no longer exists', claimToken: null })
        .where(mine(row.id));
      result.failed++;
      continue;
    }
    // The mark goes in before SMTP sees the message; a claim lost meanwhile (lease over) sends nothing.
    const [started] = await db.update(s.emailOutbox).set({ sendStartedAt: o.now }).where(mine(row.id)).returning({ id: s.emailOutbox.id });
    if (!started) continue;
    try {
      await o.transport.send({
        from: o.from,
        to: row.toAddress,
        subject: mail.subject,
        text: mail.text,
        messageId: outboxMessageId(row.id, o.publicUrl),
      });
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (row.attempts >= maxAttempts) {
        await db.update(s.emailOutbox).set({ status: 'failed', lastError, claimToken: null, sendStartedAt: null }).where(mine(row.id));
        result.failed++;
      } else {
        const wait = mailBackoffMs(row.attempts, o.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS, o.backoffMaxMs ?? MAIL_BACKOFF_MAX_MS);
        await db
          .update(s.emailOutbox)
          .set({ lastError, sendAfter: new Date(o.now.getTime() + wait), claimToken: null, sendStartedAt: null })
          .where(mine(row.id));
        result.retried++;
      }
      continue;
    }
    // The text as sent stays with the row, so administrators read what went out.
    await db
      .update(s.emailOutbox)
      .set({
        status: 'sent',
        channel: 'email',
        sentAt: o.now,
        subject: mail.subject,
        bodyText: mail.text,
        lastError: null,
        claimToken: null,
      })
      .where(mine(row.id));
    result.sent++;
  }
  return result;
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
