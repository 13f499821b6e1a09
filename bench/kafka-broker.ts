/**
 * A throw-away single-node Apache Kafka broker (KRaft) for the benchmark and for
 * `node scripts/kafka-serve.mjs` (which imports the built bench/dist/kafka-broker.js), from the
 * jars that `npm run setup` caches in .cache/kafka/libs (scripts/setup-kafka.mjs). The same set-up
 * as the tests' harness (core/src/test-support/kafka-broker.ts, which neither can import: it is
 * not part of core's build), as bench/nats-servers.ts is for nats-server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './channel-cpu.js';
import { accepts, freePort } from './loopback-ports.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LIBS = process.env.MEDIATOR_KAFKA_LIBS ?? join(repoRoot, '.cache/kafka/libs');
const JAVA = process.env.MEDIATOR_JAVA ?? 'java';

export interface BenchKafka {
  /** `127.0.0.1:<port>`. */
  readonly brokers: string;
  /** CPU time (user + system, ms) of the broker's JVM since it started, from /proc; undefined for a broker not started here. */
  cpuMs(): number | undefined;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) done();
    else child.once('exit', () => done());
  });
}

/** The benchmark's broker: the one MEDIATOR_KAFKA_BROKERS names, else a throw-away one. */
export async function startBenchKafka(): Promise<BenchKafka> {
  if (process.env.MEDIATOR_KAFKA_BROKERS) return { brokers: process.env.MEDIATOR_KAFKA_BROKERS, cpuMs: () => undefined, stop: async () => undefined };
  return startKafkaBroker();
}

/**
 * A throw-away broker on 127.0.0.1 (`port`, or a free one), its data in a temporary folder that
 * `stop()` deletes; resolves once it accepts connections (bounded, 90 s).
 */
export async function startKafkaBroker(options: { readonly port?: number } = {}): Promise<BenchKafka> {
  if (!existsSync(LIBS)) throw new Error(`no Kafka jars in ${LIBS}: run npm run setup (or node scripts/setup-kafka.mjs)`);
  const dir = mkdtempSync(join(tmpdir(), 'bench-kafka-'));
  const [port, controller] = [options.port ?? (await freePort()), await freePort()];
  const props = join(dir, 'server.properties');
  writeFileSync(
    props,
    [
      'process.roles=broker,controller',
      'node.id=1',
      `controller.quorum.voters=1@127.0.0.1:${controller}`,
      `listeners=PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controller}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${port}`,
      'controller.listener.names=CONTROLLER',
      'inter.broker.listener.name=PLAINTEXT',
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
      `log.dirs=${join(dir, 'logs')}`,
      'offsets.topic.replication.factor=1',
      'offsets.topic.num.partitions=1',
      'transaction.state.log.replication.factor=1',
      'transaction.state.log.min.isr=1',
      'share.coordinator.state.topic.replication.factor=1',
      'share.coordinator.state.topic.min.isr=1',
      'group.initial.rebalance.delay.ms=0',
      '',
    ].join('\n'),
  );
  const jvm = ['-Xms256m', '-Xmx1g', `-Dlog4j2.configurationFile=${join(repoRoot, 'scripts/kafka/log4j2.properties')}`, '-cp', `${LIBS}/*`];
  // `--cluster-id=ID`, not `-t ID`: one random id in 64 starts with '-' and then reads as an option.
  const clusterId = `--cluster-id=${randomBytes(16).toString('base64url')}`;
  const format = spawnSync(JAVA, [...jvm, 'kafka.tools.StorageTool', 'format', clusterId, '-c', props], {
    encoding: 'utf8',
    timeout: 90_000,
  });
  if (format.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`kafka StorageTool format failed: ${format.error?.message ?? format.stdout + format.stderr}`);
  }
  const child = spawn(JAVA, [...jvm, 'kafka.Kafka', props], { stdio: 'ignore' });
  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await Promise.race([exited(child), sleep(15_000)]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the Kafka broker did not accept connections on 127.0.0.1:${port} within 90 s`);
    }
    await sleep(200);
  }
  return { brokers: `127.0.0.1:${port}`, cpuMs: () => (child.pid === undefined ? undefined : processCpuMs([child.pid])), stop };
}
