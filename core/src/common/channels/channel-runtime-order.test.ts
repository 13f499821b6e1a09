/**
 * The runtime's ordering under random interleavings (issue 42: deliveries waiting for a translation
 * slot wait in a FIFO and get their output slot when a slot takes them). For random arrival gaps,
 * translation times, failures and broker confirmation delays, over a scripted transport:
 * at most `parallelism` translations at once, started in delivery order (when no turn budget
 * pauses them: a translation that waits for the event loop's turn may be overtaken by one that did
 * not, as before); outputs (sink or dead
 * letter) reach the broker in delivery order; each handler call settles only after its output was
 * confirmed, and the calls settle in delivery order (the broker confirms in order), so
 * acknowledgements keep that order; a stop in mid-drain leaves the rest unacknowledged, publishes
 * nothing afterwards, and what was published is a prefix of the deliveries.
 */
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { ChannelRuntime, type ChannelTranslate } from './channel-runtime.js';
import { TurnBudget } from './turn-budget.js';
import type { MessageHandler, PipelinedPublish, Subscription, Transport } from './transport.js';

const later = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** 0: settle within the microtask queue; otherwise a timer of 0 to 2 ms. */
const pauseOf = (random: () => number): number => (random() < 0.4 ? -1 : Math.floor(random() * 3));
const wait = (ms: number): Promise<void> => (ms < 0 ? Promise.resolve() : later(ms));

interface Script {
  readonly count: number;
  readonly arrival: readonly number[];
  readonly translation: readonly number[];
  readonly fails: readonly boolean[];
  readonly confirmation: readonly number[];
}

function script(random: () => number): Script {
  const count = 10 + Math.floor(random() * 50);
  const each = <T>(f: () => T): T[] => Array.from({ length: count }, f);
  return {
    count,
    arrival: each(() => (random() < 0.7 ? -1 : pauseOf(random))),
    translation: each(() => pauseOf(random)),
    fails: each(() => random() < 0.1),
    confirmation: each(() => pauseOf(random)),
  };
}

/** Delivers `count` messages ("0", "1", ...) with up to `maxInFlight` handler calls at once, and records everything. */
class ScriptedTransport implements Transport {
  readonly kind = 'nats' as const;
  readonly durable = true;
  /** Message indices in the order their outputs were handed to the broker. */
  readonly sent: number[] = [];
  readonly confirmed = new Set<number>();
  /** Handler calls settled, in order: index and whether it resolved. */
  readonly settled: Array<{ readonly index: number; readonly ok: boolean }> = [];
  readonly errors: unknown[] = [];
  delivered = 0;
  private lastConfirmation: Promise<void> = Promise.resolve();
  private closed = false;
  publishPipelined: ((topic: string, value: string) => PipelinedPublish) | undefined;

  constructor(
    private readonly plan: Script,
    pipelined: boolean,
    private readonly afterPublish: () => boolean = () => true,
  ) {
    if (pipelined) this.publishPipelined = (topic, value) => this.pipelined(value);
  }

  private indexOf(value: string): number {
    const text = value.startsWith('{') ? (JSON.parse(value) as { original: string }).original : value.split('|')[0]!;
    return Number(text);
  }

  private pipelined(value: string): PipelinedPublish {
    const index = this.indexOf(value);
    if (!this.afterPublish()) throw new Error(`output ${index} after the stop`);
    this.sent.push(index);
    // A broker confirms one connection's writes in order, each after its own delay.
    const confirmed = Promise.all([this.lastConfirmation, wait(this.plan.confirmation[index]!)]).then(() => {
      this.confirmed.add(index);
    });
    this.lastConfirmation = confirmed;
    return { sent: Promise.resolve(), confirmed };
  }

  async publish(topic: string, value: string): Promise<void> {
    await this.pipelined(value).confirmed;
  }

  async subscribe(topic: string, group: string, options: { maxInFlight: number }, handler: MessageHandler): Promise<Subscription> {
    let running = 0;
    let freed: (() => void) | undefined;
    const settle = (index: number, ok: boolean, error?: unknown): void => {
      if (ok && !this.confirmed.has(index)) this.errors.push(`handler ${index} resolved before its output was confirmed`);
      if (!ok && !(error instanceof Error && /is stopped/.test(error.message))) this.errors.push(error);
      this.settled.push({ index, ok });
      running -= 1;
      freed?.();
    };
    const deliver = async (): Promise<void> => {
      for (let i = 0; i < this.plan.count && !this.closed; i += 1) {
        await wait(this.plan.arrival[i]!);
        while (running >= options.maxInFlight) await new Promise<void>((resolve) => (freed = resolve));
        if (this.closed) return;
        running += 1;
        this.delivered += 1;
        handler({ value: String(i), topic, redelivered: false }).then(
          () => settle(i, true),
          (error: unknown) => settle(i, false, error),
        );
      }
    };
    const delivering = deliver();
    return {
      close: async () => {
        this.closed = true;
        await delivering;
        while (running > 0) await new Promise<void>((resolve) => (freed = resolve));
      },
    };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

/** A translation that records its start order and concurrency, fails or takes the scripted time. */
function scriptedTranslate(plan: Script, parallelism: number, problems: unknown[]): { translate: ChannelTranslate; started: number[] } {
  const started: number[] = [];
  let active = 0;
  const translate: ChannelTranslate = async (text) => {
    const index = Number(text);
    started.push(index);
    active += 1;
    if (active > parallelism) problems.push(`${active} translations at once`);
    try {
      await wait(plan.translation[index]!);
      if (plan.fails[index]) throw new Error(`message ${index} untranslatable`);
      return { message: `${text}|t`, emptyPayload: false, failures: [] };
    } finally {
      active -= 1;
    }
  };
  return { translate, started };
}

const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`waited 5 s for ${what}`);
    await later(1);
  }
}

describe('ChannelRuntime ordering under random interleavings', () => {
  it('translates in delivery order, publishes and acknowledges in delivery order', async () => {
    const random = seededRandom(Number(process.env.CHANNEL_ORDER_SEED ?? 4207));
    for (let round = 0; round < 24; round += 1) {
      const plan = script(random);
      const parallelism = 1 + Math.floor(random() * 4);
      const pipelined = random() < 0.6;
      const pausing = random() < 0.3;
      const transport = new ScriptedTransport(plan, pipelined);
      const { translate, started } = scriptedTranslate(plan, parallelism, transport.errors);
      const runtime = new ChannelRuntime({
        config: { id: round, source: 'in', sink: 'out', consumerGroup: 'g', parallelism, publishWindow: 1 + Math.floor(random() * 8) },
        translate,
        transport,
        logger: silentLogger,
        turnBudget: pausing ? new TurnBudget(0) : new TurnBudget(Number.POSITIVE_INFINITY),
      });
      await runtime.start();
      await until(() => transport.settled.length === plan.count, `round ${round}: ${plan.count} handler calls to settle`);
      await runtime.stop();
      const context = `round ${round}: ${plan.count} messages, parallelism ${parallelism}, pipelined ${pipelined}, pausing ${pausing}`;
      expect(transport.errors, context).toEqual([]);
      expect(pausing ? [...started].sort((a, b) => a - b) : started, context).toEqual(range(plan.count));
      expect(transport.sent, context).toEqual(range(plan.count));
      expect(transport.settled, context).toEqual(range(plan.count).map((index) => ({ index, ok: true })));
      expect(runtime.counters.translated + runtime.counters.deadLettered, context).toBe(plan.count);
      expect(runtime.counters.deadLettered, context).toBe(plan.fails.filter(Boolean).length);
      expect(runtime.inFlightCount, context).toBe(0);
    }
  });

  it('stopped in mid-drain: the rest stays unacknowledged, nothing is published afterwards', async () => {
    const random = seededRandom(Number(process.env.CHANNEL_ORDER_SEED ?? 4242));
    for (let round = 0; round < 16; round += 1) {
      const plan = script(random);
      const parallelism = 1 + Math.floor(random() * 4);
      let stopped = false;
      const pausing = random() < 0.3;
      const transport = new ScriptedTransport(plan, random() < 0.6, () => !stopped);
      const { translate, started } = scriptedTranslate(plan, parallelism, transport.errors);
      const runtime = new ChannelRuntime({
        config: { id: round, source: 'in', sink: 'out', consumerGroup: 'g', parallelism, stopTimeoutMs: 5000 },
        translate,
        transport,
        logger: silentLogger,
        turnBudget: pausing ? new TurnBudget(0) : new TurnBudget(Number.POSITIVE_INFINITY),
      });
      await runtime.start();
      const stopAfter = 1 + Math.floor(random() * (plan.count - 1));
      await until(() => transport.delivered >= stopAfter, `round ${round}: ${stopAfter} deliveries`);
      await runtime.stop();
      stopped = true;
      await later(3);
      const context = `round ${round}: stop after ${stopAfter} of ${plan.count}, parallelism ${parallelism}, pausing ${pausing}`;
      expect(transport.errors, context).toEqual([]);
      expect(transport.settled.length, context).toBe(transport.delivered);
      const acknowledged = transport.settled.filter((s) => s.ok).map((s) => s.index);
      expect(acknowledged, context).toEqual(range(acknowledged.length));
      expect(transport.sent, context).toEqual(range(transport.sent.length));
      if (!pausing) expect(started, context).toEqual(range(started.length));
      expect(runtime.inFlightCount, context).toBe(0);
    }
  });
});
