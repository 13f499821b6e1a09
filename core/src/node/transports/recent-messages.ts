/**
 * An optional capability of a transport (issue 14): keeping the last messages of each topic so a
 * client can read them back (GET /topics/{topic}/messages). The embedded bus has it; brokers
 * (NATS, Kafka) have their own tools. Routes ask `recentMessagesOf(transport)` instead of testing
 * for a class.
 */
import type { Transport } from '../../common/channels/transport.js';

/** One kept message of a topic. */
export interface RecentMessage {
  readonly topic: string;
  /** Position within the topic, from 0. */
  readonly offset: number;
  readonly value: string;
  /** Wall-clock ms when it was published. */
  readonly timestamp: number;
}

export interface RecentMessages {
  /** The last `limit` messages of `topic` (fewer when fewer are kept), oldest first. */
  recent(topic: string, limit: number): readonly RecentMessage[];
}

/** The transport's recent-messages capability, or undefined when it has none. */
export function recentMessagesOf(transport: Transport): RecentMessages | undefined {
  const candidate = transport as Transport & Partial<RecentMessages>;
  return typeof candidate.recent === 'function' ? { recent: (topic, limit) => candidate.recent?.(topic, limit) ?? [] } : undefined;
}
