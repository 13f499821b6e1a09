/**
 * The configuration of a fleet of mediator processes on a NATS JetStream cluster (issue 13):
 * alignments and channel configurations (and any other `RecordKind`) in one key-value bucket,
 * `<prefix>_config`, that every process watches, so an upload, a channel creation or a deletion on
 * any process reaches all of them in bucket order.
 *
 * - Every process keeps a mirror of the bucket in memory and answers reads from it: reads never
 *   wait for the cluster, and a process cut off from it keeps serving what it has (`state()` says so).
 * - Writes go to the cluster first. A creation is the bucket's `create` (a put that only succeeds on
 *   an absent or deleted key), so two processes uploading the same alignment at once get exactly one
 *   winner: the other reads the winner's record (208 or 409, decided by fingerprint). A channel
 *   creation and an alignment deletion are decided by the log of the alignment record (slots taken
 *   by create-if-absent, "Arbitrated changes" below; README "Why racing changes agree"). The writer applies its own change to its mirror before
 *   answering, so a client reads its writes from the same process; the others see it through the
 *   watch, normally within milliseconds.
 * - A record's id is the revision of its creation (unique, never reused).
 * - A stored value larger than a NATS message (max_payload, 1 MiB by default; an upload may be up
 *   to the body limit) is split into content-addressed chunks in a second bucket,
 *   `<prefix>_documents`, written before the entry that names them.
 * - Buckets: file storage, history 1, 3 replicas on a cluster (fewer only when it cannot place 3),
 *   1 on a single server, leader reads (no direct get, whose replicas may lag behind a write).
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, ErrorCode, Events, StorageType, type KV, type KvEntry, type NatsConnection, type QueuedIterator } from 'nats';
import { ErrorCodes, MediatorError, NotFoundError, BadRequestError, silentLogger, type Logger } from '../../common/index.js';
import {
  ALIGNMENT_KIND,
  CHANNEL_KIND,
  RECORD_KINDS,
  SLOT_KIND,
  TOMBSTONE_KIND,
  type AdmittedChannel,
  type RecordKind,
  type SlotRecord,
  type TombstoneRecord,
} from './record-kinds.js';
import { apiErrCode, isRefusedCredentials, isTransientNatsError, messageOf, natsTimeout } from '../nats/nats-errors.js';
import { natsConnection, type NatsSecurity } from '../nats/nats-security.js';
import type { ConfigStore, ConfigStoreState } from './config-store.js';
import type { AlignmentRecord, ChannelRecord, InsertAlignmentResult, NewAlignment, NewChannel } from './records.js';
import { AlignmentInUseError } from './sqlite-store.js';

export interface NatsKvStoreOptions {
  /** Server URLs (or one comma-separated string), as for the NATS transport. */
  readonly servers: readonly string[] | string;
  readonly logger?: Logger;
  /** Bucket replicas; default 3 on a cluster (fewer if it cannot place 3), 1 on a single server. */
  readonly replicas?: number;
  /** Buckets are `<prefix>_config` and `<prefix>_documents`; default `mediator`. */
  readonly bucketPrefix?: string;
  /** How long `start()` waits to catch up with the buckets before serving what it has (default 30 s). */
  readonly syncTimeoutMs?: number;
  /**
   * How long `start()` waits for a first connection to NATS before it gives up (default 5 s); with
   * a connection, it gives up after `syncTimeoutMs` if the bucket never answered. A process that
   * never saw the configuration has nothing to serve but an empty one, which would be a lie, so it
   * fails to start instead, naming the store and the cause (issue 32).
   */
  readonly firstContactTimeoutMs?: number;
  /** How long a change may take, retries included, before 503 (default 2.5 s: an outage is told within 3 s, issue 32). */
  readonly writeTimeoutMs?: number;
  /** How often the cluster is asked whether it is there (default 2 s). */
  readonly probeIntervalMs?: number;
  /** TLS files and credentials, as the NATS transport takes them (issue 40). */
  readonly security?: NatsSecurity;
}

/** A change applied to the mirror, in bucket order: what the fleet's processes react to. */
export interface ConfigChange {
  readonly kind: string;
  readonly op: 'put' | 'delete';
  readonly record: unknown;
}

/** The change's record typed by its kind, or undefined when the change is of another kind. */
export function changeOf<T>(change: ConfigChange, kind: RecordKind<T>): { op: 'put' | 'delete'; record: T } | undefined {
  // The kind's name is what the record was decoded by (see #apply), so the record has its type.
  return change.kind === kind.name ? { op: change.op, record: change.record as T } : undefined;
}

interface Entry {
  readonly key: string;
  readonly kind: RecordKind<unknown>;
  readonly revision: number;
  readonly record: unknown;
  /** The chunks' digest when the value was too large for one message. */
  readonly digest: string | undefined;
  /** A channel stored by a mediator before issue 32, which no usage record admits (see #alive). */
  readonly legacy: boolean;
}

/** What a bucket entry holds: the writer's nonce and the stored record, inline or as chunks. */
interface Envelope {
  readonly v: 1;
  /** Random per write: tells a writer whose create was answered "exists" that the entry is its own (a retried create). */
  readonly w: string;
  readonly d?: unknown;
  readonly chunks?: { readonly digest: string; readonly count: number; readonly size: number };
}

interface Buckets {
  readonly nc: NatsConnection;
  readonly config: KV;
  readonly documents: KV;
  readonly chunkSize: number;
}

const WRONG_LAST_SEQUENCE = 10071;
/**
 * nats-server 2.10 and later on a cluster: a write conditioned on a key's revision while another
 * write of the same key is still being replicated is refused with this code ("wrong last sequence"
 * without a sequence) rather than queued. Unlike 10071 it decides nothing (the other write may still
 * fail), so the change is read again and retried, as after a lost race (2.9.10 never sends it).
 */
const KEY_WRITE_IN_FLIGHT = 10164;
const STREAM_NAME_IN_USE = 10058;
const NO_SUITABLE_PEERS = 10005;
const REPLICAS_NOT_SUPPORTED = 10074;
const INSUFFICIENT_RESOURCES = 10023;
/** How long the mirror may stay behind the bucket before its watch is re-opened. */
const STALL_MS = 10_000;
/** How long bucket creation waits for enough JetStream peers before creating fewer replicas. */
const PLACEMENT_WAIT_MS = 10_000;
/** How old a channel record that a log does not admit must be before a creation of the same channel removes it. */
const ABANDONED_MS = 60_000;
const DEFAULT_WRITE_TIMEOUT_MS = 2500;

/** A write raced with another process (the key changed between read and write): read again and retry. */
class RaceLost extends Error {}

/** Failures a cluster recovers from by itself (leader elections, reconnects, time-outs): retried. */
function isTransient(error: unknown): boolean {
  return error instanceof RaceLost || apiErrCode(error) === KEY_WRITE_IN_FLIGHT || isTransientNatsError(error);
}

/** What to do when the server refused the credentials: the same ones would be refused again. */
const REFUSED_ADVICE = 'Check the credentials given with --nats (user and password or token in the URL, --nats-nkey-file, --nats-creds)';

async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(natsTimeout(`${what}: no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
}

/** A legal, injective key token: readable prefix plus a hash of the whole text. */
function keyToken(text: string): string {
  return `${sanitize(text)}_${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16)}`;
}

function keyOf<T>(kind: RecordKind<T>, record: T): string {
  return [kind.name, ...kind.identity(record).map(keyToken)].join('.');
}

function logKey(name: string, version: string, alignment: number): string {
  return `${name}\u0000${version}\u0000${alignment}`;
}

function alignmentKey(name: string, version: string): string {
  return [ALIGNMENT_KIND.name, keyToken(name), keyToken(version)].join('.');
}

/** The alignments a channel names (an empty name and version is no alignment), each once. */
function sidesOf(c: Pick<ChannelRecord, 'inpAlignmentName' | 'inpAlignmentVersion' | 'outAlignmentName' | 'outAlignmentVersion'>): Array<[string, string]> {
  const sides: Array<[string, string]> = [];
  for (const [name, version] of [
    [c.inpAlignmentName, c.inpAlignmentVersion],
    [c.outAlignmentName, c.outAlignmentVersion],
  ] as const) {
    if (name === '' && version === '') continue;
    if (!sides.some(([n, v]) => n === name && v === version)) sides.push([name, version]);
  }
  // One order for every process, so two creations on the same two alignments admit themselves alike.
  return sides.sort(([n1, v1], [n2, v2]) => alignmentKey(n1, v1).localeCompare(alignmentKey(n2, v2)));
}

/** The flag a channel stored since issue 32 carries: admitted through usage records, not by the old rule. */
const ARBITRATED = 'arbitrated';

function isLegacyChannel(kind: RecordKind<unknown>, stored: unknown): boolean {
  return kind.name === CHANNEL_KIND.name && (stored as Record<string, unknown> | null)?.[ARBITRATED] !== true;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export class NatsKvStore implements ConfigStore {
  /** Called for every change applied to the mirror, one at a time, in bucket order (FleetSync). */
  onChange: ((change: ConfigChange) => Promise<void>) | undefined;

  readonly #servers: string[];
  /** The connect options that carry the URLs' credentials and the TLS files (never shown). */
  readonly #secured: ReturnType<typeof natsConnection>;
  readonly #log: Logger;
  readonly #options: NatsKvStoreOptions;
  readonly #prefix: string;
  readonly #kinds = new Map<string, RecordKind<unknown>>(RECORD_KINDS.map((k) => [k.name, k]));
  /** The mirror: every record of the bucket by key, admitted or not. */
  readonly #entries = new Map<string, Entry>();
  /** `key@revision` of every record a tombstone names (#index). */
  readonly #gone = new Set<string>();
  /** The logs of the alignment records, from the mirror's slots (#index). */
  readonly #logs = new Map<string, { readonly slots: Map<number, SlotRecord>; admitted: Set<number>; closed: boolean }>();
  /** What the mirror says exists (#alive): every read and every change event comes from here. */
  readonly #visible = new Map<string, Entry>();
  /** The last revision seen per key, deletions included, so a late or repeated event is never applied over a newer one. */
  readonly #revisions = new Map<string, number>();
  #lastApplied = 0;
  #queue: Promise<void> = Promise.resolve();
  #buckets: Promise<Buckets> | undefined;
  #connection: Promise<NatsConnection> | undefined;
  #watcher: QueuedIterator<KvEntry> | undefined;
  #loops: Promise<void>[] = [];
  #closed = false;
  #connected = false;
  /** Set by a disconnect of the NATS connection, cleared by its reconnect. */
  #linkDown = false;
  /** Whether a connection to NATS was ever made (start-up gives up sooner without one). */
  #everConnected = false;
  #synced = false;
  #lastContactAt: number | undefined;
  /** Since when the probe has seen the bucket ahead of the mirror. */
  #behindSince: number | undefined;
  #reason: string | undefined = 'not connected yet';
  readonly #wakers = new Set<() => void>();
  /** Lowered when the cluster proved unable to place 3 replicas. */
  #maxReplicas = 3;

  constructor(options: NatsKvStoreOptions) {
    this.#options = options;
    this.#secured = natsConnection(options.servers, options.security);
    this.#servers = this.#secured.servers;
    if (this.#servers.length === 0) throw new Error('the NATS configuration store needs at least one server URL');
    this.#log = options.logger ?? silentLogger;
    this.#prefix = options.bucketPrefix ?? 'mediator';
  }

  /**
   * Starts watching the buckets and waits (at most `syncTimeoutMs`) until the mirror holds every
   * record the bucket held at start; past that, it serves what it has and keeps catching up.
   * CONFIG_STORE_UNAVAILABLE when no connection was made within `firstContactTimeoutMs`, or the
   * bucket never answered within `syncTimeoutMs`.
   */
  async start(): Promise<void> {
    this.#loops = [this.#watchLoop(), this.#probeLoop()];
    const timeoutMs = this.#options.syncTimeoutMs ?? 30_000;
    const deadline = Date.now() + timeoutMs;
    const firstContactDeadline = Date.now() + Math.min(timeoutMs, this.#options.firstContactTimeoutMs ?? 5000);
    let target: number | undefined;
    while (!this.#closed && Date.now() < deadline) {
      // No connection at all: nothing will come (a cluster that answers may take longer: creating
      // replicated buckets waits for placement).
      if (target === undefined && !this.#everConnected && Date.now() >= firstContactDeadline) throw this.#unreachable();
      if (target === undefined) {
        try {
          const until = this.#everConnected ? deadline : Math.min(deadline, firstContactDeadline);
          const buckets = await within(Math.max(1, until - Date.now()), 'opening the configuration buckets', this.#open());
          const info = await within(5000, 'reading the configuration bucket', buckets.config.status());
          target = info.streamInfo.state.last_seq;
        } catch (error) {
          this.#reason = messageOf(error);
          // The same credentials will be refused again: say so now, with the server's own words,
          // before a later attempt's time-out (on a loaded machine) could replace them.
          if (isRefusedCredentials(error)) throw this.#unreachable(REFUSED_ADVICE);
          await sleep(200);
        }
      }
      if (target !== undefined && this.#lastApplied >= target) {
        this.#synced = true;
        this.#log.info({ revision: this.#lastApplied, records: this.#entries.size }, 'configuration caught up from the NATS buckets');
        return;
      }
      await sleep(25);
    }
    // Never saw the configuration: serving an empty one would be a lie.
    if (!this.#closed && target === undefined) throw this.#unreachable();
    if (!this.#closed) {
      this.#log.warn(
        { revision: this.#lastApplied, records: this.#entries.size, timeoutMs, reason: this.#reason },
        'configuration not caught up with the NATS buckets in time; serving what is here and still trying',
      );
    }
  }

  #unreachable(advice = 'Start the mediator when NATS is back'): MediatorError {
    return new MediatorError(
      `The shared configuration store (NATS JetStream key-value bucket ${this.#prefix}_config at ${this.#servers.join(',')}) cannot be reached: ${this.#reason ?? 'no answer'}. ${advice}, or use --store sqlite.`,
      ErrorCodes.configStoreUnavailable,
    );
  }

  state(): ConfigStoreState {
    const connected = this.#connected && this.#synced;
    return {
      kind: 'nats',
      connected,
      revision: this.#lastApplied,
      ...(this.#lastContactAt === undefined ? {} : { lastContactAt: this.#lastContactAt }),
      ...(connected
        ? {}
        : { reason: this.#synced ? (this.#reason ?? 'the cluster does not answer') : `catching up with the buckets (${this.#reason ?? 'waiting'})` }),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Reads, from the mirror
  // -------------------------------------------------------------------------------------------

  /** Every live record of a kind, by id (creation order). */
  records<T>(kind: RecordKind<T>): T[] {
    const out: Array<{ id: number; record: T }> = [];
    for (const entry of this.#visible.values()) {
      // The entry was decoded by this kind (same name), so its record is a T.
      if (entry.kind.name === kind.name) out.push({ id: entry.revision, record: entry.record as T });
    }
    return out.sort((a, b) => a.id - b.id).map((e) => e.record);
  }

  listAlignments(): AlignmentRecord[] {
    return this.records(ALIGNMENT_KIND);
  }

  getAlignment(name: string, version: string): AlignmentRecord | undefined {
    return this.listAlignments().find((a) => a.name === name && a.version === version);
  }

  getAlignmentById(id: number): AlignmentRecord | undefined {
    return this.listAlignments().find((a) => a.id === id);
  }

  channelsUsing(name: string, version: string): ChannelRecord[] {
    return this.listChannels().filter(
      (c) => (c.inpAlignmentName === name && c.inpAlignmentVersion === version) || (c.outAlignmentName === name && c.outAlignmentVersion === version),
    );
  }

  listChannels(): ChannelRecord[] {
    return this.records(CHANNEL_KIND);
  }

  getChannel(id: number): ChannelRecord | undefined {
    return this.listChannels().find((c) => c.id === id);
  }

  // -------------------------------------------------------------------------------------------
  // Writes, to the cluster
  // -------------------------------------------------------------------------------------------

  // Arbitrated changes (issue 32). A change that depends on another record is decided once for the
  // fleet by the log of the alignment record concerned: slots `slot.<name>.<version>.<rA>.<n>`
  // (rA: the alignment record's creation revision), each taken by the bucket's create-if-absent.
  // - A channel creation stores its channel record (not admitted yet: nobody lists or runs it),
  //   then, per alignment, reads the alignment record (rA) and its slots in order, and takes the
  //   first free slot with "admit channel <revision>"; a "close" slot on the way means the
  //   alignment was deleted: not found.
  // - An alignment deletion reads the slots in order; if a slot admits a channel whose record
  //   still exists, the alignment is in use; otherwise it takes the first free slot with "close";
  //   then the alignment record is removed (clean-up: it counts as deleted from the close on).
  // Two racing changes want the same free slot, and the bucket gives it to exactly one; the other
  // reads the winner's slot and goes on from there. Only create-if-absent is used, never an
  // update conditioned on a revision: nats-server 2.9 in a cluster lets several such updates of
  // one key succeed at once (the race test found it), while a create is decided once.
  // README "A fleet on NATS JetStream" gives the argument.

  async insertAlignment(a: NewAlignment): Promise<InsertAlignmentResult> {
    const { record, created } = await this.create(ALIGNMENT_KIND, { ...a, id: 0, date: a.date ?? Date.now() }, (b, entry) =>
      this.#clearDeletedAlignment(b, a.name, a.version, entry.revision),
    );
    return { status: created ? 'created' : 'exists', record };
  }

  /**
   * An alignment record that a close slot names was deleted and only lingers until its deleter (or
   * this call) removes it: removed, then RaceLost so the upload is tried again. A new upload under
   * the same name and version is a new record (new revision) with a log of its own, in which no
   * earlier channel is admitted: it cannot revive anything.
   */
  async #clearDeletedAlignment(b: Buckets, name: string, version: string, revision: number): Promise<void> {
    const { slots } = await this.#scan(b, name, version, revision);
    if (!slots.some((s) => s.close !== null)) return;
    await this.#removeAlignmentRecord(b, name, version, revision);
    throw new RaceLost(`${alignmentKey(name, version)} was deleted while being created`);
  }

  async deleteAlignment(name: string, version: string): Promise<boolean> {
    // Channels stored by a mediator before issue 32 are in no log: the mirror knows them.
    const legacy = [...this.#visible.values()].filter((e) => e.legacy && sidesOf(e.record as ChannelRecord).some(([n, v]) => n === name && v === version));
    if (legacy.length > 0)
      throw new AlignmentInUseError(
        name,
        version,
        legacy.map((e) => e.revision),
      );
    const nonce = randomUUID();
    const aKey = alignmentKey(name, version);
    // The record a close of this call was sent for: an attempt whose answer was lost may have won.
    let tried: number | undefined;
    return this.#write(`deleting alignment ${aKey}`, async (b) => {
      const entry = await b.config.get(aKey);
      if (entry === null || entry.operation !== 'PUT') {
        if (tried === undefined) return false;
        return (await this.#scan(b, name, version, tried)).slots.some((s) => s.close === nonce);
      }
      const rA = entry.revision;
      for (;;) {
        const { slots, next } = await this.#scan(b, name, version, rA);
        const closed = slots.find((s) => s.close !== null);
        if (closed !== undefined) {
          // Decided: by this call (an earlier attempt) or by another deletion, which this one helps finish.
          await this.#removeAlignmentRecord(b, name, version, rA);
          return closed.close === nonce;
        }
        const users: number[] = [];
        for (const { admit } of slots) {
          if (admit === null) continue;
          // Revisions are never reused: a channel key that no longer holds this revision was deleted for good.
          const channel = await b.config.get(admit.key);
          if (channel !== null && channel.operation === 'PUT' && channel.revision === admit.id) users.push(admit.id);
        }
        if (users.length > 0) throw new AlignmentInUseError(name, version, users);
        tried = rA;
        if (await this.#claim(b, { id: 0, name, version, alignment: rA, n: next, admit: null, close: nonce })) {
          await this.#removeAlignmentRecord(b, name, version, rA);
          return true;
        }
        // Slot taken by a racer (a creation or another deletion): read on from it.
      }
    });
  }

  /** Removes an alignment record that a close slot names (idempotent: anyone may finish a deletion). */
  async #removeAlignmentRecord(b: Buckets, name: string, version: string, revision: number): Promise<void> {
    const key = alignmentKey(name, version);
    try {
      await b.config.delete(key, { previousSeq: revision });
    } catch (error) {
      // Removed already by another helper: the deletion stands either way.
      if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
    }
    await this.#serial(() => this.#forget(key, (e) => e.revision === revision));
  }

  /**
   * The taken slots of an alignment record's log, from slot 0 up to the first free one (`next`).
   * Slots never change once taken, so those this mirror holds are read from it; the rest from the cluster.
   */
  async #scan(b: Buckets, name: string, version: string, alignment: number): Promise<{ slots: SlotRecord[]; next: number }> {
    const slots: SlotRecord[] = [];
    const known = this.#slotsOf(name, version, alignment);
    for (;;) {
      const n = slots.length;
      const mirrored = known.get(n);
      if (mirrored !== undefined) {
        slots.push(mirrored);
        continue;
      }
      const entry = await b.config.get(keyOf(SLOT_KIND, { id: 0, name, version, alignment, n, admit: null, close: null }));
      if (entry === null || entry.operation !== 'PUT') return { slots, next: n };
      const { stored } = await this.#decode(b, entry);
      slots.push(SLOT_KIND.fromStored(stored, entry.revision));
    }
  }

  /** Takes a free slot (create-if-absent): true if this call took it, false if another did first. */
  async #claim(b: Buckets, slot: SlotRecord): Promise<boolean> {
    const key = keyOf(SLOT_KIND, slot);
    const stored = SLOT_KIND.toStored(slot);
    const nonce = randomUUID();
    const value = await this.#envelope(b, nonce, stored);
    let revision: number;
    try {
      revision = await b.config.create(key, value);
    } catch (error) {
      if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      // Taken: by another change, or by this one in an attempt whose answer was lost (same nonce).
      const entry = await b.config.get(key);
      if (entry === null || entry.operation !== 'PUT') throw new RaceLost(`${key} was removed while being taken`);
      if ((await this.#decode(b, entry)).nonce !== nonce) return false;
      revision = entry.revision;
    }
    await this.#serial(() => this.#put(key, revision, SLOT_KIND, SLOT_KIND.fromStored(stored, revision), undefined));
    return true;
  }

  async insertChannel(c: NewChannel): Promise<ChannelRecord> {
    for (const [label, name, version] of [
      ['Input', c.inpAlignmentName, c.inpAlignmentVersion],
      ['Output', c.outAlignmentName, c.outAlignmentVersion],
    ] as const) {
      if ((name !== '' || version !== '') && this.getAlignment(name, version) === undefined) {
        throw new NotFoundError(`${label} alignment with AlignmentID(${name},${version}) not found`);
      }
    }
    const { uuid, ...rest } = c;
    const record: ChannelRecord = { ...rest, chanType: rest.chanType ?? null, id: 0, uuid: uuid ?? randomUUID(), createdAt: Date.now() };
    const key = keyOf(CHANNEL_KIND, record);
    const stored = { ...CHANNEL_KIND.toStored(record), [ARBITRATED]: true };
    const nonce = randomUUID();
    return this.#write(`creating channel ${key}`, async (b) => {
      const value = await this.#envelope(b, nonce, stored);
      let revision: number;
      try {
        revision = await b.config.create(key, value);
      } catch (error) {
        if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
        const existing = await b.config.get(key);
        if (existing === null || existing.operation !== 'PUT') throw new RaceLost(`${key} was deleted while being created`);
        const theirs = await this.#decode(b, existing);
        if (theirs.nonce !== nonce) {
          await this.#clearAbandonedChannel(b, existing.revision, theirs.stored);
          throw new BadRequestError(`Channel ${existing.revision} with source "${c.source}" and sink "${c.sink}" already exists`, ErrorCodes.invalidChannel);
        }
        revision = existing.revision; // this creation's own record, stored by an attempt whose answer was lost
      }
      const created = CHANNEL_KIND.fromStored(stored, revision);
      await this.#serial(() => this.#put(key, revision, CHANNEL_KIND, created, undefined));
      try {
        for (const [name, version] of sidesOf(record)) await this.#admit(b, name, version, { id: revision, key });
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error; // retried as a whole: every step is idempotent
        // Refused (an alignment is gone): the record is not admitted everywhere, so it never counts; removed.
        await this.#removeChannelRecord(b, key, revision);
        throw error;
      }
      return created;
    });
  }

  /** Admits the channel in the log of the alignment's current record (idempotent). NotFoundError once the alignment is closed or gone. */
  async #admit(b: Buckets, name: string, version: string, channel: AdmittedChannel): Promise<void> {
    const notFound = (): NotFoundError => new NotFoundError(`Alignment with AlignmentID(${name},${version}) not found`);
    const entry = await b.config.get(alignmentKey(name, version));
    if (entry === null || entry.operation !== 'PUT') throw notFound();
    const rA = entry.revision;
    for (;;) {
      const { slots, next } = await this.#scan(b, name, version, rA);
      if (slots.some((s) => s.close !== null)) throw notFound();
      if (slots.some((s) => s.admit?.id === channel.id)) return;
      if (await this.#claim(b, { id: 0, name, version, alignment: rA, n: next, admit: channel, close: null })) return;
    }
  }

  /** Deletes a channel record that does not count (best effort: a left-over one is never listed or run). */
  async #removeChannelRecord(b: Buckets, key: string, revision: number): Promise<void> {
    try {
      try {
        await b.config.delete(key, { previousSeq: revision });
      } catch (error) {
        if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      }
      await this.#serial(() => this.#forget(key, (e) => e.revision === revision));
    } catch (error) {
      this.#log.warn({ err: error, key }, 'a channel record that was not admitted could not be removed');
    }
  }

  /**
   * A channel record that some log does not admit a minute after its creation was left by a
   * creation that stopped half-way (a crashed process): removed, so its source and sink can be
   * used again, then RaceLost to create anew. Safe even if that creation went on: it would admit a
   * revision that no longer exists, which no process lists or runs and no deletion counts.
   */
  async #clearAbandonedChannel(b: Buckets, revision: number, stored: unknown): Promise<void> {
    const o = stored as Record<string, unknown> & ChannelRecord;
    if (o[ARBITRATED] !== true || typeof o.createdAt !== 'number' || Date.now() - o.createdAt < ABANDONED_MS) return;
    for (const [name, version] of sidesOf(o)) {
      const entry = await b.config.get(alignmentKey(name, version));
      const admitted =
        entry !== null && entry.operation === 'PUT' && (await this.#scan(b, name, version, entry.revision)).slots.some((s) => s.admit?.id === revision);
      if (!admitted) {
        await this.#removeChannelRecord(b, keyOf(CHANNEL_KIND, o), revision);
        throw new RaceLost('an abandoned channel record was removed');
      }
    }
  }

  async deleteChannel(id: number): Promise<boolean> {
    const record = this.getChannel(id);
    // Its admissions stay in the logs: a deletion of the alignment sees the record gone and ignores them.
    return record === undefined ? false : this.remove(CHANNEL_KIND, record);
  }

  /**
   * Creates a record unless one with the same identity exists, fleet-wide: `created` false and the
   * stored record otherwise. Either way the mirror holds the answer when this returns. `onExisting`
   * may clear an existing record that no longer counts and throw RaceLost to try again.
   */
  async create<T>(kind: RecordKind<T>, record: T, onExisting?: (b: Buckets, entry: KvEntry) => Promise<void>): Promise<{ record: T; created: boolean }> {
    const key = keyOf(kind, record);
    const stored = kind.toStored(record);
    const nonce = randomUUID();
    return this.#write(`storing ${kind.name} ${key}`, async (b) => {
      const value = await this.#envelope(b, nonce, stored);
      try {
        const revision = await b.config.create(key, value);
        const created = kind.fromStored(stored, revision);
        await this.#serial(() => this.#put(key, revision, kind, created, undefined));
        return { record: created, created: true };
      } catch (error) {
        if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      }
      // Taken: by another process, or by this one when an earlier attempt was stored but its answer lost.
      const entry = await b.config.get(key);
      if (entry === null || entry.operation !== 'PUT') throw new RaceLost(`${key} was deleted while being created`);
      const { nonce: writer, stored: theirs, digest } = await this.#decode(b, entry);
      if (writer !== nonce) await onExisting?.(b, entry);
      const existing = kind.fromStored(theirs, entry.revision);
      await this.#serial(() => this.#put(key, entry.revision, kind, existing, digest));
      return { record: existing, created: writer === nonce };
    });
  }

  /**
   * Deletes the record: true if this call deleted it, false if it was gone. Decided by its
   * tombstone (create-if-absent: one of racing deletions takes it; an update or delete conditioned
   * on a revision is not decided once on a nats-server 2.9 cluster), then the record is removed.
   */
  async remove<T>(kind: RecordKind<T>, record: T): Promise<boolean> {
    const key = keyOf(kind, record);
    const nonce = randomUUID();
    // The revision a tombstone of this call was sent for: an attempt whose answer was lost may have taken it.
    let tried: number | undefined;
    return this.#write(`deleting ${kind.name} ${key}`, async (b) => {
      const entry = await b.config.get(key);
      const revision = entry !== null && entry.operation === 'PUT' ? entry.revision : tried;
      if (revision === undefined) return false;
      tried = revision;
      const tombstone: TombstoneRecord = { id: 0, key, revision };
      const taken = await this.#takeOnce(b, keyOf(TOMBSTONE_KIND, tombstone), TOMBSTONE_KIND, tombstone, nonce);
      // Decided (by this call or another): the record's removal, which anyone may finish.
      try {
        await b.config.delete(key, { previousSeq: revision });
      } catch (error) {
        if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      }
      await this.#serial(() => this.#forget(key, (e) => e.revision === revision));
      return taken === 'mine';
    });
  }

  /** Creates `key` unless it exists: 'mine' if this call's nonce holds it (now, or from an attempt whose answer was lost), 'theirs' if another's does. */
  async #takeOnce<T>(b: Buckets, key: string, kind: RecordKind<T>, record: T, nonce: string): Promise<'mine' | 'theirs'> {
    const stored = kind.toStored(record);
    const value = await this.#envelope(b, nonce, stored);
    let revision: number;
    try {
      revision = await b.config.create(key, value);
    } catch (error) {
      if (apiErrCode(error) !== WRONG_LAST_SEQUENCE) throw error;
      const existing = await b.config.get(key);
      if (existing === null || existing.operation !== 'PUT') throw new RaceLost(`${key} was removed while being taken`);
      const theirs = await this.#decode(b, existing);
      await this.#serial(() => this.#put(key, existing.revision, kind, kind.fromStored(theirs.stored, existing.revision), undefined));
      return theirs.nonce === nonce ? 'mine' : 'theirs';
    }
    await this.#serial(() => this.#put(key, revision, kind, kind.fromStored(stored, revision), undefined));
    return 'mine';
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#wakeAll();
    this.#watcher?.stop();
    const connection = this.#connection;
    this.#connection = undefined;
    if (connection !== undefined) {
      try {
        await (await connection).close();
      } catch {
        // never connected
      }
    }
    await Promise.allSettled(this.#loops);
    // Changes being applied finish before the services they call are closed.
    await this.#queue;
  }

  // -------------------------------------------------------------------------------------------
  // Applying changes to the mirror, one at a time
  // -------------------------------------------------------------------------------------------

  #serial(step: () => Promise<void>): Promise<void> {
    const run = this.#queue.then(step);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #emit(change: ConfigChange): Promise<void> {
    try {
      await this.onChange?.(change);
    } catch (error) {
      this.#log.error({ err: error, kind: change.kind, op: change.op }, 'applying a configuration change failed');
    }
  }

  async #put(key: string, revision: number, kind: RecordKind<unknown>, record: unknown, digest: string | undefined, legacy = false): Promise<void> {
    this.#lastApplied = Math.max(this.#lastApplied, revision);
    if ((this.#revisions.get(key) ?? 0) >= revision) return;
    this.#revisions.set(key, revision);
    const previous = this.#entries.get(key);
    if (previous !== undefined) this.#unindex(previous);
    const entry: Entry = { key, kind, revision, record, digest, legacy };
    this.#entries.set(key, entry);
    this.#index(entry);
    await this.#reconcile(key);
  }

  /** A deletion seen in the bucket (its marker's revision): forgets the key's record if it is older. */
  async #deleted(key: string, revision: number): Promise<void> {
    this.#lastApplied = Math.max(this.#lastApplied, revision);
    if ((this.#revisions.get(key) ?? 0) >= revision) return;
    this.#revisions.set(key, revision);
    await this.#forget(key, (entry) => entry.revision < revision);
  }

  async #forget(key: string, applies: (entry: Entry) => boolean): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry === undefined || !applies(entry)) return;
    this.#entries.delete(key);
    this.#unindex(entry);
    await this.#reconcile(key);
    if (entry.digest !== undefined) void this.#dropChunks(entry.digest);
  }

  /**
   * Whether a record of the bucket exists as far as the fleet is concerned (issue 32): an alignment
   * until a slot of its log closes it; a channel once the log of each of its alignments' current
   * records admits it, and while none closes it (a channel naming no alignment at once). A channel
   * record not (yet) admitted is a creation under way or one that lost its race: never listed,
   * never run. A channel stored before issue 32 (`legacy`) exists while its alignments do.
   */
  #alive(entry: Entry): boolean {
    // The logs and tombstones are the store's own bookkeeping: no reader or FleetSync sees them.
    if (entry.kind.name === SLOT_KIND.name || entry.kind.name === TOMBSTONE_KIND.name) return false;
    // Deleted (the tombstone decided it), while its removal from the bucket is still to come.
    if (this.#gone.has(`${entry.key}@${entry.revision}`)) return false;
    if (entry.kind.name === ALIGNMENT_KIND.name) {
      const a = entry.record as AlignmentRecord;
      return this.#logs.get(logKey(a.name, a.version, entry.revision))?.closed !== true;
    }
    if (entry.kind.name !== CHANNEL_KIND.name) return true;
    const sides = sidesOf(entry.record as ChannelRecord);
    return sides.every(([name, version]) => {
      const a = this.#entries.get(alignmentKey(name, version));
      if (a === undefined || !this.#alive(a)) return false;
      return entry.legacy || this.#logs.get(logKey(name, version, a.revision))?.admitted.has(entry.revision) === true;
    });
  }

  /** The slots of an alignment record's log that this mirror holds, by number. */
  #slotsOf(name: string, version: string, alignment: number): ReadonlyMap<number, SlotRecord> {
    return this.#logs.get(logKey(name, version, alignment))?.slots ?? new Map<number, SlotRecord>();
  }

  /** Keeps #logs and #gone in step with the slots and tombstones of the mirror (liveness checks are then lookups). */
  #index(entry: Entry): void {
    if (entry.kind.name === TOMBSTONE_KIND.name) {
      const t = entry.record as TombstoneRecord;
      this.#gone.add(`${t.key}@${t.revision}`);
      return;
    }
    if (entry.kind.name !== SLOT_KIND.name) return;
    // Entries of the slot kind were decoded by SLOT_KIND.
    const slot = entry.record as SlotRecord;
    const key = logKey(slot.name, slot.version, slot.alignment);
    let log = this.#logs.get(key);
    if (log === undefined) {
      log = { slots: new Map(), admitted: new Set(), closed: false };
      this.#logs.set(key, log);
    }
    log.slots.set(slot.n, slot);
    if (slot.admit !== null) log.admitted.add(slot.admit.id);
    if (slot.close !== null) log.closed = true;
  }

  #unindex(entry: Entry): void {
    if (entry.kind.name === TOMBSTONE_KIND.name) {
      const t = entry.record as TombstoneRecord;
      this.#gone.delete(`${t.key}@${t.revision}`);
      return;
    }
    if (entry.kind.name !== SLOT_KIND.name) return;
    const slot = entry.record as SlotRecord;
    const key = logKey(slot.name, slot.version, slot.alignment);
    const log = this.#logs.get(key);
    if (log?.slots.get(slot.n) !== slot) return;
    log.slots.delete(slot.n);
    const rest = [...log.slots.values()];
    log.admitted = new Set(rest.flatMap((s) => (s.admit === null ? [] : [s.admit.id])));
    log.closed = rest.some((s) => s.close !== null);
    if (log.slots.size === 0) this.#logs.delete(key);
  }

  /** The keys whose existence may change with the record under `key`: itself, and what refers to its alignment. */
  #affected(key: string): string[] {
    const entry = this.#entries.get(key) ?? this.#visible.get(key);
    if (entry === undefined) return [key];
    const kind = entry.kind.name;
    if (kind === TOMBSTONE_KIND.name) {
      const target = (entry.record as TombstoneRecord).key;
      return [key, ...this.#affected(target)];
    }
    if (kind !== SLOT_KIND.name && kind !== ALIGNMENT_KIND.name) return [key];
    const { name, version } = entry.record as { name: string; version: string };
    const out = [alignmentKey(name, version)];
    for (const [k, e] of this.#entries) {
      if (e.kind.name === CHANNEL_KIND.name && sidesOf(e.record as ChannelRecord).some(([n, v]) => n === name && v === version)) out.push(k);
    }
    if (!out.includes(key)) out.push(key);
    return out;
  }

  /**
   * Brings the visible records up to date after the record under `key` changed, and tells FleetSync
   * what appeared and disappeared: channels disappear before their alignments, alignments appear before their channels.
   */
  async #reconcile(key: string): Promise<void> {
    const gone: Entry[] = [];
    const came: Entry[] = [];
    for (const k of this.#affected(key)) {
      const entry = this.#entries.get(k);
      const now = entry !== undefined && this.#alive(entry) ? entry : undefined;
      const was = this.#visible.get(k);
      if (was === now) continue;
      if (was !== undefined) gone.push(was);
      if (now === undefined) this.#visible.delete(k);
      else {
        this.#visible.set(k, now);
        came.push(now);
      }
    }
    const channelsFirst = (a: Entry, b: Entry): number => Number(b.kind.name === CHANNEL_KIND.name) - Number(a.kind.name === CHANNEL_KIND.name);
    for (const e of gone.sort(channelsFirst)) await this.#emit({ kind: e.kind.name, op: 'delete', record: e.record });
    for (const e of came.sort((a, b) => -channelsFirst(a, b))) await this.#emit({ kind: e.kind.name, op: 'put', record: e.record });
  }

  /** A watched bucket entry, applied in order. */
  async #apply(b: Buckets, e: KvEntry): Promise<void> {
    if (e.operation !== 'PUT') {
      await this.#deleted(e.key, e.revision);
      return;
    }
    const kind = this.#kinds.get(e.key.split('.')[0] ?? '');
    if (kind === undefined || (this.#revisions.get(e.key) ?? 0) >= e.revision) {
      // A kind a newer mediator shares, or an event already applied: only the position counts.
      this.#lastApplied = Math.max(this.#lastApplied, e.revision);
      return;
    }
    try {
      const { stored, digest } = await this.#decode(b, e);
      await this.#put(e.key, e.revision, kind, kind.fromStored(stored, e.revision), digest, isLegacyChannel(kind, stored));
    } catch (error) {
      this.#lastApplied = Math.max(this.#lastApplied, e.revision);
      this.#log.error({ err: error, key: e.key, revision: e.revision }, 'a configuration record cannot be read; skipped');
    }
  }

  // -------------------------------------------------------------------------------------------
  // Values and chunks
  // -------------------------------------------------------------------------------------------

  async #envelope(b: Buckets, nonce: string, stored: unknown): Promise<Uint8Array> {
    const data = encoder.encode(JSON.stringify(stored));
    if (data.length <= b.chunkSize) return encoder.encode(JSON.stringify({ v: 1, w: nonce, d: stored } satisfies Envelope));
    const digest = createHash('sha256').update(data).digest('hex');
    const count = Math.ceil(data.length / b.chunkSize);
    // Content-addressed and written before the entry that names them: a reader that sees the entry finds them.
    for (let i = 0; i < count; i++) await b.documents.put(`${digest}.${i}`, data.subarray(i * b.chunkSize, (i + 1) * b.chunkSize));
    return encoder.encode(JSON.stringify({ v: 1, w: nonce, chunks: { digest, count, size: data.length } } satisfies Envelope));
  }

  async #decode(b: Buckets, e: KvEntry): Promise<{ nonce: string; stored: unknown; digest: string | undefined }> {
    const envelope = JSON.parse(decoder.decode(e.value)) as Partial<Envelope>;
    if (envelope.v !== 1 || typeof envelope.w !== 'string') throw new Error(`${e.key}: not a mediator configuration entry`);
    if (envelope.chunks === undefined) return { nonce: envelope.w, stored: envelope.d, digest: undefined };
    const { digest, count, size } = envelope.chunks;
    const data = new Uint8Array(size);
    let offset = 0;
    for (let i = 0; i < count; i++) {
      const chunk = await b.documents.get(`${digest}.${i}`);
      if (chunk === null || chunk.operation !== 'PUT') throw new Error(`${e.key}: chunk ${i} of ${count} (${digest}) is missing`);
      data.set(chunk.value, offset);
      offset += chunk.value.length;
    }
    if (offset !== size || createHash('sha256').update(data).digest('hex') !== digest) throw new Error(`${e.key}: its chunks do not add up to ${digest}`);
    return { nonce: envelope.w, stored: JSON.parse(decoder.decode(data)), digest };
  }

  /** Best effort: chunks no live record names any more. A left-over chunk costs space, nothing else. */
  async #dropChunks(digest: string): Promise<void> {
    if ([...this.#entries.values()].some((e) => e.digest === digest)) return;
    try {
      const b = await this.#open();
      const keys = await b.documents.keys(`${digest}.*`);
      for await (const k of keys) await b.documents.purge(k);
    } catch (error) {
      this.#log.debug({ err: error, digest }, 'chunks of a deleted record not removed');
    }
  }

  // -------------------------------------------------------------------------------------------
  // The cluster: connection, buckets, watch, probe
  // -------------------------------------------------------------------------------------------

  /** Retries transient failures for `writeTimeoutMs`; then, or on any other cluster failure, CONFIG_STORE_UNAVAILABLE. */
  async #write<T>(what: string, op: (b: Buckets) => Promise<T>): Promise<T> {
    if (this.#closed) throw new MediatorError('the configuration store is closed', ErrorCodes.configStoreUnavailable);
    const deadline = Date.now() + (this.#options.writeTimeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS);
    let delay = 25;
    for (;;) {
      try {
        // Nothing is sent while the connection is down: the client would keep it and send it on
        // reconnecting, so a change refused with 503 could still take effect minutes later.
        if (this.#linkDown) throw Object.assign(new Error(this.#reason ?? 'disconnected from NATS'), { code: ErrorCode.Disconnect });
        const b = await within(Math.max(1, deadline - Date.now()), 'connecting to the NATS cluster', this.#open());
        // A request to a server that went away waits for its own time-out (5 s) while the client
        // reconnects: the change's deadline cuts it short. Its outcome is then unknown, as for any
        // answer lost on the way; every step is idempotent, so trying again is safe.
        return await within(Math.max(1, deadline - Date.now()), what, op(b));
      } catch (error) {
        if (error instanceof MediatorError) throw error;
        if (!isTransient(error) || Date.now() + delay > deadline || this.#closed) {
          throw new MediatorError(
            `The shared configuration (NATS JetStream) cannot be changed now: ${what} failed: ${messageOf(error)}. This process keeps serving what it has; try again later.`,
            ErrorCodes.configStoreUnavailable,
            { cause: error },
          );
        }
        this.#log.debug({ what, err: error }, 'configuration write failed; retrying');
        // Jittered, so that processes that lost a race to each other do not collide again in step.
        await sleep(delay * (0.5 + Math.random()));
        delay = Math.min(delay * 2, 500);
      }
    }
  }

  #connect(): Promise<NatsConnection> {
    if (this.#connection === undefined) {
      const attempt = connect({
        ...this.#secured,
        name: 'mediator-config',
        timeout: 5000,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 250,
        // A first connection that fails rejects at once with its cause (refused, unknown host...):
        // start() reports it, and the next write or probe connects again. Waiting for it instead
        // kept a process started during an outage retrying for ever, unable even to exit.
        waitOnFirstConnect: false,
      }).then(
        (nc) => {
          if (this.#closed) {
            void nc.close();
            throw new Error('the configuration store is closed');
          }
          this.#everConnected = true;
          void this.#watchStatus(nc);
          return nc;
        },
        (error: unknown) => {
          this.#connection = undefined;
          throw error;
        },
      );
      this.#connection = attempt;
    }
    return this.#connection;
  }

  async #watchStatus(nc: NatsConnection): Promise<void> {
    try {
      for await (const s of nc.status()) {
        if (s.type === Events.Disconnect) {
          this.#connected = false;
          this.#linkDown = true;
          this.#reason = `disconnected from NATS (${typeof s.data === 'string' ? s.data : 'server'})`;
          this.#log.warn({ server: s.data }, 'configuration store disconnected from NATS; serving what it has');
        } else if (s.type === Events.Reconnect) {
          this.#linkDown = false;
          this.#log.info({ server: s.data }, 'configuration store reconnected to NATS');
          this.#wakeAll();
        }
      }
    } catch {
      // ends with the connection
    }
  }

  #open(): Promise<Buckets> {
    if (this.#buckets === undefined) {
      const opening = this.#openBuckets();
      this.#buckets = opening;
      opening.catch(() => {
        if (this.#buckets === opening) this.#buckets = undefined;
      });
    }
    return this.#buckets;
  }

  async #openBuckets(): Promise<Buckets> {
    const nc = await this.#connect();
    const config = await this.#bucket(nc, `${this.#prefix}_config`, 'mediator fleet configuration: alignments, channels');
    const documents = await this.#bucket(nc, `${this.#prefix}_documents`, 'mediator fleet configuration: chunks of large values');
    // Room for the envelope and headers within one message.
    const chunkSize = Math.max(16 * 1024, Math.min(512 * 1024, (nc.info?.max_payload ?? 1024 * 1024) - 8 * 1024));
    return { nc, config, documents, chunkSize };
  }

  async #bucket(nc: NatsConnection, name: string, description: string): Promise<KV> {
    const js = nc.jetstream({ timeout: 5000 });
    // A cluster gets 3 (a 2-replica bucket survives no node loss) and settles for fewer only when placement keeps failing.
    let replicas = this.#options.replicas ?? (nc.info?.cluster === undefined ? 1 : this.#maxReplicas);
    const placementDeadline = Date.now() + PLACEMENT_WAIT_MS;
    for (;;) {
      try {
        return await js.views.kv(name, { history: 1, replicas, storage: StorageType.File, allow_direct: false, description, timeout: 5000 });
      } catch (error) {
        const code = apiErrCode(error);
        if (code === STREAM_NAME_IN_USE) continue; // another process created it first: bind to theirs
        const placement = code === NO_SUITABLE_PEERS || code === REPLICAS_NOT_SUPPORTED || code === INSUFFICIENT_RESOURCES;
        if (placement && replicas > 1 && this.#options.replicas === undefined) {
          if (code === NO_SUITABLE_PEERS && Date.now() < placementDeadline) {
            await sleep(250);
            continue;
          }
          replicas = replicas === 3 ? 2 : 1;
          this.#maxReplicas = replicas;
          this.#log.warn({ bucket: name, replicas }, 'NATS cluster cannot place 3 replicas; creating the bucket with fewer');
          continue;
        }
        throw error;
      }
    }
  }

  /** Watches the configuration bucket from the next revision not yet applied; re-opens the watch when it ends. */
  async #watchLoop(): Promise<void> {
    let backoff = 250;
    while (!this.#closed) {
      try {
        const b = await this.#open();
        const resume = this.#lastApplied > 0 ? { resumeFromRevision: this.#lastApplied + 1 } : {};
        const watcher = await b.config.watch({ key: '>', ...resume });
        this.#watcher = watcher;
        if (this.#closed) watcher.stop();
        backoff = 250;
        for await (const e of watcher) await this.#serial(() => this.#apply(b, e));
      } catch (error) {
        if (this.#closed) break;
        this.#log.warn({ err: error }, 'watching the configuration bucket failed; watching again');
      }
      this.#watcher = undefined;
      if (this.#closed) break;
      await this.#pause(backoff);
      backoff = Math.min(backoff * 2, 5000);
    }
  }

  /** Asks the cluster for the bucket's state: answered means in touch (a stream leader answers only with a quorum). */
  async #probeLoop(): Promise<void> {
    const interval = this.#options.probeIntervalMs ?? 2000;
    while (!this.#closed) {
      try {
        const b = await within(interval * 2, 'connecting to the NATS cluster', this.#open());
        const info = await within(interval * 2, 'asking the configuration bucket', b.config.status());
        this.#lastContactAt = Date.now();
        if (!this.#connected) this.#log.info({ revision: info.streamInfo.state.last_seq }, 'configuration store in touch with the NATS cluster');
        this.#connected = true;
        this.#reason = undefined;
        // Caught up (again) once every revision the cluster had is applied.
        if (this.#lastApplied >= info.streamInfo.state.last_seq) {
          this.#synced = true;
          this.#behindSince = undefined;
        } else {
          this.#restartStalledWatch();
        }
      } catch (error) {
        if (this.#closed) break;
        if (this.#connected) this.#log.warn({ err: error }, 'configuration store cut off from the NATS cluster; serving what it has');
        this.#connected = false;
        this.#reason = messageOf(error);
      }
      await this.#pause(interval);
    }
  }

  /**
   * The bound on "every process applies a change": a watch that stays behind the bucket for
   * `STALL_MS` (its consumer lost without the client noticing) is re-opened from the next revision.
   */
  #restartStalledWatch(): void {
    const now = Date.now();
    this.#behindSince ??= now;
    if (now - this.#behindSince < STALL_MS) return;
    this.#behindSince = undefined;
    this.#log.warn({ revision: this.#lastApplied }, 'the configuration watch fell behind the bucket; watching again');
    this.#watcher?.stop();
  }

  /** Sleeps, cut short by close() or a reconnect. */
  async #pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
    });
  }

  #wakeAll(): void {
    for (const wake of [...this.#wakers]) wake();
  }
}
