/**
 * Messages per second through one channel (parallelism 1 and 4) on the embedded bus, next to the
 * in-process translation figure of the same message in the same run (NATS: nats-channel-bench.ts).
 */
import { ChannelRuntime, EmbeddedBus, silentLogger, translateMessage, type CompiledAlignment, type Transport } from '@mediator/core/node';
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

export interface ChannelFigures {
  readonly inProcess: number;
  readonly embedded: Record<number, number>;
}

export async function measureChannels(text: string, alignments: readonly CompiledAlignment[], count: number): Promise<ChannelFigures> {
  // This machine's speed drifts by tens of percent over seconds (a shared VM), so the in-process
  // and embedded figures are measured in interleaved rounds and each reported as its median.
  const rounds = 5;
  const inProcRuns: number[] = [];
  const embeddedRuns: Record<number, number[]> = { 1: [], 4: [] };
  for (let round = 0; round < rounds; round++) {
    inProcRuns.push(await inProcess(text, alignments, count));
    for (const p of [1, 4]) {
      const bus = new EmbeddedBus({ logger: silentLogger });
      await drain(bus, text, alignments, p, Math.min(500, count), `warm${p}`, false);
      embeddedRuns[p]!.push(await drain(bus, text, alignments, p, count, `embedded${p}`, false));
      await bus.close();
    }
  }
  const inProc = median(inProcRuns);
  const embedded: Record<number, number> = { 1: median(embeddedRuns[1]!), 4: median(embeddedRuns[4]!) };
  return { inProcess: inProc, embedded };
}
