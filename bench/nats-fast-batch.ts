/**
 * Prototype (issue 42, point 5): a channel's outputs published as a JetStream fast-ingest batch
 * (stream setting `allow_batched`, nats-server 2.14 and later) instead of one acknowledged publish
 * per output, to measure what the servers save before building it into the transport.
 *
 * The protocol, as nats-server 2.15 implements it (server/stream.go, jetstream_batching.go): a
 * batch is plain publishes to the stream's subject whose reply subject carries the batch,
 * `<inbox>.<batch id>.<flow>.<gap mode>.<batch sequence>.<operation>.$FI`, operation 0 starting
 * it (sequence 1), 1 appending, 3 ending it without storing that message (`eob`) and 4 asking for
 * the last flow acknowledgement again. The server stores each message as it arrives, with the
 * usual `Nats-Msg-Id` de-duplication (a duplicate is skipped and counts as stored), and answers
 * on the reply subject of the message that triggered it: `{"type":"ack","seq":n,"msgs":m}` once
 * every m messages (n: the batch sequence up to which everything is stored, in gap mode `fail`),
 * `{"type":"gap",...}` or `{"type":"err",...}` before ending the batch, and a PubAck
 * (`{"stream","seq","batch","count"}`, count: the last batch sequence stored) when it ends, or an
 * error PubAck. A new stream leader re-sends the last flow acknowledgement; a message lost on the
 * way is a gap, which in `fail` mode ends the batch at the last stored one.
 *
 * What this prototype does with that: one batch per subject, flow `flow` (the server never
 * acknowledges less often than asked, so the channel's publish window of 256 must exceed it), the
 * batch ended by an `eob` once nothing was added for `idleMs` (the tail of a burst gets no flow
 * acknowledgement otherwise, and the server abandons a batch idle for 10 s). Anything that ends a
 * batch early or leaves a publish unconfirmed for `timeoutMs` rejects the publishes not confirmed,
 * which the transport then retries one by one under the same `Nats-Msg-Id`, as it does today.
 */
import { createInbox, headers, type Msg, type MsgHdrs, type NatsConnection, type Subscription } from 'nats';

/** The transport's writer of one event-loop turn (NatsOutbox): its writes leave in one socket write. */
export interface Outbox {
  defer(write: () => void): void;
}

interface Waiting {
  readonly seq: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
  readonly deadline: number;
}

interface Batch {
  readonly id: string;
  readonly subject: string;
  /** The batch sequence of the last message added. */
  seq: number;
  /** `seq` when the idle check last looked. */
  seenSeq: number;
  ended: boolean;
  /** Publishes not yet confirmed, in batch order. */
  readonly waiting: Waiting[];
}

interface BatchReply {
  readonly type?: string;
  readonly seq?: number;
  readonly stream?: string;
  readonly count?: number;
  readonly error?: { readonly code: number; readonly description: string };
}

const OP_START = 0;
const OP_APPEND = 1;
const OP_EOB = 3;

/** What the prototype's publishes came to, so a run shows the batches worked (not the fallback). */
export const fastBatchCounts = { confirmedByFlow: 0, confirmedByEnd: 0, rejected: 0, batches: 0 };

export class FastBatchPublisher {
  private readonly inbox = createInbox();
  private readonly subscription: Subscription;
  private readonly batches = new Map<string, Batch>();
  private readonly byId = new Map<string, Batch>();
  private readonly timer: ReturnType<typeof setInterval>;
  private nextId = 0;
  private closed = false;

  constructor(
    readonly nc: NatsConnection,
    private readonly outbox: Outbox,
    private readonly timeoutMs: number,
    private readonly flow = 64,
    idleMs = 5,
  ) {
    this.subscription = nc.subscribe(`${this.inbox}.>`, { callback: (_error, msg) => this.onReply(msg) });
    this.timer = setInterval(() => this.tick(), idleMs);
    this.timer.unref();
  }

  publish(subject: string, value: Uint8Array, msgID: string): Promise<void> {
    if (this.closed || this.nc.isClosed()) return Promise.reject(new Error('NATS connection closed'));
    let batch = this.batches.get(subject);
    if (batch === undefined) {
      batch = { id: `${process.pid}x${(this.nextId++).toString(36)}`, subject, seq: 0, seenSeq: 0, ended: false, waiting: [] };
      this.batches.set(subject, batch);
      this.byId.set(batch.id, batch);
      fastBatchCounts.batches += 1;
    }
    const seq = ++batch.seq;
    const done = new Promise<void>((resolve, reject) => {
      batch.waiting.push({ seq, resolve, reject, deadline: Date.now() + this.timeoutMs });
    });
    const h: MsgHdrs = headers();
    h.set('Nats-Msg-Id', msgID);
    const reply = this.reply(batch.id, seq, seq === 1 ? OP_START : OP_APPEND);
    this.outbox.defer(() => this.nc.publish(subject, value, { reply, headers: h }));
    return done;
  }

  private reply(id: string, seq: number, op: number): string {
    return `${this.inbox}.${id}.${this.flow}.fail.${seq}.${op}.$FI`;
  }

  private onReply(msg: Msg): void {
    const id = msg.subject.slice(this.inbox.length + 1, msg.subject.indexOf('.', this.inbox.length + 1));
    const batch = this.byId.get(id);
    if (batch === undefined) return;
    let r: BatchReply;
    try {
      r = msg.json<BatchReply>();
    } catch {
      return;
    }
    if (r.type === 'ack') fastBatchCounts.confirmedByFlow += this.confirm(batch, r.seq ?? 0);
    else if (r.error !== undefined) this.end(batch, 0, `batch refused: ${r.error.description}`);
    else if (r.stream !== undefined) this.end(batch, r.count ?? 0, 'batch ended early');
    // "gap" and "err" are followed by the PubAck that ends the batch.
  }

  private confirm(batch: Batch, upTo: number): number {
    let n = 0;
    while (n < batch.waiting.length && batch.waiting[n]!.seq <= upTo) batch.waiting[n++]!.resolve();
    if (n > 0) batch.waiting.splice(0, n);
    return n;
  }

  /** The batch ended: up to `upTo` stored, the rest rejected (the transport retries them one by one). */
  private end(batch: Batch, upTo: number, why: string): void {
    fastBatchCounts.confirmedByEnd += this.confirm(batch, upTo);
    fastBatchCounts.rejected += batch.waiting.length;
    for (const w of batch.waiting) w.reject(new Error(why));
    batch.waiting.length = 0;
    this.forget(batch);
  }

  private forget(batch: Batch): void {
    batch.ended = true;
    if (this.batches.get(batch.subject) === batch) this.batches.delete(batch.subject);
    if (batch.waiting.length === 0) this.byId.delete(batch.id);
  }

  private tick(): void {
    const now = Date.now();
    for (const batch of this.byId.values()) {
      const first = batch.waiting[0];
      if (first !== undefined && first.deadline <= now) {
        this.end(batch, 0, `no flow acknowledgement within ${this.timeoutMs} ms`);
        continue;
      }
      if (!batch.ended && batch.seq === batch.seenSeq && batch.waiting.length > 0) {
        // Idle with unconfirmed publishes: end the batch, whose PubAck confirms them all.
        const eob = this.reply(batch.id, batch.seq + 1, OP_EOB);
        this.forget(batch);
        this.outbox.defer(() => this.nc.publish(batch.subject, new Uint8Array(0), { reply: eob }));
      }
      batch.seenSeq = batch.seq;
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.timer);
    for (const batch of this.byId.values()) for (const w of batch.waiting) w.reject(new Error('NATS connection closed'));
    this.byId.clear();
    this.batches.clear();
    try {
      this.subscription.unsubscribe();
    } catch {
      // closed already
    }
  }
}
