// Compressed bodies kept for reuse, least recently used first out, within a byte budget.
// Keys name the body by its hash (the ETag's) and the coding, so a body that changes gets
// a new key and the old one ages out.

export class CompressedCache {
  private readonly entries = new Map<string, Uint8Array>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Uint8Array | undefined {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.bytes -= previous.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, value);
    this.bytes += value.byteLength;
    for (const [oldest, bytes] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= bytes.byteLength;
    }
  }

  get size(): number {
    return this.bytes;
  }
}
