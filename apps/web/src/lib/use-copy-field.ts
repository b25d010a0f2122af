import { useRef, useState } from 'react';

/**
 * Copying a read-only field's value (a secret shown once): to the clipboard where the browser allows it; else
 * the field is focused and selected, and `copy` says `failed` so the reader is told to copy it by hand.
 */
export function useCopyField(value: string) {
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copyToClipboard() {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on another host).
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      setCopy('failed');
      field.current?.focus();
      field.current?.select();
    }
  }

  return { field, copy, copyToClipboard };
}
