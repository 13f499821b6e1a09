/**
 * UTF-8 bytes of channel outputs, cut from a shared slab instead of one allocation each.
 *
 * A transport hands each output to its client as bytes (they live outside the V8 heap while the
 * broker confirms). `Buffer.from(text)` of an output above 4 KiB (Node's pool takes only smaller
 * ones) allocates a fresh ArrayBuffer each time: about half of the conversion's time, and one more
 * backing store for the collector to track and free per message (issue 42). Here outputs are
 * encoded one after another into a 1 MiB slab; each keeps the slab alive until the client lets go
 * of it, which a channel's publish window bounds (a few slabs at a time).
 */

const SLAB_BYTES = 1024 * 1024;
/** Texts that may need more than this are encoded on their own, so one large output does not retire a slab. */
const LARGEST_IN_SLAB = SLAB_BYTES / 8;

export class Utf8Slab {
  private slab: Buffer | undefined;
  private used = 0;

  /** The UTF-8 bytes of `text` (a view of the slab, or a buffer of its own for a large text). */
  encode(text: string): Buffer {
    // A UTF-16 code unit takes at most 3 bytes in UTF-8 (a surrogate pair, two units, takes 4).
    const most = text.length * 3;
    if (most > LARGEST_IN_SLAB) return Buffer.from(text, 'utf8');
    if (this.slab === undefined || this.slab.length - this.used < most) {
      this.slab = Buffer.allocUnsafe(SLAB_BYTES);
      this.used = 0;
    }
    const start = this.used;
    const written = this.slab.write(text, start, 'utf8');
    // Aligned to 8 bytes, as Node's own pool does.
    this.used = (start + written + 7) & ~7;
    return this.slab.subarray(start, start + written);
  }
}
