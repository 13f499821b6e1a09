/**
 * A channel on NATS JetStream with batched fetches and a window of publishes awaiting their
 * confirmation (issue 13), over a real nats-server:
 * - order at parallelism 1 is the source order, while many outputs await confirmation at once;
 * - a source message is acknowledged only after its sink publish was confirmed (a sink stream that
 *   refuses more messages leaves the rest unacknowledged, and they arrive once it accepts them);
 * - a process killed (SIGKILL) in the middle of a batch loses nothing: what it had not confirmed
 *   is redelivered to the next process of the group.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect, DiscardPolicy, RetentionPolicy, StorageType, type NatsConnection } from 'nats';
import { fileURLToPath } from 'node:url';
import { silentLogger } from '../../common/logger.js';
import { ChannelRuntime, DEFAULT_PUBLISH_WINDOW } from '../../common/channels/channel-runtime.js';
import { natsSkipReason, skipNats, startNatsServer, type NatsCluster } from '../../test-support/nats-cluster.js';
import { startProcess, type TestProcess } from '../../test-support/processes.js';
import { natsDurableName, natsNames, NatsTransport } from './nats-transport.js';
import { uniqueTopic, waitUntil } from './transport-contract.js';

const suffix = async (text: string) => ({ message: `${text}|t`, emptyPayload: false, failures: [] });

/** Every message of a topic's stream, in stream order (read directly, outside the transport). */
async function streamValues(nc: NatsConnection, topic: string): Promise<string[]> {
  const jsm = await nc.jetstreamManager();
  const { stream } = natsNames(topic);
  const info = await jsm.streams.info(stream);
  const out: string[] = [];
  for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
    const m = await jsm.streams.getMessage(stream, { seq });
    out.push(m.string());
  }
  return out;
}

async function ackFloor(nc: NatsConnection, topic: string, group: string): Promise<number> {
  const jsm = await nc.jetstreamManager();
  const info = await jsm.consumers.info(natsNames(topic).stream, natsDurableName(group));
  return info.ack_floor.stream_seq;
}

describe.skipIf(skipNats)(`NATS channel batching${skipNats ? ` (${natsSkipReason})` : ''}`, () => {
  let server: NatsCluster | undefined;
  let nc: NatsConnection;
  const transports: NatsTransport[] = [];
  const runtimes: ChannelRuntime[] = [];
  const children: TestProcess[] = [];
  beforeAll(async () => {
    server = await startNatsServer();
    nc = await connect({ servers: server.url });
  }, 30_000);
  afterEach(async () => {
    await Promise.allSettled(runtimes.splice(0).map((r) => r.stop()));
    await Promise.allSettled(transports.splice(0).map((t) => t.close()));
    await Promise.allSettled(children.splice(0).map((c) => c.stop({ signal: 'SIGKILL', graceMs: 1000 })));
  });
  afterAll(async () => {
    await nc?.close();
    await server?.stop();
  });
  const make = (options: Partial<ConstructorParameters<typeof NatsTransport>[0]> = {}): NatsTransport => {
    const t = new NatsTransport({ servers: server?.servers ?? [], ackWaitMs: 2000, redeliveryDelayMs: 200, ...options });
    transports.push(t);
    return t;
  };

  it('keeps the source order at parallelism 1 while many outputs await their confirmation', { timeout: 60_000 }, async () => {
    const t = make();
    const source = uniqueTopic('order1-in');
    const sink = uniqueTopic('order1-out');
    const values = Array.from({ length: 1500 }, (_, i) => `m-${i}`);
    // Filled first, so the channel meets a backlog and fetches in batches.
    await Promise.all(values.map((v) => t.publish(source, v)));
    const runtime = new ChannelRuntime({
      config: { id: 'order1', source, sink, parallelism: 1, consumerGroup: `order1-${Date.now()}`, startFrom: 'earliest' },
      translate: suffix,
      transport: t,
      logger: silentLogger,
    });
    runtimes.push(runtime);
    expect(runtime.deliveryWindow).toBe(1 + DEFAULT_PUBLISH_WINDOW);
    let mostInFlight = 0;
    const sampler = setInterval(() => {
      mostInFlight = Math.max(mostInFlight, runtime.inFlightCount);
    }, 1);
    expect(await runtime.start()).toBe('running');
    await waitUntil(() => runtime.counters.translated === values.length, 40_000, 'every message translated');
    clearInterval(sampler);
    expect(await streamValues(nc, sink)).toEqual(values.map((v) => `${v}|t`));
    // More than one message was between delivery and acknowledgement: the window was used.
    expect(mostInFlight).toBeGreaterThan(1);
    await waitUntil(() => runtime.inFlightCount === 0, 10_000, 'the last acknowledgements');
  });

  it('acknowledges a source message only after its sink publish was confirmed', { timeout: 60_000 }, async () => {
    const source = uniqueTopic('confirm-in');
    const sink = uniqueTopic('confirm-out');
    const group = `confirm-${Date.now()}`;
    // The sink's stream exists already and refuses a 6th message (discard new): publishes fail.
    const jsm = await nc.jetstreamManager();
    const names = natsNames(sink);
    await jsm.streams.add({
      name: names.stream,
      subjects: [names.subject],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      discard: DiscardPolicy.New,
      max_msgs: 5,
    });
    const t = make({ publishTimeoutMs: 300 });
    const values = Array.from({ length: 20 }, (_, i) => `c-${i}`);
    for (const v of values) await t.publish(source, v);
    const runtime = new ChannelRuntime({
      config: { id: 'confirm', source, sink, parallelism: 1, consumerGroup: group, startFrom: 'earliest' },
      translate: suffix,
      transport: t,
      logger: silentLogger,
    });
    runtimes.push(runtime);
    expect(await runtime.start()).toBe('running');
    await waitUntil(() => runtime.counters.publishErrors >= 15, 30_000, 'the refused publishes');
    // Five outputs stored, and only their five source messages acknowledged.
    expect(await streamValues(nc, sink)).toEqual(values.slice(0, 5).map((v) => `${v}|t`));
    expect(await ackFloor(nc, source, group)).toBe(5);
    const pending = await jsm.consumers.info(natsNames(source).stream, natsDurableName(group));
    expect(pending.num_ack_pending + pending.num_pending).toBe(15);
    // Once the sink takes them, the refused messages are delivered again and arrive; all acknowledged.
    const info = await jsm.streams.info(names.stream);
    await jsm.streams.update(names.stream, { ...info.config, max_msgs: -1 });
    await waitUntil(() => runtime.counters.translated >= values.length, 30_000, 'the redelivered messages');
    const stored = await streamValues(nc, sink);
    for (const v of values) expect(stored).toContain(`${v}|t`);
    await waitUntil(() => runtime.inFlightCount === 0, 10_000, 'the last acknowledgements');
    expect(await ackFloor(nc, source, group)).toBe(values.length);
  });

  it('loses nothing when the process is killed (SIGKILL) in the middle of a batch', { timeout: 120_000 }, async () => {
    const source = uniqueTopic('kill-in');
    const sink = uniqueTopic('kill-out');
    const group = `kill-${Date.now()}`;
    const publisher = make();
    const count = 2000;
    const values = Array.from({ length: count }, (_, i) => `k-${i}`);
    await Promise.all(values.map((v) => publisher.publish(source, v)));
    // The channel runs in a child process (the built library), slowed a little per message so the
    // kill lands while a batch is being worked on.
    const core = fileURLToPath(new URL('../../../dist/node/index.js', import.meta.url));
    const script = `
      const { ChannelRuntime, NatsTransport, silentLogger } = await import(${JSON.stringify(core)});
      const t = new NatsTransport({ servers: ${JSON.stringify(server?.url ?? '')}, ackWaitMs: 2000 });
      const r = new ChannelRuntime({
        config: { id: 'kill', source: ${JSON.stringify(source)}, sink: ${JSON.stringify(sink)}, parallelism: 1, consumerGroup: ${JSON.stringify(group)}, startFrom: 'earliest' },
        translate: async (text) => { const until = Date.now() + 1; while (Date.now() < until); return { message: text + '|t', emptyPayload: false, failures: [] }; },
        transport: t,
        logger: silentLogger,
      });
      console.log('status ' + (await r.start()));
    `;
    const spawnChannel = (name: string): TestProcess => {
      const child = startProcess(name, process.execPath, ['--input-type=module', '-e', script]);
      children.push(child);
      return child;
    };
    const first = spawnChannel('channel process 1');
    await first.waitForLine(/^status running$/, 'stdout', { timeoutMs: 20_000 });
    const jsm = await nc.jetstreamManager();
    const sinkStream = natsNames(sink).stream;
    const stored = async (): Promise<number> => (await jsm.streams.info(sinkStream).catch(() => undefined))?.state.messages ?? 0;
    const deadline = Date.now() + 40_000;
    while ((await stored()) < 300) {
      if (Date.now() > deadline) throw new Error(`the first channel process published only ${await stored()} messages`);
      await new Promise((r) => setTimeout(r, 20));
    }
    // Mid-batch: delivered to the process and not acknowledged yet.
    const before = await jsm.consumers.info(natsNames(source).stream, natsDurableName(group));
    first.kill('SIGKILL');
    await first.exited({ timeoutMs: 10_000 });
    expect(before.num_ack_pending).toBeGreaterThan(0);
    const killedAt = await stored();
    expect(killedAt).toBeLessThan(count);
    spawnChannel('channel process 2');
    const deadline2 = Date.now() + 60_000;
    while ((await ackFloor(nc, source, group)) < count) {
      if (Date.now() > deadline2) throw new Error(`after the restart only ${await ackFloor(nc, source, group)} of ${count} were acknowledged`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const out = await streamValues(nc, sink);
    const distinct = new Set(out);
    const missing = values.filter((v) => !distinct.has(`${v}|t`));
    expect(missing).toEqual([]);
    expect(out.length).toBeGreaterThanOrEqual(count);
  });
});
