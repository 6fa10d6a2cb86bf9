// Record texts go to SQLite as the UTF-8 bytes that were hashed: one encoding per record
// serves both the leaf hash and the stored value, and SQLite need not convert the string again.
// The bytes of one append are written one after another into a reused buffer, which also spares
// measuring each text's UTF-8 length first (as long as encoding a 1.4 kB record).
import type { HashAlgorithm } from '../core/audit/hash';

/** A record text as stored: its UTF-8 bytes and its RFC 6962 leaf hash H(0x00 ‖ bytes). */
export interface EncodedText {
  bytes: Buffer;
  leaf: Uint8Array;
}

/** Enough for a batch of a hundred typical records without a second buffer. */
const DEFAULT_CAPACITY = 256 * 1024;

export class RecordEncoder {
  private buf: Buffer;
  private used = 0;

  constructor(
    private readonly alg: HashAlgorithm,
    private readonly capacity = DEFAULT_CAPACITY,
  ) {
    this.buf = Buffer.allocUnsafe(capacity);
  }

  /**
   * Starts a new batch: the bytes handed out before are overwritten from here on, so call it
   * only once the previous batch has been written (SQLite copies bound values).
   */
  reset(): void {
    this.used = 0;
  }

  encode(text: string): EncodedText {
    // A UTF-16 code unit takes at most 3 bytes of UTF-8, plus the 0x00 leaf prefix.
    const worst = 1 + 3 * text.length;
    if (this.used + worst > this.buf.length) {
      // Earlier views keep the old buffer alive until their batch is written.
      this.buf = Buffer.allocUnsafe(Math.max(this.capacity, worst));
      this.used = 0;
    }
    const start = this.used;
    this.buf[start] = 0x00;
    const n = this.buf.write(text, start + 1, 'utf8');
    const prefixed = this.buf.subarray(start, start + 1 + n);
    this.used = start + 1 + n;
    return { bytes: prefixed.subarray(1), leaf: this.alg.hash(prefixed) };
  }
}
