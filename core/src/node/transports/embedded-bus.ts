/**
 * The in-process message bus: the default transport, so channels work out of the box in the
 * desktop app without any broker.
 *
 * NOT DURABLE (`durable === false`): topics, group positions and unacknowledged messages live in
 * this process's memory and are gone after a restart. Within one process it behaves like the
 * brokers: every topic is an append-only log; a consumer group has one cursor per topic; members of
 * a group compete for the messages (round robin among members with free capacity); every group gets
 * every message (fan-out); a handler that rejects leaves the message unacknowledged and it is
 * delivered again (flag `redelivered`) after `redeliveryDelayMs`, to any member of the group.
 *
 * MEMORY BUDGET: everything the bus keeps is counted in bytes against `maxRetainedBytes`, 64 MiB by
 * default: the messages it holds (every topic's log, for consumer groups and for `recent()`: UTF-8
 * plus a fixed overhead per message) and every topic it knows (its name's UTF-8 bytes plus a fixed
 * overhead for its state: issue 40, where 45,000 one-byte messages to distinct 4,600-character
 * topics took 247 MB while only the messages were counted). A topic no group or watcher uses is
 * forgotten with its last message, so its bytes come back with it. Topic names are at most
 * MAX_TOPIC_NAME_LENGTH characters (400 NAME_TOO_LONG). Past it the oldest message of the whole bus is dropped,
 * oldest first, whichever topic it is in (a group that had not read it yet loses it, logged at warn
 * level like the count cap below). A single message larger than the whole budget is refused
 * (TOPIC_MESSAGE_TOO_LARGE). Why 64 MiB: a retained string costs about its size again in garbage
 * collector slack, and 580 test messages of 7 MB made a 1.5 GB process run out of memory.
 *
 * Helpers for the REST layer: `recent(topic, limit)` (the last messages with timestamps, for a
 * "peek at topic" view), `watch(topic, listener)` (live tail) and `topics()`.
 */
import { BadRequestError, ErrorCodes, MediatorError } from '../../common/errors.js';
import { silentLogger, type Logger } from '../../common/logger.js';
import type { MessageHandler, SubscribeOptions, Subscription, Transport, TransportMessage } from '../../common/channels/transport.js';
import { OffsetLog } from './offset-log.js';
import type { RecentMessages } from './recent-messages.js';

export interface BusRecord {
  /** Position in the topic, from 0. */
  readonly offset: number;
  readonly topic: string;
  readonly value: string;
  /** Wall-clock ms when it was published. */
  readonly timestamp: number;
}

export interface TopicSummary {
  readonly topic: string;
  /** Messages ever published to it. */
  readonly published: number;
  /** Messages still held in memory. */
  readonly retained: number;
  readonly groups: readonly { readonly group: string; readonly members: number; readonly lag: number }[];
}

export interface EmbeddedBusOptions {
  /** Messages kept per topic for `recent()`, default 200. */
  readonly recentLimit?: number;
  /**
   * Hard cap of messages held per topic, default 100 000. A group that falls further behind loses
   * the oldest ones (logged at warn level, with the count).
   */
  readonly maxRetained?: number;
  /** Bytes of messages held in the whole bus (UTF-8 plus RETAINED_OVERHEAD each), default 64 MiB. */
  readonly maxRetainedBytes?: number;
  /** Delay before a rejected message is offered again, default 500 ms. */
  readonly redeliveryDelayMs?: number;
  readonly logger?: Logger;
}

interface Entry {
  readonly offset: number;
  readonly value: string;
  readonly timestamp: number;
  /** What it counts against the byte budget. */
  readonly bytes: number;
}

/** Default of `maxRetainedBytes`. */
export const DEFAULT_MAX_RETAINED_BYTES = 64 * 1024 * 1024;
/** Bytes counted per message besides its text: the entry, its place in the eviction queue, a record. */
export const RETAINED_OVERHEAD = 128;
/**
 * Bytes counted per topic besides its name: its state object, its log, its maps of groups and
 * watchers and its entry in the bus's map (measured about 700 bytes on Node 20; embedded-bus.test.ts
 * checks the real cost stays below what is counted).
 */
export const TOPIC_OVERHEAD = 1024;
/** UTF-16 code units of a topic name (as for alignment names: it travels percent-encoded in a path). */
export const MAX_TOPIC_NAME_LENGTH = 512;

/** What a topic counts against the budget before any message. */
export function topicBytes(name: string): number {
  return TOPIC_OVERHEAD + Buffer.byteLength(name, 'utf8');
}

function checkTopicName(name: string): void {
  if (name.length > MAX_TOPIC_NAME_LENGTH) {
    throw new BadRequestError(`The topic name has ${name.length} characters; at most ${MAX_TOPIC_NAME_LENGTH} are allowed`, ErrorCodes.nameTooLong);
  }
}

/** A retained entry in publish order across every topic: the eviction queue. */
interface Retained {
  readonly state: TopicState;
  readonly offset: number;
}

interface Member {
  readonly handler: MessageHandler;
  readonly maxInFlight: number;
  readonly inFlight: Set<Promise<void>>;
  readonly owner: Client;
  closed: boolean;
}

interface Retry {
  readonly entry: Entry;
  readonly notBefore: number;
}

interface GroupState {
  readonly name: string;
  /** Offset of the next log entry this group has not been given yet. */
  cursor: number;
  readonly retry: Retry[];
  members: Member[];
  rr: number;
  pumping: boolean;
  again: boolean;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
}

interface TopicState {
  readonly name: string;
  readonly entries: OffsetLog<Entry>;
  nextOffset: number;
  readonly groups: Map<string, GroupState>;
  readonly watchers: Set<(record: BusRecord) => void>;
}

/** A set of subscriptions that close together: the bus itself, or one `connect()` view. */
class Client {
  readonly members = new Set<Member>();
  closed = false;
}

class EmbeddedTransport implements Transport {
  readonly kind = 'embedded' as const;
  readonly durable = false;

  constructor(
    private readonly bus: EmbeddedBus,
    private readonly client: Client,
  ) {}

  publish(topic: string, value: string): Promise<void> {
    if (this.client.closed) return Promise.reject(new Error('embedded transport is closed'));
    return this.bus.publish(topic, value);
  }

  subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    return this.bus.subscribeAs(this.client, topic, group, options, handler);
  }

  close(): Promise<void> {
    this.bus.closeClient(this.client);
    return Promise.resolve();
  }
}

export class EmbeddedBus implements Transport, RecentMessages {
  readonly kind = 'embedded' as const;
  /** In-memory only: nothing survives a restart of the process. */
  readonly durable = false;

  private readonly topicsByName = new Map<string, TopicState>();
  private readonly own = new Client();
  private readonly clients = new Set<Client>([this.own]);
  private readonly recentLimit: number;
  private readonly maxRetained: number;
  private readonly redeliveryDelayMs: number;
  private readonly maxRetainedBytes: number;
  private readonly log: Logger;
  private closed = false;
  /** Bytes of every entry still in a topic log and of every topic known. */
  private retainedBytes = 0;
  /** Entries still in a topic log (so the eviction queue can be cleared of dropped ones in time). */
  private retainedCount = 0;
  /** Every published entry in publish order, from `orderHead` on; entries already dropped are skipped. */
  private order: Retained[] = [];
  private orderHead = 0;

  constructor(options: EmbeddedBusOptions = {}) {
    this.recentLimit = Math.max(0, options.recentLimit ?? 200);
    this.maxRetained = Math.max(1, options.maxRetained ?? 100_000, this.recentLimit);
    this.redeliveryDelayMs = Math.max(0, options.redeliveryDelayMs ?? 500);
    this.maxRetainedBytes = Math.max(RETAINED_OVERHEAD, options.maxRetainedBytes ?? DEFAULT_MAX_RETAINED_BYTES);
    this.log = options.logger ?? silentLogger;
  }

  /**
   * Another client of this bus: its own subscriptions, closed by its own `close()` (like a second
   * connection to a broker). The bus keeps running.
   */
  connect(): Transport {
    if (this.closed) throw new Error('embedded bus is closed');
    const client = new Client();
    this.clients.add(client);
    return new EmbeddedTransport(this, client);
  }

  publish(topic: string, value: string): Promise<void> {
    if (this.closed) return Promise.reject(new Error('embedded bus is closed'));
    if (typeof value !== 'string') return Promise.reject(new TypeError('message value must be a string'));
    try {
      checkTopicName(topic);
    } catch (error) {
      return Promise.reject(error);
    }
    const bytes = Buffer.byteLength(value, 'utf8') + RETAINED_OVERHEAD;
    if (bytes + topicBytes(topic) > this.maxRetainedBytes) {
      return Promise.reject(
        new MediatorError(
          `The message (${bytes - RETAINED_OVERHEAD} bytes) is larger than the embedded bus's budget for retained messages (${this.maxRetainedBytes} bytes in all)`,
          ErrorCodes.topicMessageTooLarge,
        ),
      );
    }
    // The topic first (its bytes counted), kept by makeRoom while it makes room for the message.
    const state = this.topic(topic);
    this.makeRoom(bytes, state);
    const entry: Entry = { offset: state.nextOffset, value, timestamp: Date.now(), bytes };
    state.nextOffset += 1;
    state.entries.push(entry);
    this.retainedBytes += bytes;
    this.retainedCount += 1;
    this.order.push({ state, offset: entry.offset });
    this.trim(state);
    const record: BusRecord = { ...entry, topic };
    for (const watcher of state.watchers) {
      try {
        watcher(record);
      } catch (error) {
        this.log.warn({ topic, err: error }, 'topic watcher threw');
      }
    }
    for (const group of state.groups.values()) this.schedule(state, group);
    // With no recent window and no group the message is already gone, and so is the topic's use.
    this.forgetIfUnused(state);
    return Promise.resolve();
  }

  subscribe(topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    return this.subscribeAs(this.own, topic, group, options, handler);
  }

  /** Stops every subscription of every client at once (in-flight messages are not waited for). */
  close(): Promise<void> {
    this.closed = true;
    for (const client of [...this.clients]) this.closeClient(client);
    for (const state of this.topicsByName.values()) {
      for (const group of state.groups.values()) {
        if (group.retryTimer !== undefined) clearTimeout(group.retryTimer);
        group.retryTimer = undefined;
      }
      state.watchers.clear();
    }
    return Promise.resolve();
  }

  /** The last `limit` messages of `topic` (at most `recentLimit`), oldest first. */
  recent(topic: string, limit: number = this.recentLimit): BusRecord[] {
    const state = this.topicsByName.get(topic);
    if (state === undefined || limit <= 0) return [];
    const n = Math.min(limit, this.recentLimit, state.entries.length);
    return state.entries.last(n).map((e) => ({ ...e, topic }));
  }

  /** Calls `listener` for every message published to `topic` from now on; returns the disposer. */
  watch(topic: string, listener: (record: BusRecord) => void): () => void {
    checkTopicName(topic);
    const state = this.topic(topic);
    state.watchers.add(listener);
    return () => {
      state.watchers.delete(listener);
      this.forgetIfUnused(state);
    };
  }

  /** Every topic the bus knows (published to, subscribed or watched). */
  topics(): TopicSummary[] {
    return [...this.topicsByName.values()].map((s) => ({
      topic: s.name,
      published: s.nextOffset,
      retained: s.entries.length,
      groups: [...s.groups.values()].map((g) => ({
        group: g.name,
        members: g.members.length,
        lag: s.nextOffset - g.cursor + g.retry.length,
      })),
    }));
  }

  /** Forgets a consumer group (e.g. when its channel is deleted); its members stop receiving. */
  deleteGroup(topic: string, group: string): void {
    const state = this.topicsByName.get(topic);
    const g = state?.groups.get(group);
    if (state === undefined || g === undefined) return;
    for (const member of g.members) member.closed = true;
    if (g.retryTimer !== undefined) clearTimeout(g.retryTimer);
    state.groups.delete(group);
    this.trim(state);
    this.forgetIfUnused(state);
  }

  /** @internal used by the client views. */
  subscribeAs(client: Client, topic: string, group: string, options: SubscribeOptions, handler: MessageHandler): Promise<Subscription> {
    if (this.closed || client.closed) return Promise.reject(new Error('embedded transport is closed'));
    if (topic === '' || group === '') return Promise.reject(new Error('topic and group must be non-empty'));
    try {
      checkTopicName(topic);
    } catch (error) {
      return Promise.reject(error);
    }
    const state = this.topic(topic);
    let g = state.groups.get(group);
    if (g === undefined) {
      const first = state.entries.first;
      g = {
        name: group,
        cursor: options.from === 'earliest' ? first : state.nextOffset,
        retry: [],
        members: [],
        rr: 0,
        pumping: false,
        again: false,
        retryTimer: undefined,
      };
      state.groups.set(group, g);
    }
    const member: Member = {
      handler,
      maxInFlight: Math.max(1, Math.floor(options.maxInFlight) || 1),
      inFlight: new Set(),
      owner: client,
      closed: false,
    };
    g.members.push(member);
    client.members.add(member);
    this.schedule(state, g);
    const groupState = g;
    let closing: Promise<void> | undefined;
    return Promise.resolve({
      close: () => {
        if (closing === undefined) {
          this.detach(groupState, member);
          closing = Promise.allSettled([...member.inFlight]).then(() => undefined);
        }
        return closing;
      },
    });
  }

  /** @internal */
  closeClient(client: Client): void {
    client.closed = true;
    for (const member of client.members) {
      const state = this.findGroupOf(member);
      if (state !== undefined) this.detach(state, member);
      else member.closed = true;
    }
    client.members.clear();
    this.clients.delete(client);
  }

  private findGroupOf(member: Member): GroupState | undefined {
    for (const state of this.topicsByName.values()) {
      for (const group of state.groups.values()) if (group.members.includes(member)) return group;
    }
    return undefined;
  }

  private detach(group: GroupState, member: Member): void {
    member.closed = true;
    group.members = group.members.filter((m) => m !== member);
    member.owner.members.delete(member);
  }

  private topic(name: string): TopicState {
    let state = this.topicsByName.get(name);
    if (state === undefined) {
      state = { name, entries: new OffsetLog<Entry>(), nextOffset: 0, groups: new Map(), watchers: new Set() };
      this.topicsByName.set(name, state);
      this.retainedBytes += topicBytes(name);
    }
    return state;
  }

  /** Forgets a topic that holds no message and that no group or watcher uses, and its bytes. */
  private forgetIfUnused(state: TopicState): void {
    if (state.entries.length > 0 || state.groups.size > 0 || state.watchers.size > 0) return;
    if (this.topicsByName.get(state.name) !== state) return;
    this.topicsByName.delete(state.name);
    this.retainedBytes -= topicBytes(state.name);
  }

  /** Drops entries no group needs any more beyond the `recent` window, and enforces the hard cap. */
  private trim(state: TopicState): void {
    let keepFrom = state.nextOffset - this.recentLimit;
    for (const g of state.groups.values()) keepFrom = Math.min(keepFrom, g.cursor);
    keepFrom = Math.max(keepFrom, state.nextOffset - this.maxRetained);
    if (keepFrom <= state.entries.first) return;
    this.dropEntries(state, keepFrom);
    this.skipGroupsTo(state, keepFrom, { maxRetained: this.maxRetained }, 'embedded bus: consumer group fell too far behind; oldest messages dropped');
  }

  /** Groups whose next message was dropped (`bound` says which limit dropped it) go on from `keepFrom`, logged as lost. */
  private skipGroupsTo(state: TopicState, keepFrom: number, bound: Readonly<Record<string, number>>, message: string): void {
    for (const g of state.groups.values()) {
      if (g.cursor >= keepFrom) continue;
      this.log.warn({ topic: state.name, group: g.name, lost: keepFrom - g.cursor, ...bound }, message);
      g.cursor = keepFrom;
    }
  }

  /** Drops the entries of `state` before `offset`, keeping the byte count. */
  private dropEntries(state: TopicState, offset: number): void {
    const before = state.entries.length;
    for (let o = state.entries.first; o < offset; o++) this.retainedBytes -= state.entries.at(o)?.bytes ?? 0;
    state.entries.dropBefore(offset);
    this.retainedCount -= before - state.entries.length;
  }

  /**
   * Drops the oldest messages of the bus until `bytes` more fit the budget. The oldest retained
   * entry is always the first of its topic's log (each log is in publish order), so each step is one
   * drop; entries the topics dropped themselves are skipped (each once: the queue only advances).
   * A topic left empty and unused is forgotten, except `keep` (the topic being published to).
   */
  private makeRoom(bytes: number, keep: TopicState): void {
    while (this.retainedBytes + bytes > this.maxRetainedBytes && this.orderHead < this.order.length) {
      const oldest = this.order[this.orderHead];
      this.orderHead += 1;
      if (oldest === undefined || oldest.offset < oldest.state.entries.first) continue;
      const { state } = oldest;
      const keepFrom = oldest.offset + 1;
      this.dropEntries(state, keepFrom);
      this.skipGroupsTo(
        state,
        keepFrom,
        { maxRetainedBytes: this.maxRetainedBytes },
        'embedded bus: byte budget for retained messages reached; oldest messages dropped',
      );
      // A topic nobody uses any more is forgotten with its last message.
      if (state !== keep) this.forgetIfUnused(state);
    }
    this.compactOrder();
  }

  /**
   * Clears the eviction queue of what was passed and of entries the topics dropped themselves (the
   * recent window, the count cap), once they are at least half of it: amortised O(1) per publish,
   * and the queue never holds more than about twice the retained entries.
   */
  private compactOrder(): void {
    if (this.order.length < 1024 || this.order.length < 2 * this.retainedCount) return;
    this.order = this.order.slice(this.orderHead).filter((r) => r.offset >= r.state.entries.first);
    this.orderHead = 0;
  }

  private schedule(state: TopicState, group: GroupState): void {
    if (group.pumping) {
      group.again = true;
      return;
    }
    group.pumping = true;
    queueMicrotask(() => this.pump(state, group));
  }

  /** Hands messages to members with free capacity, retries first (they are older), in order. */
  private pump(state: TopicState, group: GroupState): void {
    do {
      group.again = false;
      for (;;) {
        if (this.closed || state.groups.get(group.name) !== group) break;
        const member = this.pickMember(group);
        if (member === undefined) break;
        const next = this.takeNext(state, group);
        if (next === undefined) break;
        this.deliver(state, group, member, next.entry, next.redelivered);
      }
    } while (group.again);
    group.pumping = false;
  }

  private pickMember(group: GroupState): Member | undefined {
    const n = group.members.length;
    for (let i = 0; i < n; i += 1) {
      const member = group.members[(group.rr + i) % n];
      if (member !== undefined && !member.closed && member.inFlight.size < member.maxInFlight) {
        group.rr = (group.rr + i + 1) % n;
        return member;
      }
    }
    return undefined;
  }

  private takeNext(state: TopicState, group: GroupState): { entry: Entry; redelivered: boolean } | undefined {
    const head = group.retry[0];
    const now = Date.now();
    if (head !== undefined) {
      if (head.notBefore <= now) {
        group.retry.shift();
        return { entry: head.entry, redelivered: true };
      }
      // Like a broker's delayed redelivery: newer messages go on meanwhile (a message that keeps
      // failing must not block the topic).
      this.armRetry(state, group, head.notBefore - now);
    }
    if (group.cursor < state.entries.first) group.cursor = state.entries.first;
    const entry = state.entries.at(group.cursor);
    if (entry === undefined) return undefined;
    group.cursor += 1;
    this.trim(state);
    return { entry, redelivered: false };
  }

  private armRetry(state: TopicState, group: GroupState, delay: number): void {
    if (group.retryTimer !== undefined) return;
    group.retryTimer = setTimeout(() => {
      group.retryTimer = undefined;
      this.schedule(state, group);
    }, delay);
  }

  private deliver(state: TopicState, group: GroupState, member: Member, entry: Entry, redelivered: boolean): void {
    const message: TransportMessage = { value: entry.value, topic: state.name, redelivered };
    let run: Promise<void>;
    try {
      run = Promise.resolve(member.handler(message));
    } catch (error) {
      run = Promise.reject(error);
    }
    member.inFlight.add(run);
    run.then(
      () => {
        member.inFlight.delete(run);
        this.schedule(state, group);
      },
      (error: unknown) => {
        member.inFlight.delete(run);
        this.log.debug({ topic: state.name, group: group.name, offset: entry.offset, err: error }, 'handler rejected; redelivering later');
        group.retry.push({ entry, notBefore: Date.now() + this.redeliveryDelayMs });
        this.schedule(state, group);
      },
    );
  }
}
