/**
 * The validation replies of alignment texts this server has read lately, by the text's SHA-256
 * (issue 42). A reply depends only on the text (and the server's compile options, fixed for its
 * life), and the workbench validates an unedited stored alignment each time it opens one: the same
 * text the server compiled at start or at its upload, or for an earlier opening: 70-110 ms of a worker per opening
 * for 200 cells, and the page waited for it (open-large-alignment.js, builds alternated: the
 * alignment checked 395 and 404 ms after the click before, 231 and 294 ms with this; the first
 * opening 609 and 621 ms, now 268 and 403). Hashing the text is well under a millisecond.
 *
 * Bounded: `capacity` texts, each reply at most `maxWarnings` warnings (a larger one is not kept),
 * the least recently used dropped first. The key is hashed on the event loop, so texts longer than
 * MAX_TEXT_LENGTH (1 Mi characters, four times the 200-cell alignment) have none and go to the
 * analysis as before: an 8 MiB body (the default limit) took 100-150 ms to hash on this loaded
 * 2-core machine, where 238 KB take 0.2-0.5 ms. Only successes are kept: a text with errors is being
 * edited, and its next version is another text. A hand-written recency map (a JavaScript Map keeps
 * insertion order) rather than a cache library: it is a dozen lines and needs no dependency.
 */
import { createHash } from 'node:crypto';
import type { api } from '../../common/index.js';

export class ValidationMemo {
  private readonly replies = new Map<string, api.ValidationReply>();

  constructor(
    /** How many replies are kept. */
    readonly capacity = 64,
    private readonly maxWarnings = 1000,
  ) {}

  static readonly MAX_TEXT_LENGTH = 1 << 20;

  /** The key of a text: its SHA-256, so two texts share a reply only when they are the same bytes; none for a text too long to hash here. */
  static keyOf(xml: string): string | undefined {
    return xml.length > ValidationMemo.MAX_TEXT_LENGTH ? undefined : createHash('sha256').update(xml, 'utf8').digest('base64');
  }

  /** The reply kept for this key, now the most recently used; undefined when none is (or there is no key). */
  get(key: string | undefined): api.ValidationReply | undefined {
    if (key === undefined) return undefined;
    const reply = this.replies.get(key);
    if (reply !== undefined) {
      this.replies.delete(key);
      this.replies.set(key, reply);
    }
    return reply;
  }

  /** Keeps a reply (frozen: every later request is handed the same object). */
  remember(key: string | undefined, reply: api.ValidationReply): void {
    if (key === undefined || reply.warnings.length > this.maxWarnings || this.capacity <= 0) return;
    this.replies.delete(key);
    this.replies.set(key, Object.freeze({ message: reply.message, warnings: Object.freeze([...reply.warnings]) as api.ValidationReply['warnings'] }));
    while (this.replies.size > this.capacity) this.replies.delete(this.replies.keys().next().value as string);
  }

  get size(): number {
    return this.replies.size;
  }
}
