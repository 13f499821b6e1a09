/**
 * The channel runtime's own cost with a full delivery window, build against build (issue 42): no
 * broker, a scripted transport that keeps the window full (each settled handler call lets the next
 * message in, outputs confirmed a turn later) and a translation that spins PROBE_SPIN_MS (0.04) of
 * CPU, so most of the window waits for one of 4 translation slots as on a broker. Alternates the
 * builds (ABBA) in one process and prints per drain the rate, CPU per message and the young
 * collections, and the medians per build.
 *
 *   node --trace-gc-nvp bench/dist/runtime-window-probe.js [core-dist-dir ...]
 *
 * Each argument is a built core (`core/dist` by default; copy another branch's build beside it to
 * compare). PROBE_ROUNDS (5), PROBE_COUNT (20 000). The lines between `PHASE begin <build>` and
 * `PHASE end` give promoted and copied bytes. A measuring tool: nothing here is part of `npm run bench`.
 */
import { dirname, join, resolve } from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Core from '@mediator/core';
import { median } from './stats.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? '5');
const COUNT = Number(process.env.PROBE_COUNT ?? '20000');
const SPIN_MS = Number(process.env.PROBE_SPIN_MS ?? '0.04');
const bytes = Buffer.from('x'.repeat(3500));

/** A delivered message decoded when read, as the broker transports' are. */
class ProbeMessage {
  readonly topic = 'in';
  readonly redelivered = false;
  get value(): string {
    return bytes.toString('latin1');
  }
}

interface Window {
  readonly transport: Core.Transport;
  /** Resolves once every message's handler call settled. */
  readonly done: Promise<void>;
}

function scriptedWindow(): Window {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  let confirmations: Array<() => void> = [];
  const confirmAll = (): void => {
    const now = confirmations;
    confirmations = [];
    for (const confirm of now) confirm();
  };
  const transport: Core.Transport = {
    kind: 'nats',
    durable: true,
    publish: () => Promise.resolve(),
    close: () => Promise.resolve(),
    publishPipelined: () => {
      if (confirmations.length === 0) setImmediate(confirmAll);
      const confirmed = new Promise<void>((resolve) => confirmations.push(resolve));
      return { sent: Promise.resolve(), confirmed };
    },
    subscribe: (topic, group, options, handler) => {
      let next = 0;
      let settled = 0;
      const deliver = (): void => {
        next += 1;
        handler(new ProbeMessage()).then(settle, settle);
      };
      const settle = (): void => {
        settled += 1;
        if (next < COUNT) deliver();
        else if (settled === COUNT) finish();
      };
      setImmediate(() => {
        for (let k = 0; k < options.maxInFlight && next < COUNT; k++) deliver();
      });
      return Promise.resolve({ close: () => Promise.resolve() });
    },
  };
  return { transport, done };
}

const spin = (text: string): Promise<Core.ChannelTranslation> => {
  const end = performance.now() + SPIN_MS;
  while (performance.now() < end);
  return Promise.resolve({ message: `${text.slice(0, 100)}|t`, emptyPayload: false, failures: [] });
};

let scavenges = 0;
let scavengeMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { readonly detail?: { readonly kind?: number } }).detail?.kind !== constants.NODE_PERFORMANCE_GC_MINOR) continue;
    scavenges += 1;
    scavengeMs += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

interface Drain {
  readonly rate: number;
  readonly cpuUs: number;
  readonly scavengeUs: number;
  readonly scavengesPer1000: number;
}

async function drain(label: string, core: typeof Core, timed: boolean): Promise<Drain> {
  const { transport, done } = scriptedWindow();
  const runtime = new core.ChannelRuntime({
    config: { id: label, source: 'in', sink: 'out', consumerGroup: 'g', parallelism: 4 },
    translate: spin,
    transport,
    logger: core.silentLogger,
  });
  await runtime.start();
  scavenges = 0;
  scavengeMs = 0;
  if (timed) console.log(`PHASE begin ${label}`);
  const cpu = process.cpuUsage();
  const start = performance.now();
  await done;
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (timed) console.log('PHASE end');
  await runtime.stop();
  return {
    rate: (COUNT / ms) * 1000,
    cpuUs: (used.user + used.system) / COUNT,
    scavengeUs: (scavengeMs * 1000) / COUNT,
    scavengesPer1000: (scavenges * 1000) / COUNT,
  };
}

const show = (d: Drain): string =>
  `${d.rate.toFixed(0)} msg/s, ${d.cpuUs.toFixed(2)} us/msg CPU, ${d.scavengesPer1000.toFixed(2)} scavenges per 1000 messages, ${d.scavengeUs.toFixed(2)} us/msg in them`;

async function main(): Promise<void> {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ['core/dist'];
  const builds = await Promise.all(
    dirs.map(async (dir) => ({ dir, core: (await import(pathToFileURL(join(resolve(repoRoot, dir), 'index.js')).href)) as typeof Core })),
  );
  const results = new Map<string, Drain[]>(dirs.map((d) => [d, []]));
  for (const b of builds) await drain(b.dir, b.core, false);
  for (let round = 0; round < ROUNDS; round++) {
    for (const b of round % 2 === 0 ? builds : [...builds].reverse()) {
      const d = await drain(b.dir, b.core, true);
      results.get(b.dir)!.push(d);
      console.log(`${b.dir}, round ${round}: ${show(d)}`);
    }
  }
  for (const [dir, ds] of results) {
    console.log(
      `median ${dir}: ${show({ rate: median(ds.map((d) => d.rate)), cpuUs: median(ds.map((d) => d.cpuUs)), scavengeUs: median(ds.map((d) => d.scavengeUs)), scavengesPer1000: median(ds.map((d) => d.scavengesPer1000)) })}`,
    );
  }
}

await main();
