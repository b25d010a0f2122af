import { z } from 'zod';
import { paginationSchema } from './common.ts';
import { mailChannels, mailKinds, mailStatuses } from './mail-rules.ts';

/**
 * The e-mail outbox (docs/architecture.md A1 and A6, docs/decisions/0007-profile-and-mail.md): its statuses,
 * kinds, channels and retry rules live in the zod-free mail-rules.ts, re-exported here.
 */
export * from './mail-rules.ts';

/** `GET /api/mail/outbox` filters. */
export const outboxQuerySchema = z
  .object({
    page: paginationSchema.shape.page,
    pageSize: paginationSchema.shape.pageSize,
    status: z.enum(mailStatuses).optional(),
  })
  .strict();
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** A row of the outbox as administrators read it (subject and text as sent, or as they will be). */
export const outboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.enum(mailKinds),
  channel: z.enum(mailChannels),
  toAddress: z.string(),
  subject: z.string(),
  bodyText: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  notificationId: z.number().int().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
