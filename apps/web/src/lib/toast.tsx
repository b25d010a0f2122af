import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { TOAST_MS } from '@rewards/shared/constants';

/**
 * Toasts (sonner) load with the first toast: most visits show none, so their pages never download it
 * (docs/decisions/0028-light-first-paint.md). Same API as sonner's `toast` for what we use; a toast asked for
 * while the library loads shows once its Toaster is mounted.
 */
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | null = null;
const load = () => (loading ??= import('sonner'));

let wanted = false;
const listeners = new Set<() => void>();
let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve));

function show(kind: 'success' | 'error' | 'warning') {
  return (message: string) => {
    if (!wanted) {
      wanted = true;
      listeners.forEach((l) => l());
    }
    void Promise.all([load(), mounted]).then(([s]) => s.toast[kind](message));
  };
}

export const toast = { success: show('success'), error: show('error'), warning: show('warning') };

const LazyToaster = lazy(async () => {
  const { Toaster } = await load();
  return {
    default: function MountedToaster() {
      // Effects run children first: sonner's Toaster listens by the time this one runs.
      useEffect(() => toasterMounted(), []);
      return <Toaster position="bottom-right" duration={TOAST_MS} richColors closeButton />;
    },
  };
});

/** Toasts bottom-right, 6000 ms (docs/architecture.md P9). */
export function Toasts() {
  const on = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => wanted,
    () => false,
  );
  return on ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}
