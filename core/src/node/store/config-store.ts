/**
 * What the services need from the place where alignments and channel configurations are kept,
 * implemented by the local SQLite file (`SqliteStore`, one machine) and by JetStream key-value
 * buckets (`NatsKvStore`, a fleet of processes on a NATS cluster, issue 13).
 *
 * Reads are synchronous: both stores answer them from memory or from a local file (the NATS one
 * from its mirror of the buckets, so a process cut off from the cluster keeps serving what it
 * has). Writes may be asynchronous (a round trip to the cluster); callers always `await` them.
 */
import type { api } from '../../common/index.js';
import type { AlignmentRecord, ChannelRecord, InsertAlignmentResult, NewAlignment, NewChannel } from './records.js';

/** Where the configuration lives and, for the cluster, whether this process is in touch with it (API schema `ConfigStoreState`). */
export type ConfigStoreState = api.ConfigStoreState;

export interface ConfigStore {
  listAlignments(): AlignmentRecord[];
  getAlignment(name: string, version: string): AlignmentRecord | undefined;
  getAlignmentById(id: number): AlignmentRecord | undefined;
  /** Creates, or reports the record already stored under the same name and version (decided once, store-wide). */
  insertAlignment(a: NewAlignment): InsertAlignmentResult | Promise<InsertAlignmentResult>;
  /** True if deleted, false if absent; AlignmentInUseError while a channel uses it. */
  deleteAlignment(name: string, version: string): boolean | Promise<boolean>;
  channelsUsing(name: string, version: string): ChannelRecord[];
  listChannels(): ChannelRecord[];
  getChannel(id: number): ChannelRecord | undefined;
  insertChannel(c: NewChannel): ChannelRecord | Promise<ChannelRecord>;
  deleteChannel(id: number): boolean | Promise<boolean>;
  /** Where the configuration is kept and whether this process is in touch with it. */
  state(): ConfigStoreState;
  close(): void | Promise<void>;
}
