/**
 * A consumer-group partition assigner that gives each topic's partitions only to the members that
 * subscribed to that topic, round-robin.
 *
 * Our transport's groups are per topic (a channel's group, the embedded bus and NATS keep a
 * position per group and topic), so one Kafka group may hold members of different topics, e.g. a
 * reader of a sink and a reader of its dead-letter topic under the same name. kafkajs's
 * RoundRobinAssigner deals every subscribed partition to every member regardless of subscription
 * (kafkajs 2.2.4, assigners/roundRobinAssigner), so the dead-letter reader could be handed the sink
 * and nobody would read the dead letters. kafkajs also hands the leader's assigner only the
 * leader's own topics, so the topics come from every member's subscription here (the Java client's
 * assignors do both).
 */
import { AssignerProtocol, type Assigner, type PartitionAssigner } from 'kafkajs';

/** The protocol name every member of a group must offer; kafkajs's own assigner is the fallback. */
export const SUBSCRIPTION_ROUND_ROBIN = 'SubscriptionRoundRobin';

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

export const subscriptionRoundRobin: PartitionAssigner = ({ cluster }) => {
  const assigner: Assigner = {
    name: SUBSCRIPTION_ROUND_ROBIN,
    version: 0,
    assign: async ({ members, topics }) => {
      const subscriptions = new Map(members.map((m) => [m.memberId, AssignerProtocol.MemberMetadata.decode(m.memberMetadata)?.topics ?? []] as const));
      const union = [...new Set([...topics, ...[...subscriptions.values()].flat()])];
      // The leader's metadata covers its own topics only: fetch the other members' too.
      await cluster.addMultipleTargetTopics(union);
      const partitions = new Map(union.map((t) => [t, cluster.findTopicPartitionMetadata(t).map((p) => p.partitionId)] as const));
      const assigned = assignBySubscription(subscriptions, partitions);
      return [...assigned].map(([memberId, assignment]) => ({
        memberId,
        memberAssignment: AssignerProtocol.MemberAssignment.encode({ version: assigner.version, assignment, userData: Buffer.alloc(0) }),
      }));
    },
    protocol: ({ topics }) => ({
      name: SUBSCRIPTION_ROUND_ROBIN,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: assigner.version, topics, userData: Buffer.alloc(0) }),
    }),
  };
  return assigner;
};
