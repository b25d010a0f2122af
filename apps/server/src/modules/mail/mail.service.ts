import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import { defaultLanguage, type Language } from '@rewards/shared/enums';
import type { MailChannel, OutboxMessage, OutboxQuery } from '@rewards/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { renderNotificationMail, renderOrderApprovedMail, type RenderedMail } from './mail-templates.ts';

export type OutboxRow = typeof s.emailOutbox.$inferSelect;

/**
 * Queues the follow-up notice of an approved order for its customer (rendered at send time in their
 * language), inside the transaction that approves it.
 */
export async function enqueueOrderApprovedMail(tx: DbOrTx, p: { orderId: number; userId: number; now: Date }) {
  const [user] = await tx.select({ email: s.users.email }).from(s.users).where(eq(s.users.id, p.userId));
  if (!user) return;
  await tx.insert(s.emailOutbox).values({
    kind: 'orderApproved',
    userId: p.userId,
    refId: p.orderId,
    toAddress: user.email,
    sendAfter: p.now,
    createdAt: p.now,
  });
}

/**
 * What a row says: its own subject and text when it has them (written by its writer, or rendered when
 * it was sent), else rendered now from what it references in the user's language, for `channel` (the
 * row's own unless said: a Teams row sent by e-mail reads as an e-mail). Null when what it references is
 * gone (a deleted notification or order).
 */
export async function renderOutboxRow(
  db: DbOrTx,
  row: OutboxRow,
  publicUrl: string,
  channel: MailChannel = row.channel,
): Promise<RenderedMail | null> {
  if (row.subject !== null && row.bodyText !== null) return { subject: row.subject, text: row.bodyText, link: publicUrl };
  const [who] = row.userId
    ? await db
        .select({ name: s.users.name, language: s.profiles.language })
        .from(s.users)
        .leftJoin(s.profiles, eq(s.profiles.userId, s.users.id))
        .where(eq(s.users.id, row.userId))
    : [];
  const ctx = {
    lang: (who?.language ?? defaultLanguage) as Language,
    name: who?.name ?? row.toAddress,
    publicUrl,
    channel,
    insteadOfTeams: channel === 'email' && (row.channel === 'teams' || !!row.lastError?.startsWith('Teams:')),
  };
  if (row.kind === 'notification' && row.notificationId !== null) {
    const [n] = await db
      .select({ itemType: s.notifications.itemType, description: s.notifications.description, url: s.notifications.url })
      .from(s.notifications)
      .where(eq(s.notifications.id, row.notificationId));
    return n ? renderNotificationMail(n, ctx) : null;
  }
  if (row.kind === 'orderApproved' && row.refId !== null) {
    const [order] = await db.select({ id: s.orders.id, total: s.orders.total }).from(s.orders).where(eq(s.orders.id, row.refId));
    if (!order) return null;
    const lines = await db
      .select({ name: s.products.name, nameEn: s.products.nameEn, quantity: s.orderLines.quantity })
      .from(s.orderLines)
      .innerJoin(s.products, eq(s.products.id, s.orderLines.productId))
      .where(eq(s.orderLines.orderId, order.id))
      .orderBy(asc(s.orderLines.productId));
    return renderOrderApprovedMail({ ...order, lines }, ctx);
  }
  return null;
}

/**
 * `GET /api/mail/outbox`: newest first, by status; administrators read the messages of the users of
 * the stores they run, super administrators every message (`storeIds` null).
 */
export async function listOutbox(
  db: DbOrTx,
  q: OutboxQuery & { storeIds: number[] | null; publicUrl: string },
): Promise<ListResponse<OutboxMessage>> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(s.emailOutbox.status, q.status));
  if (q.storeIds)
    conditions.push(
      q.storeIds.length
        ? inArray(s.emailOutbox.userId, db.select({ id: s.users.id }).from(s.users).where(inArray(s.users.storeId, q.storeIds)))
        : sql`false`,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(s.emailOutbox)
      .where(where)
      .orderBy(desc(s.emailOutbox.createdAt), desc(s.emailOutbox.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(s.emailOutbox).where(where),
  ]);
  const data: OutboxMessage[] = [];
  for (const row of rows) {
    const mail = await renderOutboxRow(db, row, q.publicUrl);
    data.push({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      toAddress: row.toAddress,
      subject: mail?.subject ?? '',
      bodyText: mail?.text ?? '',
      status: row.status,
      attempts: row.attempts,
      lastError: row.lastError,
      sendAfter: row.sendAfter.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      userId: row.userId,
      notificationId: row.notificationId,
    });
  }
  return listResponse(data, q, total?.n ?? 0);
}
