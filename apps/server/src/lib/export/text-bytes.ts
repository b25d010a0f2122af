/**
 * Text and bytes appended straight into one reused buffer (docs/decisions/0005-bulk-loads.md, "Exports
 * stream"): an export handles hundreds of thousands of rows, and what it allocates per row is what the
 * server's memory grows by until V8 next collects its old generation. Text is written as UTF-8.
 */
export class TextBytes {
  private buffer: Buffer;
  private length = 0;

  constructor(size = 256 * 1024) {
    this.buffer = Buffer.allocUnsafe(size);
  }

  add(text: string): void {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    this.room(text.length * 3);
    this.length += this.buffer.write(text, this.length);
  }

  addBytes(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** Appends `source`'s bytes from `start` to `end` (no view of them is made). */
  addRange(source: Buffer, start: number, end: number): void {
    this.room(end - start);
    this.length += source.copy(this.buffer, this.length, start, end);
  }

  /** Forgets the first `count` bytes written. */
  drop(count: number): void {
    this.buffer.copyWithin(0, count, this.length);
    this.length -= count;
  }

  /** What was written since the last clear(): a view of the buffer, valid until the next add() after a clear(). */
  get bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  clear(): void {
    this.length = 0;
  }

  private room(more: number): void {
    if (this.length + more <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.length + more, this.buffer.length * 2));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }
}
