import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, createInbox } from 'nats';
import { silentLogger } from '../../common/logger.js';
import { ChannelRuntime } from '../../common/channels/channel-runtime.js';
import type { Transport, TransportMessage } from '../../common/channels/transport.js';
import { closedPort } from '../../test-support/loopback-ports.js';
import {
  NATS_SERVER_BIN,
  natsServerAvailable,
  natsSkipReason,
  skipNats,
  startNatsCluster,
  startNatsServer,
  type NatsCluster,
} from '../../test-support/nats-cluster.js';
import { natsDurableName, natsNames, NatsTransport } from './nats-transport.js';
import { waitUntil as waitForValue } from '../../test-support/wait-until.js';
import { collect, delayedTranslate, uniqueTopic, waitUntil, type Collector } from './transport-contract.js';

const LEGAL_SUBJECT = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const LEGAL_NAME = /^[A-Za-z0-9_-]+$/;

describe('nats-server for the transport tests', () => {
  // Locally a missing binary only skips the NATS suites; under CI it must be there.
  it.runIf(natsServerAvailable || process.env.CI === 'true')(`is installed at ${NATS_SERVER_BIN}`, () => {
    expect(natsServerAvailable, `${NATS_SERVER_BIN} is missing: .ci/run installs the Debian package nats-server`).toBe(true);
  });
});

describe('NATS topic mapping', () => {
  const topics = [
    'mw-mediator-downstream-http_inter-iot.eu_platforms_p1',
    'mediator-mw-upstream-http_DSVLC.inter-iot.eu_platforms_fiware-01',
    'a.b',
    'a_b',
    'a..b',
    '.leading.and.trailing.',
    'wild*cards>and spaces\ttabs',
    'ünïcødé/slash\\back',
    'x'.repeat(400),
  ];

  it('maps every topic to a legal single-token-suffix subject and a legal stream name', () => {
    for (const topic of topics) {
      const { subject, stream } = natsNames(topic);
      expect(subject, topic).toMatch(LEGAL_SUBJECT);
      expect(subject.startsWith('mediator.topic.'), topic).toBe(true);
      expect(subject.split('.').length, topic).toBe(3);
      expect(stream, topic).toMatch(LEGAL_NAME);
      expect(stream.length, topic).toBeLessThanOrEqual(120);
      expect(natsDurableName(topic)).toMatch(LEGAL_NAME);
    }
  });

  it('is deterministic and injective on names that sanitise alike', () => {
    expect(natsNames('a.b')).toEqual(natsNames('a.b'));
    expect(natsNames('a.b').stream).not.toBe(natsNames('a_b').stream);
    expect(natsNames('a.b').subject).not.toBe(natsNames('a_b').subject);
    const streams = new Set(topics.map((t) => natsNames(t).stream));
    expect(streams.size).toBe(topics.length);
  });

  it('keeps the topic readable and honours prefixes', () => {
    const names = natsNames('mw-mediator-downstream-http_inter-iot.eu_platforms_p1', { streamPrefix: 'MW', subjectPrefix: 'ipsm' });
    expect(names.subject).toMatch(/^ipsm\.mw-mediator-downstream-http_inter-iot_eu_platforms_p1_[0-9a-f]{10}$/);
    expect(names.stream).toMatch(/^MW_mw-mediator-downstream-http_inter-iot_eu_platforms_p1_[0-9a-f]{10}$/);
  });
});

describe('NATS transport without a server', () => {
  it('subscribe rejects with a clear message, and a channel over it is failed with that reason', async () => {
    const port = await closedPort();
    const transport = new NatsTransport({ servers: `nats://127.0.0.1:${port}`, connectTimeoutMs: 1000 });
    try {
      await expect(transport.subscribe('t', 'g', { maxInFlight: 1 }, async () => undefined)).rejects.toThrow(/cannot connect to NATS at nats:\/\/127\.0\.0\.1/);
      await expect(transport.publish('t', 'x')).rejects.toThrow(/cannot connect to NATS/);
      const runtime = new ChannelRuntime({
        config: { id: 1, source: 's', sink: 'k', consumerGroup: 'g' },
        translate: async (text) => ({ message: text, emptyPayload: false, failures: [] }),
        transport,
        logger: silentLogger,
      });
      expect(await runtime.start()).toBe('failed');
      expect(runtime.reason).toMatch(/cannot consume topic "s" over nats: cannot connect to NATS/);
      await runtime.stop();
    } finally {
      await transport.close();
    }
  });
});

describe('NATS transport: messages given back', () => {
  it('are remembered until acknowledged, and never more than 10,000 of them', () => {
    const transport = new NatsTransport({ servers: 'nats://127.0.0.1:4222' });
    const reply = (seq: number, count = 1): string => `$JS.ACK.S.C.${count}.${seq}.${seq}.1700000000000000000.0`;
    expect(transport.gaveBack(reply(1))).toBe(false);
    for (let seq = 1; seq <= 10_001; seq++) transport.rememberGivenBack(reply(seq));
    // The oldest went first; the same message delivered again (another count) is known.
    expect(transport.gaveBack(reply(1))).toBe(false);
    expect(transport.gaveBack(reply(2, 3))).toBe(true);
    expect(transport.gaveBack(reply(10_001))).toBe(true);
    // Given back again, a message is the newest: ten more in drop the ten oldest others.
    transport.rememberGivenBack(reply(5, 4));
    for (let seq = 10_002; seq <= 10_011; seq++) transport.rememberGivenBack(reply(seq));
    expect(transport.gaveBack(reply(5))).toBe(true);
    expect(transport.gaveBack(reply(12))).toBe(false);
    expect(transport.gaveBack(reply(13))).toBe(true);
    transport.forgetGivenBack(reply(10_001, 2));
    expect(transport.gaveBack(reply(10_001))).toBe(false);
    expect(transport.gaveBack('_INBOX.not.an.ack')).toBe(false);
  });
});

describe.skipIf(skipNats)(`NATS transport on one server${skipNats ? ` (${natsSkipReason})` : ''}`, () => {
  let server: NatsCluster | undefined;
  const transports: Transport[] = [];
  beforeAll(async () => {
    server = await startNatsServer();
  }, 30_000);
  afterEach(async () => {
    await Promise.allSettled(transports.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  const make = (): NatsTransport => {
    const t = new NatsTransport({ servers: server?.servers ?? [], ackWaitMs: 1500 });
    transports.push(t);
    return t;
  };

  it('creates a file-storage stream with one replica on a single server, once, even when two processes race', async () => {
    const topic = uniqueTopic('race');
    const [a, b] = [make(), make()];
    await Promise.all([a.publish(topic, '1'), b.publish(topic, '2'), a.publish(topic, '3'), b.publish(topic, '4')]);
    const nc = await connect({ servers: server?.url ?? '' });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(natsNames(topic).stream);
      expect(info.config.num_replicas).toBe(1);
      expect(info.config.storage).toBe('file');
      expect(info.config.subjects).toEqual([natsNames(topic).subject]);
      expect(info.state.messages).toBe(4);
    } finally {
      await nc.close();
    }
  });

  it('a starting channel makes its sink stream while it subscribes, before any output', async () => {
    const source = uniqueTopic('prep-in');
    const sink = uniqueTopic('prep-out');
    const runtime = new ChannelRuntime({
      config: { id: 'prep', source, sink, consumerGroup: 'prep-group' },
      translate: delayedTranslate(0, 1).translate,
      transport: make(),
      logger: silentLogger,
    });
    const nc = await connect({ servers: server?.url ?? '' });
    try {
      const jsm = await nc.jetstreamManager();
      const sinkStream = async (): Promise<number | undefined> =>
        jsm.streams.info(natsNames(sink).stream).then(
          (info) => info.state.messages,
          () => undefined,
        );
      expect(await sinkStream()).toBeUndefined();
      expect(await runtime.start()).toBe('running');
      // Nothing was consumed or published: only the channel's start can have made the stream.
      expect(await waitForValue('the sink stream of the started channel', 10_000, sinkStream)).toBe(0);
    } finally {
      await runtime.stop();
      await nc.close();
    }
  });

  it('consumes what another NATS client publishes on the mapped subject (JetStream publish)', async () => {
    const topic = uniqueTopic('interop');
    const t = make();
    const c = await collect(t, topic, 'interop-group');
    const nc = await connect({ servers: server?.url ?? '' });
    try {
      await nc.jetstream().publish(natsNames(topic).subject, 'from another client');
      await c.waitFor(1);
      expect(c.values).toEqual(['from another client']);
    } finally {
      await c.close();
      await nc.close();
    }
  });

  it('a pipelined publish whose stream vanished is retried from its bytes and stored byte for byte', async () => {
    const topic = uniqueTopic('vanished');
    const t = make();
    await t.publishPipelined(topic, 'creates the stream').confirmed;
    const { stream } = natsNames(topic);
    const nc = await connect({ servers: server?.url ?? '' });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(stream);
      // The first attempt gets "no responders" (the transport still believes the stream exists);
      // the retry re-creates it and sends the same encoded bytes.
      const text = 'zweite Nachricht ✓ – ünïcødé 𝄞';
      await t.publishPipelined(topic, text).confirmed;
      const info = await jsm.streams.info(stream);
      expect(info.state.messages).toBe(1);
      const stored = await jsm.streams.getMessage(stream, { seq: info.state.first_seq });
      expect(new TextDecoder().decode(stored.data)).toBe(text);
    } finally {
      await nc.close();
    }
  });

  it('a rejected handler gets the message again, flagged redelivered', async () => {
    const topic = uniqueTopic('nak');
    const t = make();
    const seen: { value: string; redelivered: boolean; reply?: string }[] = [];
    const sub = await t.subscribe(topic, 'nak-group', { maxInFlight: 1 }, async (m) => {
      // The ack subject too (stream sequence, delivery count): under loaded full runs the second
      // delivery came with a count of 1 (the server's rewind, made certain in the next test).
      seen.push({ value: m.value, redelivered: m.redelivered, reply: (m as { reply?: string }).reply });
      if (seen.length === 1) throw new Error('sink down');
    });
    await t.publish(topic, 'again');
    await waitUntil(() => seen.length >= 2, 10_000, 'the redelivery');
    const subjects = `ack subjects: ${seen.map((s) => s.reply).join(' then ')}`;
    expect(seen[0], subjects).toMatchObject({ value: 'again', redelivered: false });
    expect(seen[1], subjects).toMatchObject({ value: 'again', redelivered: true });
    await sub.close();
  });

  it('a redelivery the server sends as a first delivery (its cursor rewound) is still flagged redelivered', async () => {
    // nats-server 2.9 rewinds its stream cursor when a due redelivery finds only pull requests it
    // cannot serve, and the message comes again with a delivery count of 1 (the flake above). Made
    // certain here: the subscription that gave the message back is closed, and another client's pull
    // request too small for the message (max_bytes 1) is all that waits when it falls due.
    const topic = uniqueTopic('rewind');
    const group = 'rewind-group';
    const t = make();
    const seen: { value: string; redelivered: boolean; reply: string }[] = [];
    const handler = async (m: TransportMessage): Promise<void> => {
      seen.push({ value: m.value, redelivered: m.redelivered, reply: (m as { reply?: string }).reply ?? '' });
      if (seen.length === 1) throw new Error('sink down');
    };
    const other = await connect({ servers: server?.url ?? '' });
    try {
      const first = await t.subscribe(topic, group, { maxInFlight: 1 }, handler);
      await t.publish(topic, 'again');
      await waitUntil(() => seen.length >= 1, 10_000, 'the first delivery');
      await first.close();
      const request = JSON.stringify({ batch: 1, expires: 20_000_000_000, max_bytes: 1 });
      // Its inbox is subscribed: a request nobody listens to is dropped before it is looked at.
      const inbox = other.subscribe(createInbox());
      other.publish(`$JS.API.CONSUMER.MSG.NEXT.${natsNames(topic).stream}.${natsDurableName(group)}`, request, { reply: inbox.getSubject() });
      await other.flush();
      // The nak's delay (1 s) runs out while only that request waits.
      await new Promise((r) => setTimeout(r, 1500));
      const second = await t.subscribe(topic, group, { maxInFlight: 1 }, handler);
      await waitUntil(() => seen.length >= 2, 10_000, 'the second delivery');
      await second.close();
      const subjects = `ack subjects: ${seen.map((s) => s.reply).join(' then ')}`;
      expect(seen[0], subjects).toMatchObject({ value: 'again', redelivered: false });
      // The server's own count on the second delivery: 1 is the rewind this test is about. Checked
      // on 2.9 (Debian's, what CI installs); 2.15.2 counts 2 in the same steps, so a later
      // server's count is not held against it, and the flag must be right either way.
      if (other.info?.version.startsWith('2.9.') === true) expect(seen[1]?.reply.split('.')[4], subjects).toBe('1');
      expect(seen[1], subjects).toMatchObject({ value: 'again', redelivered: true });
    } finally {
      await other.close();
    }
  });

  it('a slow handler is not redelivered while it runs longer than ack_wait (working signals)', async () => {
    const topic = uniqueTopic('slow');
    const t = make();
    let calls = 0;
    const sub = await t.subscribe(topic, 'slow-group', { maxInFlight: 1 }, async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 4000));
    });
    await t.publish(topic, 'slow');
    await waitUntil(() => calls >= 1, 5000, 'the first call');
    await new Promise((r) => setTimeout(r, 4500));
    expect(calls).toBe(1);
    await sub.close();
  }, 15_000);
});

describe.skipIf(skipNats)(`NATS transport on a three-node cluster with node loss${skipNats ? ` (${natsSkipReason})` : ''}`, () => {
  let cluster: NatsCluster | undefined;
  const transports: Transport[] = [];
  const collectors: Collector[] = [];
  const runtimes: ChannelRuntime[] = [];
  beforeAll(async () => {
    cluster = await startNatsCluster(3);
    // Two 20 s waits: a cluster that does not form is started once more (test-support/nats-cluster.ts).
  }, 60_000);
  afterEach(async () => {
    await Promise.allSettled(runtimes.splice(0).map((r) => r.stop()));
    await Promise.allSettled(collectors.splice(0).map((c) => c.close()));
    await Promise.allSettled(transports.splice(0).map((t) => t.close()));
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  const make = (): NatsTransport => {
    const t = new NatsTransport({ servers: cluster?.servers ?? [], ackWaitMs: 1500, publishTimeoutMs: 30_000 });
    transports.push(t);
    return t;
  };
  const nodeIndex = (name: string | undefined): number => (cluster?.nodes ?? []).findIndex((n) => n.name === name);

  async function streamLeader(topic: string): Promise<string | undefined> {
    const nc = await connect({ servers: (cluster?.nodes ?? []).filter((n) => n.running).map((n) => n.url) });
    try {
      const jsm = await nc.jetstreamManager();
      const info = await jsm.streams.info(natsNames(topic).stream);
      expect(info.config.num_replicas).toBe(3);
      return info.cluster?.leader;
    } finally {
      await nc.close();
    }
  }

  async function runThroughNodeLoss(pick: (ctx: { source: string; publisher: NatsTransport }) => Promise<number>): Promise<void> {
    const source = uniqueTopic('loss-in');
    const sink = uniqueTopic('loss-out');
    const publisher = make();
    const channelTransport = make();
    const observer = await collect(make(), sink, 'observer', { maxInFlight: 8 });
    collectors.push(observer);
    const runtime = new ChannelRuntime({
      config: { id: 'loss', source, sink, parallelism: 4, consumerGroup: 'loss-group', stopTimeoutMs: 5000 },
      translate: delayedTranslate(0, 3).translate,
      transport: channelTransport,
      logger: silentLogger,
    });
    runtimes.push(runtime);
    expect(await runtime.start()).toBe('running');
    const values = Array.from({ length: 60 }, (_, i) => `loss-${i}`);
    let victim = -1;
    for (const [i, v] of values.entries()) {
      if (i === 20) {
        victim = await pick({ source, publisher });
        expect(victim).toBeGreaterThanOrEqual(0);
        await cluster?.kill(victim);
      }
      await publisher.publish(source, v);
    }
    const expected = values.map((v) => `${v}|t`);
    await waitUntil(() => expected.every((v) => observer.values.includes(v)), 30_000, 'every message on the sink after the node loss');
    await cluster?.restart(victim);
  }

  it('keeps publishing and consuming when the source stream leader is killed (SIGKILL)', async () => {
    await runThroughNodeLoss(async ({ source }) => nodeIndex(await streamLeader(source)));
  }, 60_000);

  it('reconnects to another server when the one it is connected to is killed', async () => {
    await runThroughNodeLoss(async ({ publisher }) => nodeIndex(publisher.connectedServer));
  }, 60_000);
});
