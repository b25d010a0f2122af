const POSITION_KEY = 'geo';

export interface BrowserPosition {
  lat: number;
  long: number;
}

/** The position this visit already learnt: a position, 'denied', or null when not asked yet. */
export function storedPosition(): BrowserPosition | 'denied' | null {
  try {
    const raw = sessionStorage.getItem(POSITION_KEY);
    if (raw === 'denied') return 'denied';
    const parsed = JSON.parse(raw ?? 'null') as BrowserPosition | null;
    return parsed && typeof parsed.lat === 'number' && typeof parsed.long === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

let asked: Promise<BrowserPosition | null> | null = null;

/**
 * Asks the browser for its position once per visit (docs/architecture.md P2: the layout does it on mount); the
 * answer is kept for the visit. Used to pick the nearest office, at sign-in and for a user without one.
 */
export function requestPosition(): Promise<BrowserPosition | null> {
  asked ??= new Promise((resolve) => {
    const stored = storedPosition();
    if (stored) return resolve(stored === 'denied' ? null : stored);
    if (!('geolocation' in navigator)) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const position = { lat: p.coords.latitude, long: p.coords.longitude };
        sessionStorage.setItem(POSITION_KEY, JSON.stringify(position));
        resolve(position);
      },
      () => {
        sessionStorage.setItem(POSITION_KEY, 'denied');
        resolve(null);
      },
      { maximumAge: 3_600_000, timeout: 10_000 },
    );
  });
  return asked;
}

export type PositionFailure = 'unsupported' | 'denied' | 'unavailable';

/**
 * Asks the browser for its position now (the profile's "use my current location"): the position, or why
 * there is none. The answer replaces the one this visit kept.
 */
export function askPosition(): Promise<BrowserPosition | PositionFailure> {
  return new Promise((resolve) => {
    if (!('geolocation' in navigator)) return resolve('unsupported');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const position = { lat: p.coords.latitude, long: p.coords.longitude };
        try {
          sessionStorage.setItem(POSITION_KEY, JSON.stringify(position));
        } catch {
          // Storage refused (private mode): the position is still good for this call.
        }
        resolve(position);
      },
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { maximumAge: 60_000, timeout: 15_000 },
    );
  });
}
