/**
 * Channels on MQTT (issue 28): messages per second through one channel at QoS 1 on one Mosquitto, at
 * parallelism 1 and 4, and through a mixed MQTT -> NATS channel (source on Mosquitto, sink on one
 * JetStream server), each set against the in-process translation rate of the same message measured
 * right before and after it (as kafka-channel-bench.ts does for Kafka).
 *
 * The source is filled first: the channel's group (its persistent session) is created, left, and
 * the messages queue at the broker; the timed window runs from the moment the channel runs (its
 * connection made and its session resumed; what it translated before is not counted, issue 42)
 * until the sink's broker confirmed every output (PUBACK, or JetStream's ack). Every
 * source message is acknowledged only after that confirmation. Nothing reads the sink.
 */
import { bridgeTransport, MqttTransport, NatsTransport, silentLogger, type CompiledAlignment, type Transport } from '@mediator/core/node';
import { inProcess } from './channel-bench.js';
import { CpuRounds, type BrokerCpu, type ChannelCpuFigure } from './channel-cpu.js';
import { startBenchMosquitto } from './mosquitto-broker.js';
import { startBenchNats } from './nats-servers.js';
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

export interface MqttChannelFigure extends ChannelRatioFigure {
  /** `mqtt` or `mqtt->nats`. */
  readonly route: string;
  /** Where the channel translates: inline on the channel's thread, or as `mediator serve` does, on its translation worker. */
  readonly translation: TranslationSite;
  /** CPU per message of the in-process loop, this process and the brokers (Mosquitto; and nats-server on mqtt->nats), issue 42. */
  readonly cpu: ChannelCpuFigure;
}

/** A drain's window: this process's and the brokers' CPU from the moment the channel runs. */
interface DrainWatch {
  readonly brokers: BrokerCpu;
  readonly cpu: CpuRounds;
}

/** The CPU of several broker processes together (undefined when one cannot be read). */
function together(brokers: readonly BrokerCpu[]): BrokerCpu {
  return {
    cpuMs: () => {
      let ms = 0;
      for (const broker of brokers) {
        const one = broker.cpuMs();
        if (one === undefined) return undefined;
        ms += one;
      }
      return ms;
    },
  };
}

async function drain(
  mqtt: MqttTransport,
  channelTransport: Transport,
  text: string,
  translator: Translator,
  parallelism: number,
  count: number,
  run: string,
  watch?: DrainWatch,
): Promise<number> {
  const source = `bench/${run}/src`;
  const sink = `bench.${run}.sink`;
  const group = `${run}-channel`;
  // The group's session exists before the fill, so the broker keeps the messages for it.
  const prepare = await mqtt.subscribe(source, group, { maxInFlight: 1 }, async () => {
    throw new Error('the benchmark prepares the group and consumes nothing');
  });
  await prepare.close();
  await fillTopic(mqtt, source, text, count, 256);
  // A running channel's throughput, as the NATS and Kafka rows measure it: the window opens once
  // the channel runs (its connection made and its session resumed, 50-160 ms here, a one-time
  // cost of a start), and what it translated before that is not counted.
  return timedUntilTranslated(benchChannel(channelTransport, translator, { id: run, source, sink, parallelism, consumerGroup: group }), count, run, watch);
}

const ROUNDS = Number(process.env.BENCH_MQTT_ROUNDS ?? CHANNEL_ROUNDS);

export async function measureMqttChannels(
  text: string,
  alignments: readonly CompiledAlignment[],
  alignmentXml: readonly string[],
  count: number,
): Promise<MqttChannelFigure[]> {
  const server = await serverTranslation(alignmentXml);
  const inline = inlineTranslator(alignments);
  const broker = await startBenchMosquitto();
  const nats = await startBenchNats(1);
  // One client id prefix: each round's channel resumes the session its preparation left.
  const mqtt = new MqttTransport({ url: broker.url, clientIdPrefix: 'bench', logger: silentLogger });
  const natsTransport = new NatsTransport({ servers: nats.url, logger: silentLogger });
  const mixed = bridgeTransport(mqtt, natsTransport);
  try {
    await drain(mqtt, mqtt, text, inline, 4, Math.min(500, count), 'mwarm');
    await drain(mqtt, mqtt, text, await server.viaWorker(4), 4, Math.min(500, count), 'mwwarm');
    await drain(mqtt, mixed, text, inline, 4, Math.min(500, count), 'mnwarm');
    const out: MqttChannelFigure[] = [];
    // The worker row is a channel as `mediator serve` runs it (its default on a multi-core machine):
    // the MQTT clients on the event loop, the translation on the server's worker thread.
    for (const [route, transport, translation, parallelism] of [
      ['mqtt', mqtt, 'inline', 1],
      ['mqtt', mqtt, 'inline', 4],
      ['mqtt', mqtt, 'worker', 4],
      ['mqtt->nats', mixed, 'inline', 4],
    ] as const) {
      const translator = translation === 'inline' ? inline : await server.viaWorker(parallelism);
      const run = (round: DrainRound) => `${route === 'mqtt' ? 'm' : 'mn'}${translation === 'inline' ? '' : 'w'}p${parallelism}r${round}`;
      const cpu = new CpuRounds();
      const brokers = route === 'mqtt' ? broker : together([broker, nats]);
      // inProcess translates a warm-up of min(500, count) before its timed count.
      const inProcessMessages = count + Math.min(500, count);
      const figure = await ratioRounds(
        ROUNDS,
        () => cpu.timed(cpu.inProcess, inProcessMessages, () => inProcess(text, alignments, count)),
        (round) => drain(mqtt, transport, text, translator, parallelism, count, run(round), measuredOnly(round, { brokers, cpu })),
      );
      out.push({ route, translation, parallelism, ...figure, cpu: cpu.figure() });
      process.stderr.write(
        `measured ${route}, ${translation}, parallelism ${parallelism}: ratios ${figure.roundRatios.map((r) => `${(r * 100).toFixed(0)}%`).join(' ')}\n`,
      );
    }
    return out;
  } finally {
    await mqtt.close();
    await natsTransport.close();
    await broker.stop();
    await nats.stop();
    await server.close();
  }
}
