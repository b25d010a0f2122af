import { useState } from 'react';
import { variantUrl } from '@/lib/images';

/** Up to two initials: the first letters of the name and last name (or of the first two words). */
export function initialsOf(name: string, lastName?: string | null): string {
  const words = [name, lastName ?? ''].join(' ').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toLocaleUpperCase())
    .join('');
}

const sizes = { sm: 'h-8 w-8 text-xs', lg: 'h-16 w-16 text-xl' } as const;

/**
 * The user's work photo (stored with our variants: the 300 px one is plenty for an avatar), or their
 * initials when there is none or it does not load. Decorative: the name is always written next to it.
 */
export function Avatar({
  user,
  size = 'sm',
}: {
  user: { name: string; lastName: string | null; profilePictureUrl: string | null };
  size?: keyof typeof sizes;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = user.profilePictureUrl;
  const px = size === 'sm' ? 32 : 64;
  if (url && failed !== url) {
    return (
      <img
        src={/-(300|600|1200)\.webp$/.test(url) ? variantUrl(url, 300) : url}
        alt=""
        width={px}
        height={px}
        className={`${sizes[size]} shrink-0 rounded-full object-cover`}
        onError={() => setFailed(url)}
        data-testid="avatar-photo"
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-800 select-none`}
      data-testid="avatar-initials"
    >
      {initialsOf(user.name, user.lastName)}
    </span>
  );
}
