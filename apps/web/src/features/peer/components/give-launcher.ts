import { useSyncExternalStore } from 'react';
import type { Person } from '../api/types';

/**
 * Who opened the give dialog and for whom: the header's button (nobody chosen yet) or a person in the feed
 * (that person chosen). One dialog for the whole page, held by the header's button (GiveButton).
 */
export interface GiveRequest {
  /** Changes with every opening, so the form starts afresh. */
  id: number;
  recipients: Person[];
}

let request: GiveRequest | null = null;
let next = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Opens the give dialog, with these colleagues already chosen. */
export function openGive(recipients: Person[] = []): void {
  request = { id: next++, recipients };
  emit();
}

export function closeGive(): void {
  request = null;
  emit();
}

/** The open request, or null while the dialog is closed. */
export function useGiveRequest(): GiveRequest | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => request,
    () => null,
  );
}
