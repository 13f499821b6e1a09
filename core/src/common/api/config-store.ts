/**
 * Where a server keeps its alignments and channel configurations (issue 13), reported by
 * GET /version and beside every channel of GET /channels: the local SQLite file of one machine, or
 * the JetStream key-value buckets a fleet of processes shares, with whether this process is in
 * touch with them.
 */
import { Type, type Static } from 'typebox';

export const ConfigStoreState = Type.Object(
  {
    kind: Type.Union([Type.Literal('sqlite'), Type.Literal('nats')], {
      description: '`sqlite`: the local file of this process; `nats`: JetStream key-value buckets shared by every process of the fleet',
    }),
    connected: Type.Boolean({
      description: 'False while this process is cut off from the cluster: it keeps serving what it has, which may be stale, and refuses changes (503)',
    }),
    revision: Type.Optional(Type.Integer({ description: 'nats: the last bucket revision this process applied' })),
    lastContactAt: Type.Optional(Type.Integer({ description: 'nats: when the cluster last answered this process, epoch milliseconds' })),
    reason: Type.Optional(Type.String({ description: 'nats, when not connected: why' })),
  },
  { $id: 'ConfigStoreState' },
);
export type ConfigStoreState = Static<typeof ConfigStoreState>;
