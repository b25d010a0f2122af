import { storedPosition } from '@/lib/geolocation';

export { requestPosition } from '@/lib/geolocation';

/** The server-side sign-in start (OIDC authorization code + PKCE), with where to come back. */
export function loginUrl(returnTo = '/'): string {
  const params = new URLSearchParams({ returnTo });
  const stored = storedPosition();
  if (stored && stored !== 'denied') {
    params.set('lat', stored.lat.toFixed(4));
    params.set('long', stored.long.toFixed(4));
  }
  return `/api/auth/login?${params}`;
}
