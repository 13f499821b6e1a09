/**
 * ChannelRuntime over the embedded bus: counters, status transitions, failure reasons, events.
 * (Lives beside the transports because it needs a concrete one; the runtime itself is in common.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ParseError } from '../../common/errors.js';
import type { Logger } from '../../common/logger.js';
import {
  ChannelRuntime,
  type ChannelMessageEvent,
  type ChannelRuntimeConfig,
  type ChannelStatus,
  type ChannelTranslate,
  type DeadLetterEnvelope,
} from '../../common/channels/channel-runtime.js';
import type { Transport } from '../../common/channels/transport.js';
import { TurnBudget } from '../../common/channels/turn-budget.js';
import { EmbeddedBus } from './embedded-bus.js';
import { collect, waitUntil } from './transport-contract.js';

interface LogLine {
  readonly level: string;
  readonly obj: unknown;
  readonly msg: string | undefined;
}

function capturingLogger(): Logger & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      lines.push({ level, obj, msg });
    };
  return { lines, error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Translate stub driven by the text: `bad` throws ParseError, `boom` throws a plain error,
 * `empty` is an empty payload, `cells` has two failed cells; anything else gets `|t`. */
const stub: ChannelTranslate = async (text) => {
  if (text === 'bad') throw new ParseError('Unexpected token b', { code: 'MESSAGE_NOT_JSON', line: 1, column: 1 });
  if (text === 'boom') throw new Error('alignment exploded');
  if (text === 'empty') return { message: 're-serialised', emptyPayload: true, failures: [] };
  if (text === 'cells') {
    return {
      message: 'cells|t',
      emptyPayload: false,
      failures: [
        { alignment: 'A', version: '1', cellId: '5_time', step: 2, error: 'x' },
        { alignment: 'A', version: '1', cellId: '7_value', step: 3, error: 'y' },
      ],
    };
  }
  await sleep(1);
  return { message: `${text}|t`, emptyPayload: false, failures: [] };
};

describe('ChannelRuntime over the embedded bus', () => {
  const buses: EmbeddedBus[] = [];
  const runtimes: ChannelRuntime[] = [];
  afterEach(async () => {
    await Promise.allSettled(runtimes.splice(0).map((r) => r.stop()));
    await Promise.allSettled(buses.splice(0).map((b) => b.close()));
  });

  const setup = (
    config: Partial<ChannelRuntimeConfig> = {},
    translate: ChannelTranslate = stub,
    transport?: Transport,
  ): { bus: EmbeddedBus; runtime: ChannelRuntime; log: ReturnType<typeof capturingLogger> } => {
    const bus = new EmbeddedBus({ redeliveryDelayMs: 20 });
    buses.push(bus);
    const log = capturingLogger();
    const runtime = new ChannelRuntime({
      config: { id: 3, source: 'in', sink: 'out', consumerGroup: 'g', stopTimeoutMs: 2000, ...config },
      translate,
      transport: transport ?? bus,
      logger: log,
    });
    runtimes.push(runtime);
    return { bus, runtime, log };
  };

  it('goes idle -> starting -> running -> stopping -> stopped, and reports each change', async () => {
    const { runtime } = setup();
    const seen: ChannelStatus[] = [];
    runtime.onStatusChange((e) => seen.push(e.status));
    expect(runtime.status).toBe('idle');
    const starting = runtime.start();
    expect(runtime.status).toBe('starting');
    expect(await starting).toBe('running');
    expect(runtime.status).toBe('running');
    expect(await runtime.start()).toBe('running');
    await runtime.stop();
    expect(runtime.status).toBe('stopped');
    expect(seen).toEqual(['starting', 'running', 'stopping', 'stopped']);
    expect(runtime.reason).toBeUndefined();
  });

  it('can be started again after stop and resumes its group', async () => {
    const { bus, runtime } = setup();
    const out = await collect(bus, 'out', 'reader');
    await runtime.start();
    await bus.publish('in', 'a');
    await out.waitFor(1);
    await runtime.stop();
    await bus.publish('in', 'b'); // published while stopped: the group keeps its position
    expect(await runtime.start()).toBe('running');
    await out.waitFor(2);
    expect(out.values).toEqual(['a|t', 'b|t']);
  });

  it('is failed, with the reason, when the transport cannot subscribe', async () => {
    const bus = new EmbeddedBus();
    buses.push(bus);
    const broken: Transport = {
      kind: 'nats',
      durable: true,
      publish: (t, v) => bus.publish(t, v),
      subscribe: () => Promise.reject(new Error('no servers available for connection')),
      close: () => Promise.resolve(),
    };
    const { runtime, log } = setup({}, stub, broken);
    const events: string[] = [];
    runtime.onStatusChange((e) => events.push(`${e.status}${e.reason === undefined ? '' : `: ${e.reason}`}`));
    expect(await runtime.start()).toBe('failed');
    expect(runtime.status).toBe('failed');
    expect(runtime.reason).toBe('cannot consume topic "in" over nats: no servers available for connection');
    expect(events).toEqual(['starting', `failed: ${runtime.reason ?? ''}`]);
    expect(log.lines.some((l) => l.level === 'error')).toBe(true);
    await runtime.stop();
    expect(runtime.status).toBe('stopped');
  });

  it('retries a failed start in the background when retryStartMs is set', async () => {
    const bus = new EmbeddedBus();
    buses.push(bus);
    let attempts = 0;
    const flaky: Transport = {
      kind: 'embedded',
      durable: false,
      publish: (t, v) => bus.publish(t, v),
      subscribe: (...args) => {
        attempts += 1;
        return attempts < 3 ? Promise.reject(new Error(`down (${attempts})`)) : bus.subscribe(...args);
      },
      close: () => Promise.resolve(),
    };
    const { runtime } = setup({ retryStartMs: 10 }, stub, flaky);
    expect(await runtime.start()).toBe('failed');
    await waitUntil(() => runtime.status === 'running', 2000, 'the retried start');
    expect(attempts).toBe(3);
    const out = await collect(bus, 'out', 'reader');
    await bus.publish('in', 'x');
    await out.waitFor(1);
    expect(out.values).toEqual(['x|t']);
  });

  it('stop() during a start that is still subscribing ends stopped, never running', async () => {
    const bus = new EmbeddedBus();
    buses.push(bus);
    const slow: Transport = {
      kind: 'embedded',
      durable: false,
      publish: (t, v) => bus.publish(t, v),
      subscribe: async (...args) => {
        await sleep(50);
        return bus.subscribe(...args);
      },
      close: () => Promise.resolve(),
    };
    const { runtime } = setup({}, stub, slow);
    const started = runtime.start();
    await runtime.stop();
    await started;
    expect(runtime.status).toBe('stopped');
    await bus.publish('in', 'late');
    await sleep(30);
    expect(bus.recent('out')).toEqual([]);
  });

  it('counts received, translated, failed, dead-lettered, cell failures and latency', async () => {
    const { bus, runtime, log } = setup();
    const out = await collect(bus, 'out', 'reader');
    const dead = await collect(bus, 'out.errors', 'reader');
    await runtime.start();
    expect(runtime.counters).toEqual({
      received: 0,
      translated: 0,
      failed: 0,
      deadLettered: 0,
      cellFailures: 0,
      redelivered: 0,
      publishErrors: 0,
      lastLatencyMs: 0,
      meanLatencyMs: 0,
    });
    for (const text of ['one', 'bad', 'empty', 'cells', 'boom', 'two']) await bus.publish('in', text);
    await out.waitFor(4);
    await dead.waitFor(2);
    expect(out.values).toEqual(['one|t', 'empty', 'cells|t', 'two|t']);
    const c = runtime.counters;
    expect(c).toMatchObject({ received: 6, translated: 4, failed: 2, deadLettered: 2, cellFailures: 2, redelivered: 0, publishErrors: 0 });
    expect(c.lastLatencyMs).toBeGreaterThan(0);
    expect(c.meanLatencyMs).toBeGreaterThan(0);
    const cellLog = log.lines.find((l) => l.msg === 'cells failed and were skipped');
    expect(cellLog?.level).toBe('warn');
    expect((cellLog?.obj as { cells: string[] }).cells).toEqual(['5_time', '7_value']);
  });

  it('writes the dead-letter envelope, to `${sink}.errors` or to the configured topic', async () => {
    const { bus, runtime } = setup({ id: 'c-9', deadLetterTopic: 'my-errors' });
    expect(runtime.deadLetterTopic).toBe('my-errors');
    const dead = await collect(bus, 'my-errors', 'reader');
    await runtime.start();
    const before = Date.now();
    await bus.publish('in', 'boom');
    await bus.publish('in', 'bad');
    await dead.waitFor(2);
    const [boom, bad] = dead.values.map((v) => JSON.parse(v) as DeadLetterEnvelope);
    expect(boom).toMatchObject({ error: { code: 'TRANSLATION_FAILED', message: 'alignment exploded' }, channel: 'c-9', source: 'in', original: 'boom' });
    expect(bad).toMatchObject({ error: { code: 'MESSAGE_NOT_JSON', message: 'Unexpected token b' }, original: 'bad' });
    expect(Date.parse(boom?.receivedAt ?? '')).toBeGreaterThanOrEqual(before - 5);
    expect(Object.keys(boom ?? {}).sort()).toEqual(['channel', 'error', 'original', 'receivedAt', 'source']);
    expect(setup({ sink: 'snk' }).runtime.deadLetterTopic).toBe('snk.errors');
  });

  it('emits one event per message, with timings and the error; the disposer stops them', async () => {
    const { bus, runtime } = setup();
    const out = await collect(bus, 'out', 'reader');
    const events: ChannelMessageEvent[] = [];
    const dispose = runtime.onEvent((e) => events.push(e));
    await runtime.start();
    await bus.publish('in', 'one');
    await bus.publish('in', 'bad');
    await bus.publish('in', 'cells');
    await waitUntil(() => events.length === 3, 2000, 'three events');
    const [one, bad, cells] = events;
    expect(one).toMatchObject({ kind: 'translated', channel: 3, seq: 1, redelivered: false, emptyPayload: false, failedCells: [] });
    expect(one?.error).toBeUndefined();
    expect(bad).toMatchObject({ kind: 'dead-lettered', seq: 2, error: { code: 'MESSAGE_NOT_JSON' } });
    expect(cells).toMatchObject({ kind: 'translated', seq: 3, failedCells: ['5_time', '7_value'] });
    for (const e of events) {
      expect(e.finishedAt).toBeGreaterThanOrEqual(e.startedAt);
      expect(e.latencyMs).toBeGreaterThan(0);
    }
    dispose();
    await bus.publish('in', 'two');
    await out.waitFor(3);
    await sleep(20);
    expect(events.length).toBe(3);
  });

  it('a listener that throws does not break the channel', async () => {
    const { bus, runtime } = setup();
    const out = await collect(bus, 'out', 'reader');
    runtime.onEvent(() => {
      throw new Error('listener bug');
    });
    await runtime.start();
    await bus.publish('in', 'a');
    await bus.publish('in', 'b');
    await out.waitFor(2);
    expect(out.values).toEqual(['a|t', 'b|t']);
  });

  it('a failed sink publish leaves the message unacknowledged; it is redelivered and then published', async () => {
    const bus = new EmbeddedBus({ redeliveryDelayMs: 20 });
    buses.push(bus);
    let failNext = true;
    const flakySink: Transport = {
      kind: 'embedded',
      durable: false,
      publish: (topic, value) => {
        if (topic === 'out' && failNext) {
          failNext = false;
          return Promise.reject(new Error('sink unavailable'));
        }
        return bus.publish(topic, value);
      },
      subscribe: (...args) => bus.subscribe(...args),
      close: () => Promise.resolve(),
    };
    const { runtime } = setup({}, stub, flakySink);
    const out = await collect(bus, 'out', 'reader');
    await runtime.start();
    await bus.publish('in', 'retry-me');
    await out.waitFor(1);
    expect(out.values).toEqual(['retry-me|t']);
    expect(runtime.counters).toMatchObject({ received: 2, translated: 1, publishErrors: 1, redelivered: 1 });
  });

  it('forwards empty payloads with the original bytes, not the translation output', async () => {
    const { bus, runtime } = setup();
    const out = await collect(bus, 'out', 'reader');
    await runtime.start();
    await bus.publish('in', 'empty');
    await out.waitFor(1);
    expect(out.values).toEqual(['empty']);
    expect(runtime.counters.translated).toBe(1);
  });

  it('stop() gives up after stopTimeoutMs; a message finishing later is not published', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { bus, runtime, log } = setup({ stopTimeoutMs: 100 }, async (text) => {
      await gate;
      return { message: text, emptyPayload: false, failures: [] };
    });
    await runtime.start();
    await bus.publish('in', 'stuck');
    await waitUntil(() => runtime.inFlightCount === 1, 1000, 'the message in flight');
    const t0 = Date.now();
    await runtime.stop();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(90);
    expect(runtime.status).toBe('stopped');
    expect(log.lines.some((l) => l.level === 'warn' && /in-flight/.test(l.msg ?? ''))).toBe(true);
    release();
    await sleep(30);
    expect(bus.recent('out')).toEqual([]);
    expect(runtime.counters.translated).toBe(0);
  });

  it('parallelism below 1 runs as 1; the monitor topic gets `start;end` records', async () => {
    const { bus, runtime } = setup({ parallelism: 0, monitorTopic: 'mon-x' });
    expect(runtime.parallelism).toBe(1);
    const mon = await collect(bus, 'mon-x', 'reader');
    await runtime.start();
    await bus.publish('in', 'a');
    await mon.waitFor(1);
    const [start, end] = (mon.values[0] ?? '').split(';').map(Number);
    expect(Number.isInteger(start)).toBe(true);
    expect(end).toBeGreaterThanOrEqual(start ?? Infinity);
  });

  // A translation that resolves at once hands its permit on within the same microtask queue, so
  // without a pause a backlog is translated in one macrotask and no I/O (broker writes and reads,
  // HTTP requests) happens until it is all done (issue 13).
  it.each([
    { budgetMs: 1, interleaved: true },
    { budgetMs: Infinity, interleaved: false },
  ])('a backlog of translations lets the event loop take turns (budget $budgetMs ms)', async ({ budgetMs, interleaved }) => {
    const bus = new EmbeddedBus();
    buses.push(bus);
    const count = 40;
    for (let i = 0; i < count; i += 1) await bus.publish('in', `m${i}`);
    let translated = 0;
    const busy: ChannelTranslate = (text) => {
      const until = performance.now() + 0.25;
      while (performance.now() < until) {
        // a synchronous translation of a quarter millisecond
      }
      translated += 1;
      return Promise.resolve({ message: text, emptyPayload: false, failures: [] });
    };
    const runtime = new ChannelRuntime({
      config: { id: 'turns', source: 'in', sink: 'out', consumerGroup: 'g', parallelism: 4, startFrom: 'earliest' },
      translate: busy,
      transport: bus,
      logger: capturingLogger(),
      turnBudget: new TurnBudget(budgetMs),
    });
    runtimes.push(runtime);
    const out = await collect(bus, 'out', 'reader');
    const seenByOtherWork: number[] = [];
    const watch = (): void => {
      seenByOtherWork.push(translated);
      if (translated < count) setImmediate(watch);
    };
    setImmediate(watch);
    await runtime.start();
    await out.waitFor(count);
    expect(out.values).toEqual(Array.from({ length: count }, (_, i) => `m${i}`));
    // Other work got in while the backlog was translated, or only before it started and after it ended.
    const midway = seenByOtherWork.filter((n) => n > 0 && n < count);
    if (interleaved) expect(midway.length).toBeGreaterThanOrEqual(3);
    else expect(midway).toEqual([]);
  });

  it('stop() before start() just marks the runtime stopped', async () => {
    const { runtime } = setup();
    await runtime.stop();
    expect(runtime.status).toBe('stopped');
  });
});
