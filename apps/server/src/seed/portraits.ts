import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { demoAccounts, directoryOnlyAccounts } from './demo-accounts.ts';

/**
 * Portraits of the bundled identity provider's demo accounts (its `picture` claim): drawn here with sharp,
 * no network, and served as files of the uploads folder (`/uploads/idp/<name>.png`). Signing in stores a
 * copy as the user's work photo, as a corporate provider's picture would be.
 */
const FOLDER = 'idp';

const localPart = (email: string) =>
  email
    .split('@')[0]!
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '');

export const portraitFile = (uploadsDir: string, email: string) => path.join(uploadsDir, FOLDER, `${localPart(email)}.png`);
export const portraitUrl = (publicUrl: string, email: string) => `${publicUrl}/uploads/${FOLDER}/${localPart(email)}.png`;

/** A 256 px portrait: a coloured background of its own, a head and shoulders, the initials. */
export function portraitSvg(p: { email: string; name: string; lastName: string | null }): string {
  let hash = 0;
  for (const ch of p.email) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const hue = hash % 360;
  const initials = `${p.name[0] ?? ''}${p.lastName?.[0] ?? ''}`.toUpperCase().replace(/[<&>]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="hsl(${hue}, 55%, 78%)"/>
<circle cx="128" cy="104" r="52" fill="hsl(${hue}, 35%, 45%)"/>
<ellipse cx="128" cy="250" rx="92" ry="74" fill="hsl(${hue}, 35%, 45%)"/>
<text x="128" y="118" font-family="DejaVu Sans, sans-serif" font-size="40" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;
}

/** Writes the portraits that are missing (idempotent; a few milliseconds each). */
export async function writeDemoPortraits(uploadsDir: string): Promise<number> {
  await fs.mkdir(path.join(uploadsDir, FOLDER), { recursive: true });
  let written = 0;
  for (const account of [...demoAccounts, ...directoryOnlyAccounts]) {
    const file = portraitFile(uploadsDir, account.email);
    const exists = await fs.stat(file).then(
      () => true,
      () => false,
    );
    if (exists) continue;
    await sharp(Buffer.from(portraitSvg(account)))
      .png()
      .toFile(file);
    written++;
  }
  return written;
}
