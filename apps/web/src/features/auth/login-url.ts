const POSITION_KEY = 'geo';

/** Asks the browser for its position once per visit (SPEC.md section 2); used to pick the nearest office. */
export function requestPosition() {
  if (!('geolocation' in navigator) || sessionStorage.getItem(POSITION_KEY)) return;
  navigator.geolocation.getCurrentPosition(
    (p) => sessionStorage.setItem(POSITION_KEY, JSON.stringify({ lat: p.coords.latitude, long: p.coords.longitude })),
    () => sessionStorage.setItem(POSITION_KEY, 'denied'),
    { maximumAge: 3_600_000, timeout: 10_000 },
  );
}

/** The server-side sign-in start (OIDC authorization code + PKCE), with where to come back. */
export function loginUrl(returnTo = '/'): string {
  const params = new URLSearchParams({ returnTo });
  try {
    const stored = JSON.parse(sessionStorage.getItem(POSITION_KEY) ?? 'null') as { lat: number; long: number } | null;
    if (stored && typeof stored.lat === 'number') {
      params.set('lat', stored.lat.toFixed(4));
      params.set('long', stored.long.toFixed(4));
    }
  } catch {
    /* no position */
  }
  return `/api/auth/login?${params}`;
}
