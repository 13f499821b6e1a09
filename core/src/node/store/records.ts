/**
 * The records every configuration store keeps (config-store.ts): the SQLite file of one machine
 * and the JetStream buckets of a fleet alike, so neither store takes its types from the other.
 */
export interface AlignmentRecord {
  /** INTEGER PRIMARY KEY AUTOINCREMENT: never reused, even after a delete (0.4-style channel configs use it). */
  id: number;
  /** Identity: (name, version) is unique. */
  name: string;
  version: string;
  creator: string;
  description: string;
  sourceOntologyURI: string;
  targetOntologyURI: string;
  /** Upload time, epoch milliseconds. */
  date: number;
  /** The uploaded text exactly as received; GET returns this. */
  xml: string;
  /** Hash of the alignment's meaning, computed by the caller; decides 208 versus 409. */
  fingerprint: string;
}

export type NewAlignment = Omit<AlignmentRecord, 'id' | 'date'> & { date?: number };

export interface ChannelRecord {
  /** AUTOINCREMENT, never reused. */
  id: number;
  uuid: string;
  source: string;
  sink: string;
  /** `''` and `''` = no alignment on that side. */
  inpAlignmentName: string;
  inpAlignmentVersion: string;
  outAlignmentName: string;
  outAlignmentVersion: string;
  consumerGroup: string;
  parallelism: number;
  deadLetterTopic: string | null;
  /**
   * STE's `chanType` as given (two letters, source then sink transport: CONTRACT.md), or null when
   * the channel runs on the server's default transport at both ends.
   */
  chanType: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}

export type NewChannel = Omit<ChannelRecord, 'id' | 'createdAt' | 'uuid' | 'chanType'> & { uuid?: string; chanType?: string | null };

export type InsertAlignmentResult =
  | { status: 'created'; record: AlignmentRecord }
  /** Same name+version already stored; `record` is the stored one (the caller compares fingerprints). */
  | { status: 'exists'; record: AlignmentRecord };
