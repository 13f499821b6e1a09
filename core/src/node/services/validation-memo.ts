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
 * the least recently used dropped first. Every text has a key, whatever its length (the body limit
 * bounds it): a 1 Mi character cap left the 1,000 and 2,000-cell alignments (1.2 and 2.4 MB) out, and
 * each of their openings sent a text the server had just stored to a new analysis (600 ms at 2,000
 * cells). The digest runs on libuv's thread pool (WebCrypto); what stays on the event loop is
 * encoding the text and WebCrypto's copy of it, about 1 ms per MB, less than reading the same body
 * off the socket and cloning it to the analysis worker cost already (createHash here took 2.6 ms per
 * MB on a quiet host, 100-150 ms for 8 MiB under load). Only successes are kept: a text with errors is being
 * edited, and its next version is another text.
 */
import { webcrypto } from 'node:crypto';
import type { api } from '../../common/index.js';
import { RecentlyUsed } from './recently-used.js';

export class ValidationMemo {
  private readonly replies: RecentlyUsed<string, api.ValidationReply>;

  constructor(
    /** How many replies are kept. */
    readonly capacity = 64,
    private readonly maxWarnings = 1000,
  ) {
    this.replies = new RecentlyUsed(capacity);
  }

  /** The key of a text: its SHA-256, so two texts share a reply only when they are the same bytes. */
  static async keyOf(xml: string): Promise<string> {
    return Buffer.from(await webcrypto.subtle.digest('SHA-256', Buffer.from(xml, 'utf8'))).toString('base64');
  }

  /** The reply kept for this key, now the most recently used; undefined when none is. */
  get(key: string): api.ValidationReply | undefined {
    return this.replies.get(key);
  }

  /** Keeps a reply (frozen: every later request is handed the same object). */
  remember(key: string, reply: api.ValidationReply): void {
    if (reply.warnings.length > this.maxWarnings) return;
    this.replies.set(key, Object.freeze({ message: reply.message, warnings: Object.freeze([...reply.warnings]) as api.ValidationReply['warnings'] }));
  }

  get size(): number {
    return this.replies.size;
  }
}
