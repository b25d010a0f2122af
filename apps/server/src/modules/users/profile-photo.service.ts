import { and, eq, isNull } from 'drizzle-orm';
import { ResponseType, type Client } from '@microsoft/microsoft-graph-client';
import type { DbOrTx } from '../../db/client.ts';
import * as s from '../../db/schema/index.ts';
import { removeImage, storeImage } from '../../lib/images.ts';
import { GRAPH_TIMEOUT_MS } from '../../lib/graph.ts';

/** A photo larger than this is not a profile photo. */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The photo is fetched during sign-in: a slow host costs at most this. */
export const PHOTO_TIMEOUT_MS = 5_000;

export type PhotoFetch = (url: string, init: { method: string; headers: Record<string, string> }) => Promise<Response>;

/** Where the work photo comes from: the provider's `picture` claim (a URL), or Microsoft Graph's /me/photo. */
export type PhotoSource = { kind: 'url'; url: string; fetch?: PhotoFetch } | { kind: 'graph'; client: Client };

async function readUrl(url: string, fetchImpl: PhotoFetch): Promise<Buffer> {
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error(`not an http(s) picture: ${u.protocol}`);
  const res = await Promise.race([
    fetchImpl(u.href, { method: 'GET', headers: { accept: 'image/*' } }),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('picture timed out')), PHOTO_TIMEOUT_MS).unref()),
  ]);
  if (!res.ok) throw new Error(`picture answered ${res.status}`);
  if (Number(res.headers.get('content-length') ?? 0) > PHOTO_MAX_BYTES) throw new Error('picture too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > PHOTO_MAX_BYTES) throw new Error('picture too large');
  return bytes;
}

async function readGraph(client: Client): Promise<Buffer> {
  const data = (await client
    .api('/me/photo/$value')
    .option('signal', AbortSignal.timeout(GRAPH_TIMEOUT_MS))
    .responseType(ResponseType.ARRAYBUFFER)
    .get()) as ArrayBuffer;
  if (data.byteLength > PHOTO_MAX_BYTES) throw new Error('picture too large');
  return Buffer.from(data);
}

/**
 * The user's work photo, fetched once: when the user has none yet, it is read from `source`, validated by
 * decoding and stored as an upload with our image variants (uploads/avatars), and kept on the user; every
 * later sign-in uses it as it is. A missing, failing, slow or invalid picture leaves the user without one
 * (the web shows initials) and is tried again at the next sign-in. Never throws.
 */
export async function ensureProfilePhoto(
  db: DbOrTx,
  p: { userId: number; uploadsDir: string; source: PhotoSource | null; onError?: (err: unknown) => void },
): Promise<string | null> {
  const [user] = await db.select({ url: s.users.profilePictureUrl }).from(s.users).where(eq(s.users.id, p.userId));
  if (!user) return null;
  if (user.url || !p.source) return user.url ?? null;
  let stored: string | null = null;
  try {
    const bytes = p.source.kind === 'url' ? await readUrl(p.source.url, p.source.fetch ?? fetch) : await readGraph(p.source.client);
    stored = await storeImage(p.uploadsDir, 'avatars', bytes);
    const [kept] = await db
      .update(s.users)
      .set({ profilePictureUrl: stored })
      .where(and(eq(s.users.id, p.userId), isNull(s.users.profilePictureUrl)))
      .returning({ url: s.users.profilePictureUrl });
    if (kept) return stored;
    // Another sign-in of the same user stored one a moment ago: keep theirs.
    await removeImage(p.uploadsDir, stored);
    const [now] = await db.select({ url: s.users.profilePictureUrl }).from(s.users).where(eq(s.users.id, p.userId));
    return now?.url ?? null;
  } catch (err) {
    if (stored) await removeImage(p.uploadsDir, stored);
    p.onError?.(err);
    return null;
  }
}
