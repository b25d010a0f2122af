/** Services take the current time from here, so tests can set any date (docs/architecture.md A6). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export function fixedClock(start: Date | string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set(to: Date | string) {
      current = new Date(to);
    },
    advance(ms: number) {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * The system's time moved forward by hand (TEST_CLOCK_ROUTES, the browser journeys only: config.ts refuses it
 * in production): a journey moves the server a week on to see an approval escalate (docs/architecture.md A6.19).
 */
export function movableClock() {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms: number) {
      offset += ms;
    },
  };
}
