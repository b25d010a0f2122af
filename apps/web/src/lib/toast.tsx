import { lazy, Suspense } from 'react';
import { TOAST_MS } from '@rewards/shared/constants';

/**
 * Toasts (sonner) load after the first paint: the module comes with the first toast or right after
 * the shell renders, whichever is first. Same API as sonner's `toast` for what we use.
 */
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | null = null;
const load = () => (loading ??= import('sonner'));

export const toast = {
  success: (message: string) => void load().then((s) => s.toast.success(message)),
  error: (message: string) => void load().then((s) => s.toast.error(message)),
  warning: (message: string) => void load().then((s) => s.toast.warning(message)),
};

const LazyToaster = lazy(async () => {
  const { Toaster } = await load();
  return { default: () => <Toaster position="bottom-right" duration={TOAST_MS} richColors closeButton /> };
});

/** Toasts bottom-right, 6000 ms (docs/architecture.md P9). */
export function Toasts() {
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
