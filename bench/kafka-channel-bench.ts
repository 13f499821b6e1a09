/**
 * A channel on Apache Kafka (issue 28): messages per second through one channel at parallelism 1
 * and 4 on one broker (KRaft), translating inline and, as `mediator serve` runs a channel, on its
 * translation worker; each set against the in-process translation rate of the same message
 * measured right before and after it (as nats-channel-bench.ts does for NATS).
 *
 * The source topic is filled first. The timed window runs from the moment the channel joined its
 * consumer group (the join, about a second, is a one-time cost of a channel's start, not of its
 * throughput) until the broker confirmed every output on the sink (acks=-1). Offsets are committed
 * as the channel goes; the last commit is not inside the window. Nothing reads the sink.
 */
import { KafkaTransport, silentLogger, type CompiledAlignment, type Transport } from '@mediator/core/node';
import { inProcess } from './channel-bench.js';
import { CpuRounds, type BrokerCpu, type ChannelCpuFigure } from './channel-cpu.js';
import { startBenchKafka } from './kafka-broker.js';
import {
  benchChannel,
  CHANNEL_ROUNDS,
  fillTopic,
  inlineTranslator,
  measuredOnly,
  ratioRounds,
  serverTranslation,
  timedUntilTranslated,
  type ChannelRatioFigure,
  type DrainRound,
  type TranslationSite,
  type Translator,
} from './broker-channel.js';

export interface KafkaChannelFigure extends ChannelRatioFigure {
  /** The client library. */
  readonly client: string;
  /** Where the channel translates: inline on the channel's thread, or as `mediator serve` does, on its translation worker. */
  readonly translation: TranslationSite;
  /** CPU per message of the in-process loop, this process and the broker's JVM (issue 42). */
  readonly cpu: ChannelCpuFigure;
}

/** A drain's window: this process's and the broker's CPU from the moment the channel runs. */
interface DrainWatch {
  readonly brokers: BrokerCpu;
  readonly cpu: CpuRounds;
}

async function drain(
  transport: Transport,
  text: string,
  translator: Translator,
  parallelism: number,
  count: number,
  run: string,
  watch?: DrainWatch,
): Promise<number> {
  const source = `bench.${run}.src`;
  const sink = `bench.${run}.sink`;
  await fillTopic(transport, source, text, count);
  const runtime = benchChannel(transport, translator, { id: run, source, sink, parallelism, consumerGroup: `${run}-channel`, startFrom: 'earliest' });
  return timedUntilTranslated(runtime, count, run, watch);
}

const ROUNDS = Number(process.env.BENCH_KAFKA_ROUNDS ?? CHANNEL_ROUNDS);
// One client since issue 28 kept @platformatic/kafka (kafkajs measured 34 % / 32 % here, against 55 % / 54 %).
const CLIENT = '@platformatic/kafka';

export async function measureKafkaChannels(
  text: string,
  alignments: readonly CompiledAlignment[],
  alignmentXml: readonly string[],
  count: number,
): Promise<KafkaChannelFigure[]> {
  const server = await serverTranslation(alignmentXml);
  const inline = inlineTranslator(alignments);
  const broker = await startBenchKafka();
  const transport = new KafkaTransport({ brokers: broker.brokers, logger: silentLogger });
  try {
    // Warm-up: JIT, the connections, topic creation and group join paths, both translation sites.
    await drain(transport, text, inline, 4, Math.min(500, count), 'kwarm');
    await drain(transport, text, await server.viaWorker(4), 4, Math.min(500, count), 'kwwarm');
    const out: KafkaChannelFigure[] = [];
    // The worker row is a channel as `mediator serve` runs it (its default on a multi-core machine):
    // the Kafka client on the event loop, the translation on the server's worker thread.
    for (const [translation, parallelism] of [
      ['inline', 1],
      ['inline', 4],
      ['worker', 4],
    ] as const) {
      const translator = translation === 'inline' ? inline : await server.viaWorker(parallelism);
      const cpu = new CpuRounds();
      // inProcess translates a warm-up of min(500, count) before its timed count.
      const inProcessMessages = count + Math.min(500, count);
      const name = (round: DrainRound): string => `k${translation === 'inline' ? '' : 'w'}p${parallelism}r${round}`;
      const figure = await ratioRounds(
        ROUNDS,
        () => cpu.timed(cpu.inProcess, inProcessMessages, () => inProcess(text, alignments, count)),
        (round) => drain(transport, text, translator, parallelism, count, name(round), measuredOnly(round, { brokers: broker, cpu })),
      );
      out.push({ client: CLIENT, translation, parallelism, ...figure, cpu: cpu.figure() });
      process.stderr.write(
        `measured Kafka (${CLIENT}), ${translation}, parallelism ${parallelism}: ratios ${figure.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}\n`,
      );
    }
    return out;
  } finally {
    await transport.close();
    await broker.stop();
    await server.close();
  }
}
