import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { MAIL_BACKOFF_BASE_MS, MAIL_BACKOFF_MAX_MS, MAIL_MAX_ATTEMPTS, mailBackoffMs } from '@rewards/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { renderOutboxRow, type OutboxRow } from './mail.service.ts';

/** What the worker needs of an SMTP client: send one message or throw. */
export interface MailTransport {
  send(message: { from: string; to: string; subject: string; text: string }): Promise<void>;
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
}

export interface DeliveryResult {
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Claims due messages with `FOR UPDATE SKIP LOCKED` (one statement: several workers, on one instance or
 * many, never claim the same row), pushing their `send_after` past a lease and counting the attempt;
 * then sends each one and settles it, only while still holding its claim: `sent`, or back to `pending`
 * after an exponential backoff, or `failed` after the last attempt. A worker that dies mid-way leaves
 * its rows pending; they are due again when the lease ends. Nothing is ever deleted.
 */
export async function deliverDueMail(db: DbOrTx, o: DeliveryOptions): Promise<DeliveryResult> {
  const batch = o.batch ?? 20;
  const maxAttempts = o.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const leaseMs = o.leaseMs ?? 120_000;
  const token = randomUUID();
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
        where o.status = 'pending' and o.send_after <= ${o.now.toISOString()}::timestamptz
        order by o.send_after, o.id
        limit ${batch}
        for update skip locked)`,
    )
    .returning()) as OutboxRow[];
  claimed.sort((a, b) => a.id - b.id);
  const result: DeliveryResult = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
  const mine = (id: number) => and(eq(s.emailOutbox.id, id), eq(s.emailOutbox.claimToken, token));

  for (const row of claimed) {
    const mail = await renderOutboxRow(db, row, o.publicUrl);
    if (!mail) {
      await db
        .update(s.emailOutbox)
        .set({ status: 'failed', lastError: 'What this message refers to no longer exists', claimToken: null })
        .where(mine(row.id));
      result.failed++;
      continue;
    }
    try {
      await o.transport.send({ from: o.from, to: row.toAddress, subject: mail.subject, text: mail.text });
    } catch (err) {
      const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      if (row.attempts >= maxAttempts) {
        await db.update(s.emailOutbox).set({ status: 'failed', lastError, claimToken: null }).where(mine(row.id));
        result.failed++;
      } else {
        const wait = mailBackoffMs(row.attempts, o.backoffBaseMs ?? MAIL_BACKOFF_BASE_MS, o.backoffMaxMs ?? MAIL_BACKOFF_MAX_MS);
        await db
          .update(s.emailOutbox)
          .set({ lastError, sendAfter: new Date(o.now.getTime() + wait), claimToken: null })
          .where(mine(row.id));
        result.retried++;
      }
      continue;
    }
    // The text as sent stays with the row, so administrators read what went out.
    await db
      .update(s.emailOutbox)
      .set({ status: 'sent', sentAt: o.now, subject: mail.subject, bodyText: mail.text, lastError: null, claimToken: null })
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
  intervalMs?: number;
  onError?: (err: unknown) => void;
  onResult?: (r: DeliveryResult) => void;
}): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        // Drain what is due, a batch at a time.
        for (let i = 0; i < 50 && !stopped; i++) {
          const r = await deliverDueMail(p.db, { transport: p.transport, from: p.from, publicUrl: p.publicUrl, now: p.clock.now() });
          if (r.claimed) p.onResult?.(r);
          if (r.claimed === 0) break;
        }
      } catch (err) {
        p.onError?.(err);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(pass, p.intervalMs ?? 5_000);
  timer.unref();
  pass();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      p.transport.close?.();
    },
  };
}
