import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { listResponse, type ListResponse } from '@rewards/shared/common';
import { defaultLanguage, type Language, type NotificationItemType } from '@rewards/shared/enums';
import type { MailChannel, OutboxMessage, OutboxQuery } from '@rewards/shared/mail';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { intArray } from '../../lib/sql-arrays.ts';
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
  return (await renderOutboxRows(db, [row], publicUrl, channel)).get(row.id) ?? null;
}

/** What one query reads for the rows to render: the reader, and the notification or the order with its lines. */
interface RenderSource extends Record<string, unknown> {
  id: number;
  name: string | null;
  language: string | null;
  item_type: NotificationItemType | null;
  description: string | null;
  url: string | null;
  order_id: number | null;
  total: number | null;
  lines: { name: string; nameEn: string; quantity: number }[] | null;
}

/**
 * The signed approve and deny links of an approval request (docs/architecture.md A6.19), made by the awards
 * module with the session secret; the mail worker passes it, so only the e-mail sent carries them.
 */
export type ApprovalLinks = (p: { stepId: number; userId: number }) => { approve: string; deny: string };

/** An approval request's e-mail (its notification links /approvals/{step}) with its approve and deny links. */
function withApprovalLinks(
  mail: RenderedMail,
  n: { url: string | null; userId: number | null; lang: Language; channel: MailChannel },
  links: ApprovalLinks | undefined,
): RenderedMail {
  const step = n.url ? /^\/approvals\/(\d+)$/.exec(n.url)?.[1] : undefined;
  if (!links || step === undefined || n.userId === null || n.channel !== 'email') return mail;
  const l = links({ stepId: Number(step), userId: n.userId });
  const lines =
    n.lang === 'es'
      ? ['', 'Aprobar (se te pedirá confirmar):', l.approve, 'Rechazar:', l.deny]
      : ['', 'Approve (you will be asked to confirm):', l.approve, 'Deny:', l.deny];
  return { ...mail, text: `${mail.text}\n${lines.join('\n')}` };
}

/** An approval link as the outbox's readers see it: the token is its approver's credential (A6.19). */
const maskApprovalLinks = (text: string) => text.replace(/\/approvals\/link\/\S+/g, '/approvals/link/…');

/**
 * `renderOutboxRow` for many rows (the mail worker's claimed batch), by outbox id: what they reference is
 * read in one query whatever their number.
 */
export async function renderOutboxRows(
  db: DbOrTx,
  rows: readonly OutboxRow[],
  publicUrl: string,
  channel?: MailChannel,
  opts: { approvalLinks?: ApprovalLinks } = {},
): Promise<Map<number, RenderedMail | null>> {
  const rendered = new Map<number, RenderedMail | null>();
  const todo: OutboxRow[] = [];
  for (const row of rows) {
    if (row.subject !== null && row.bodyText !== null) rendered.set(row.id, { subject: row.subject, text: row.bodyText, link: publicUrl });
    else todo.push(row);
  }
  if (!todo.length) return rendered;
  const found = await db.execute<RenderSource>(sql`
    select x.id, u.name, p.language, n.item_type, n.description, n.url, ord.id as order_id, ord.total,
      case when ord.id is not null then (
        select coalesce(json_agg(json_build_object('name', pr.name, 'nameEn', pr.name_en, 'quantity', l.quantity) order by l.product_id), '[]'::json)
        from ${s.orderLines} l join ${s.products} pr on pr.id = l.product_id
        where l.order_id = ord.id) end as lines
    from ${s.emailOutbox} x
      left join ${s.users} u on u.id = x.user_id
      left join ${s.profiles} p on p.user_id = u.id
      left join ${s.notifications} n on x.kind = 'notification' and n.id = x.notification_id
      left join ${s.orders} ord on x.kind = 'orderApproved' and ord.id = x.ref_id
    where x.id = any(${intArray(todo.map((r) => r.id))}::int[])`);
  const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
  for (const row of todo) {
    const src = byId.get(row.id);
    const as = channel ?? row.channel;
    const ctx = {
      lang: (src?.language ?? defaultLanguage) as Language,
      name: src?.name ?? row.toAddress,
      publicUrl,
      channel: as,
      insteadOfTeams: as === 'email' && (row.channel === 'teams' || !!row.lastError?.startsWith('Teams:')),
    };
    let mail: RenderedMail | null = null;
    if (src && row.kind === 'notification' && src.item_type !== null && src.description !== null)
      mail = withApprovalLinks(
        renderNotificationMail({ itemType: src.item_type, description: src.description, url: src.url }, ctx),
        { url: src.url, userId: row.userId, lang: ctx.lang, channel: as },
        opts.approvalLinks,
      );
    else if (src && row.kind === 'orderApproved' && src.order_id !== null)
      mail = renderOrderApprovedMail({ id: Number(src.order_id), total: Number(src.total), lines: src.lines ?? [] }, ctx);
    rendered.set(row.id, mail);
  }
  return rendered;
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
  const texts = await renderOutboxRows(db, rows, q.publicUrl);
  const data: OutboxMessage[] = [];
  for (const row of rows) {
    const mail = texts.get(row.id);
    data.push({
      id: row.id,
      kind: row.kind,
      channel: row.channel,
      toAddress: row.toAddress,
      subject: mail?.subject ?? '',
      bodyText: maskApprovalLinks(mail?.text ?? ''),
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
