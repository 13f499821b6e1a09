import { afterAll, beforeAll, describe } from 'vitest';
import { natsSkipReason, skipNats, startNatsCluster, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { NatsTransport } from './nats-transport.js';
import { describeTransportContract } from './transport-contract.js';

const ACK_WAIT_MS = 1500;

describe.skipIf(skipNats)(`NATS JetStream, single server${skipNats ? ` (${natsSkipReason})` : ''}`, () => {
  let server: NatsCluster | undefined;
  beforeAll(async () => {
    server = await startNatsServer();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  describeTransportContract('nats (1 server)', () => new NatsTransport({ servers: server?.servers ?? [], ackWaitMs: ACK_WAIT_MS, redeliveryDelayMs: 100 }), {
    redeliveryWithinMs: 10_000,
  });
});

describe.skipIf(skipNats)(`NATS JetStream, three-node cluster${skipNats ? ` (${natsSkipReason})` : ''}`, () => {
  let cluster: NatsCluster | undefined;
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    // Two 20 s waits: a cluster that does not form is started once more (test-support/nats-cluster.ts).
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  describeTransportContract(
    'nats (3-node cluster)',
    () => new NatsTransport({ servers: cluster?.servers ?? [], ackWaitMs: ACK_WAIT_MS, redeliveryDelayMs: 100 }),
    { redeliveryWithinMs: 10_000 },
  );
});
