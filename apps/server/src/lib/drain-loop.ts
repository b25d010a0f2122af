/**
 * Runs `batch` every `intervalMs` and at once, draining what is due a batch at a time (at most 50 batches a
 * pass) while it answers true; never two passes at once in one process. `stop()` waits for the pass that
 * is running. The outbox workers (e-mail, Teams) are each one of these.
 */
export function startDrainLoop(p: { batch: () => Promise<boolean>; intervalMs?: number; onError?: (err: unknown) => void }): {
  stop: () => Promise<void>;
} {
  let running: Promise<void> | null = null;
  let stopped = false;
  const pass = () => {
    if (running || stopped) return;
    running = (async () => {
      try {
        for (let i = 0; i < 50 && !stopped; i++) if (!(await p.batch())) break;
      } catch (err) {
        p.onError?.(err);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(pass, p.intervalMs ?? 5_000);
  timer.unref();
  pass();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
