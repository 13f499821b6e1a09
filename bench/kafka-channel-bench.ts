/**
 * A channel on Apache Kafka (issue 28): messages per second through one channel at parallelism 1
 * and 4 on one broker (KRaft), with each client library in the list below, each set against the in-process translation rate of the same message
 * measured right before and after it (as nats-channel-bench.ts does for NATS).
 *
 * The source topic is filled first. The timed window runs from the moment the channel joined its
 * consumer group (the join, about a second, is a one-time cost of a channel's start, not of its
 * throughput) until the broker confirmed every output on the sink (acks=-1). Offsets are committed
 * as the channel goes; the last commit is not inside the window. Nothing reads the sink.
 */
import { ChannelRuntime, KafkaTransport, silentLogger, translateMessage, type CompiledAlignment, type Transport } from '@mediator/core/node';
import { inProcess } from './channel-bench.js';
import { startBenchKafka } from './kafka-broker.js';
import { median } from './stats.js';
import { fillTopic, untilTranslated, type ChannelRatioFigure } from './broker-channel.js';

export interface KafkaChannelFigure extends ChannelRatioFigure {
  /** The client library. */
  readonly client: string;
}

async function drain(
  transport: Transport,
  text: string,
  alignments: readonly CompiledAlignment[],
  parallelism: number,
  count: number,
  run: string,
): Promise<number> {
  const source = `bench.${run}.src`;
  const sink = `bench.${run}.sink`;
  await fillTopic(transport, source, text, count);
  const runtime = new ChannelRuntime({
    config: { id: run, source, sink, parallelism, consumerGroup: `${run}-channel`, startFrom: 'earliest' },
    translate: (t) => translateMessage(t, alignments),
    transport,
    logger: silentLogger,
  });
  await runtime.start();
  const start = performance.now();
  // What the channel translated before the window opened is not counted (as the NATS and MQTT rows).
  const before = runtime.counters.translated;
  await untilTranslated(runtime, count, run);
  const rate = ((count - before) / (performance.now() - start)) * 1000;
  await runtime.stop();
  return rate;
}

const ROUNDS = Number(process.env.BENCH_KAFKA_ROUNDS ?? '3');

/**
 * Each client's rounds alternate with the other's (client A round 1, client B round 1, ...), so a
 * change in the machine's load falls on both alike.
 */
export async function measureKafkaChannels(text: string, alignments: readonly CompiledAlignment[], count: number): Promise<KafkaChannelFigure[]> {
  const broker = await startBenchKafka();
  // One client since issue 28 kept @platformatic/kafka (kafkajs measured 34 % / 32 % here, against
  // 55 % / 54 %); the list is where a candidate is added to be measured against it.
  const clients: Array<{ client: string; transport: Transport }> = [
    { client: '@platformatic/kafka', transport: new KafkaTransport({ brokers: broker.brokers, logger: silentLogger }) },
  ];
  try {
    // Warm-up: JIT, the connections, topic creation and group join paths.
    for (const [i, c] of clients.entries()) await drain(c.transport, text, alignments, 4, Math.min(500, count), `kwarm${i}`);
    const out: KafkaChannelFigure[] = [];
    for (const parallelism of [1, 4]) {
      const rounds = clients.map(() => ({ rates: [] as number[], inProcs: [] as number[], ratios: [] as number[] }));
      let before = await inProcess(text, alignments, count);
      for (let round = 0; round < ROUNDS; round++) {
        for (const [i, c] of clients.entries()) {
          const rate = await drain(c.transport, text, alignments, parallelism, count, `k${i}p${parallelism}r${round}`);
          const after = await inProcess(text, alignments, count);
          const inProc = (before + after) / 2;
          rounds[i]!.rates.push(rate);
          rounds[i]!.inProcs.push(inProc);
          rounds[i]!.ratios.push(rate / inProc);
          before = after;
        }
      }
      for (const [i, c] of clients.entries()) {
        const r = rounds[i]!;
        out.push({
          client: c.client,
          parallelism,
          messagesPerSecond: median(r.rates),
          inProcessMessagesPerSecond: median(r.inProcs),
          ratio: median(r.ratios),
          roundRatios: r.ratios,
        });
        process.stderr.write(`measured Kafka (${c.client}), parallelism ${parallelism}: ratios ${r.ratios.map((x) => `${(x * 100).toFixed(0)}%`).join(' ')}\n`);
      }
    }
    return out;
  } finally {
    for (const c of clients) await c.transport.close();
    await broker.stop();
  }
}
