/**
 * A consumer-group partition assigner that gives each topic's partitions only to the members that
 * subscribed to that topic, round-robin.
 *
 * Our transport's groups are per topic (a channel's group, the embedded bus and NATS keep a
 * position per group and topic), so one Kafka group may hold members of different topics, e.g. a
 * reader of a sink and a reader of its dead-letter topic under the same name. @platformatic/kafka's
 * round-robin assigner (1.35, partitions-assigners.js), like kafkajs's before it, deals every
 * subscribed partition to every member regardless of subscription, so the dead-letter reader
 * could be handed the sink and nobody would read the dead letters. The topics come from every
 * member's subscription (the Java client's assignors do the same).
 */
import type { GroupPartitionsAssigner } from '@platformatic/kafka';

export type Assignment = Record<string, number[]>;

/**
 * The pure part: `subscriptions` maps member ids to their topics, `partitions` topics to their
 * partition ids. Members get partitions in member-id order, each topic dealt out separately so
 * that the members of a small topic are not starved by a large one.
 */
export function assignBySubscription(
  subscriptions: ReadonlyMap<string, readonly string[]>,
  partitions: ReadonlyMap<string, readonly number[]>,
): Map<string, Assignment> {
  const result = new Map<string, Assignment>();
  const members = [...subscriptions.keys()].sort();
  for (const member of members) result.set(member, {});
  let offset = 0;
  for (const [topic, ids] of [...partitions].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const takers = members.filter((m) => subscriptions.get(m)?.includes(topic) === true);
    if (takers.length === 0) continue;
    ids.forEach((partition, i) => {
      // Rotating the start per topic spreads single-partition topics over the members.
      const member = takers[(i + offset) % takers.length]!;
      const assignment = result.get(member)!;
      (assignment[topic] ??= []).push(partition);
    });
    offset += 1;
  }
  return result;
}

/** The rule above as @platformatic/kafka's assigner hook (the group leader runs it). */
export const bySubscription: GroupPartitionsAssigner = (_current, members, topics, metadata) => {
  const subscriptions = new Map([...members].map(([id, m]) => [id, m.topics ?? []] as const));
  const union = new Set([...topics, ...[...subscriptions.values()].flat()]);
  const partitions = new Map<string, number[]>();
  for (const topic of union) {
    const count = metadata.topics.get(topic)?.partitionsCount ?? 0;
    partitions.set(
      topic,
      Array.from({ length: count }, (_, i) => i),
    );
  }
  return [...assignBySubscription(subscriptions, partitions)].map(([memberId, assignment]) => ({
    memberId,
    assignments: new Map(Object.entries(assignment).map(([topic, ids]) => [topic, { topic, partitions: ids }] as const)),
  }));
};
