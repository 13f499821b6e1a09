/**
 * Messages per second through one channel (parallelism 1 and 4) on the embedded bus, next to the
 * in-process translation figure of the same message in the same run (NATS: nats-channel-bench.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildServer, ChannelRuntime, EmbeddedBus, silentLogger, translateMessage, type CompiledAlignment, type Transport } from '@mediator/core/node';
import { median } from './stats.js';

export async function inProcess(text: string, alignments: readonly CompiledAlignment[], count: number): Promise<number> {
  for (let i = 0; i < Math.min(500, count); i++) await translateMessage(text, alignments);
  const start = performance.now();
  for (let i = 0; i < count; i++) await translateMessage(text, alignments);
  return (count / (performance.now() - start)) * 1000;
}

/**
 * `prefill`: publish everything before the channel starts (NATS streams keep it all). The embedded
 * bus keeps only the last messages of a topic nobody consumes yet, so there the channel starts
 * first and the (in-process, cheap) publishing is inside the measured time.
 */
async function drain(
  transport: Transport,
  text: string,
  alignments: readonly CompiledAlignment[],
  parallelism: number,
  count: number,
  run: string,
  prefill: boolean,
): Promise<number> {
  const source = `bench.${run}.src`;
  const sink = `bench.${run}.sink`;
  let arrived = 0;
  let done: () => void = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  const sinkSub = await transport.subscribe(sink, `${run}-sink`, { maxInFlight: 256, from: 'earliest' }, async () => {
    arrived++;
    if (arrived === count) done();
  });
  if (prefill) for (let i = 0; i < count; i++) await transport.publish(source, text);
  const runtime = new ChannelRuntime({
    config: { id: run, source, sink, parallelism, consumerGroup: `${run}-channel`, startFrom: 'earliest' },
    translate: (t) => translateMessage(t, alignments),
    transport,
    logger: silentLogger,
  });
  const start = performance.now();
  await runtime.start();
  if (!prefill) for (let i = 0; i < count; i++) await transport.publish(source, text);
  await finished;
  const rate = (count / (performance.now() - start)) * 1000;
  await runtime.stop();
  await sinkSub.close();
  return rate;
}

/**
 * A channel as the server runs it (issue 29): created through POST /channels on a built server,
 * translating through the server's TranslationService (`workers` threads, or the event loop for 0),
 * messages published on the server's embedded bus. Returns msg/s for each parallelism.
 */
async function serverChannel(text: string, alignmentXml: readonly string[], workers: number, count: number): Promise<Record<number, number>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-bench-channel-'));
  const logStream = new Writable({ write: (_c, _e, done) => done() });
  const server = await buildServer({ dataDir, translationWorkers: workers, logStream, logLevel: 'warn' });
  try {
    const ids: Array<{ name: string; version: string }> = [];
    for (const xml of alignmentXml) {
      const r = await server.app.inject({ method: 'POST', url: '/alignments', payload: xml, headers: { 'content-type': 'application/xml' } });
      const info = r.json<{ name: string; version: string }>();
      ids.push({ name: info.name, version: info.version });
    }
    const out: Record<number, number> = {};
    for (const parallelism of [1, 4]) {
      const run = `server${workers}w${parallelism}p`;
      const [inp, outp] = [ids[0]!, ids[1] ?? { name: '', version: '' }];
      const created = await server.app.inject({
        method: 'POST',
        url: '/channels',
        payload: {
          source: `${run}.src`,
          sink: `${run}.sink`,
          inpAlignmentName: inp.name,
          inpAlignmentVersion: inp.version,
          outAlignmentName: outp.name,
          outAlignmentVersion: outp.version,
          parallelism,
        },
      });
      if (created.statusCode !== 201) throw new Error(`channel not created: ${created.body}`);
      const transport = server.runner.transport;
      for (const [n, timed] of [
        [Math.min(500, count), false],
        [count, true],
      ] as const) {
        let arrived = 0;
        let done: () => void = () => {};
        const finished = new Promise<void>((resolve) => (done = resolve));
        const sink = await transport.subscribe(`${run}.sink`, `${run}-sink-${String(timed)}`, { maxInFlight: 256, from: 'latest' }, async () => {
          if (++arrived === n) done();
        });
        const start = performance.now();
        for (let i = 0; i < n; i++) await transport.publish(`${run}.src`, text);
        await finished;
        if (timed) out[parallelism] = (n / (performance.now() - start)) * 1000;
        await sink.close();
      }
    }
    return out;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export interface ChannelFigures {
  readonly inProcess: number;
  readonly embedded: Record<number, number>;
  /** Through the server's translation service: on the event loop (0 workers) and on one worker thread (`mediator serve`'s default). */
  readonly server: Record<'workers0' | 'workers1', Record<number, number>>;
}

export async function measureChannels(
  text: string,
  alignments: readonly CompiledAlignment[],
  alignmentXml: readonly string[],
  count: number,
): Promise<ChannelFigures> {
  // This machine's speed drifts by tens of percent over seconds (a shared VM), so the in-process
  // and embedded figures are measured in interleaved rounds and each reported as its median.
  const rounds = 5;
  const inProcRuns: number[] = [];
  const embeddedRuns: Record<number, number[]> = { 1: [], 4: [] };
  const serverRuns = { workers0: { 1: [] as number[], 4: [] as number[] }, workers1: { 1: [] as number[], 4: [] as number[] } };
  for (let round = 0; round < rounds; round++) {
    inProcRuns.push(await inProcess(text, alignments, count));
    for (const p of [1, 4]) {
      const bus = new EmbeddedBus({ logger: silentLogger });
      await drain(bus, text, alignments, p, Math.min(500, count), `warm${p}`, false);
      embeddedRuns[p]!.push(await drain(bus, text, alignments, p, count, `embedded${p}`, false));
      await bus.close();
    }
    for (const workers of [0, 1] as const) {
      const figures = await serverChannel(text, alignmentXml, workers, count);
      for (const p of [1, 4] as const) serverRuns[`workers${workers}`][p].push(figures[p]!);
    }
  }
  const inProc = median(inProcRuns);
  const embedded: Record<number, number> = { 1: median(embeddedRuns[1]!), 4: median(embeddedRuns[4]!) };
  const server = {
    workers0: { 1: median(serverRuns.workers0[1]), 4: median(serverRuns.workers0[4]) },
    workers1: { 1: median(serverRuns.workers1[1]), 4: median(serverRuns.workers1[4]) },
  };
  return { inProcess: inProc, embedded, server };
}
