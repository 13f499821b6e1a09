/**
 * A throw-away Apache Kafka broker for the Kafka transport tests and the Kafka channel benchmark:
 * one process that is both KRaft controller and broker (Kafka 4.x has no ZooKeeper), listening on
 * two free loopback ports, its log directory under the OS temp dir.
 *
 * The jars come from Maven Central through `npm run setup` (scripts/setup-kafka.mjs, the version in
 * scripts/kafka/pom.xml) into `.cache/kafka/libs`; the broker runs on the machine's `java` (17+).
 * As with nats-server, a missing piece skips the Kafka suites locally with the reason, and under
 * `CI=true` they run and fail loudly instead, so CI can never pass by skipping them.
 * MEDIATOR_KAFKA_BROKERS=host:port runs the suites against an existing broker instead.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitUntilAccepting } from './loopback-ports.js';
import { startProcess, type TestProcess } from './processes.js';
import { repoRoot } from './shared-data.js';

export const KAFKA_LIBS = process.env.MEDIATOR_KAFKA_LIBS ?? join(repoRoot, '.cache/kafka/libs');
const JAVA = process.env.MEDIATOR_JAVA ?? 'java';
const LOG4J_CONFIG = join(repoRoot, 'scripts/kafka/log4j2.properties');
/** An existing broker to use instead of starting one. */
export const externalKafkaBrokers: string | undefined = process.env.MEDIATOR_KAFKA_BROKERS || undefined;

function missingPiece(): string | undefined {
  const jars = existsSync(KAFKA_LIBS) ? readdirSync(KAFKA_LIBS) : [];
  if (!jars.some((f) => /^kafka_2\.13-.*\.jar$/.test(f))) {
    return `no Kafka jars in ${KAFKA_LIBS} (run \`npm run setup\` or \`node scripts/setup-kafka.mjs\`: needs Maven and Maven Central)`;
  }
  // `java -version` answers on stderr; a missing binary is an spawn error.
  const java = spawnSync(JAVA, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  if (java.error !== undefined || java.status !== 0) return `${JAVA} does not run (apt-get install openjdk-17-jre-headless, or set MEDIATOR_JAVA)`;
  const major = /version "(\d+)/.exec(java.stderr)?.[1];
  if (major === undefined || Number(major) < 17) return `${JAVA} is not Java 17 or later (${java.stderr.split('\n')[0] ?? ''})`;
  return undefined;
}

const missing: string | undefined = externalKafkaBrokers === undefined ? missingPiece() : undefined;

/** True when the Kafka suites should be skipped: a piece is missing and not running under CI. */
export const skipKafka: boolean = missing !== undefined && process.env.CI !== 'true';

/** The reason, for describe names: the skip is visible in the test report. */
export const kafkaSkipReason = `skipped: ${missing ?? 'nothing missing'}`;

export interface KafkaBroker {
  /** `127.0.0.1:<port>`, the form `--broker` and `KafkaTransport({ brokers })` take. */
  readonly brokers: string;
  /** The broker's process (undefined for an external broker). */
  readonly process: TestProcess | undefined;
  /** The SSL and SASL_SSL listeners, when started with `secured`. */
  readonly secured?: SecuredKafkaListeners;
  /** SIGTERM (SIGKILL after 10 s) and removes the log directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface KafkaBrokerOptions {
  /** Bound on the start, from the spawn to an accepted connection; default 90 s (a loaded 2-core machine). */
  readonly startTimeoutMs?: number;
  /**
   * Two more listeners besides the plaintext one (issue 40): SSL, which requires a client
   * certificate signed by `truststore`'s CA, and SASL_SSL with PLAIN and SCRAM-SHA-256/512 for
   * `users` (SCRAM credentials written at format time, `--add-scram`). Key store: the server's
   * PEM key and certificate in one file (Kafka 4 reads PEM key stores).
   */
  readonly secured?: {
    readonly keystore: string;
    readonly truststore: string;
    readonly users: readonly { readonly name: string; readonly password: string }[];
  };
}

/** A started broker's secured listeners, `127.0.0.1:<port>` each. */
export interface SecuredKafkaListeners {
  readonly ssl: string;
  readonly saslSsl: string;
}

/** A Java properties value: backslashes and the characters that end or split a value escaped. */
function propertyValue(text: string): string {
  return text.replace(/[\\:=#!\s]/g, (c) => `\\${c}`);
}

function securedProperties(
  ports: { broker: number; controller: number; ssl: number; saslSsl: number },
  secured: NonNullable<KafkaBrokerOptions['secured']>,
): string[] {
  const plainUsers = secured.users.map((u) => `user_${u.name}=${JSON.stringify(u.password)}`).join(' ');
  return [
    `listeners=PLAINTEXT://127.0.0.1:${ports.broker},CONTROLLER://127.0.0.1:${ports.controller},SSL://127.0.0.1:${ports.ssl},SASL_SSL://127.0.0.1:${ports.saslSsl}`,
    `advertised.listeners=PLAINTEXT://127.0.0.1:${ports.broker},SSL://127.0.0.1:${ports.ssl},SASL_SSL://127.0.0.1:${ports.saslSsl}`,
    'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SSL:SSL,SASL_SSL:SASL_SSL',
    'ssl.keystore.type=PEM',
    `ssl.keystore.location=${propertyValue(secured.keystore)}`,
    'ssl.truststore.type=PEM',
    `ssl.truststore.location=${propertyValue(secured.truststore)}`,
    'listener.name.ssl.ssl.client.auth=required',
    'sasl.enabled.mechanisms=PLAIN,SCRAM-SHA-256,SCRAM-SHA-512',
    `listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required ${plainUsers};`,
    'listener.name.sasl_ssl.scram-sha-256.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;',
    'listener.name.sasl_ssl.scram-sha-512.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required;',
  ];
}

/**
 * KRaft combined mode, one node. Replication factors of the internal topics are 1 (one broker);
 * the group settings let tests use short session timeouts, so a crashed consumer's partitions
 * move within seconds instead of the default 45.
 */
function serverProperties(brokerPort: number, controllerPort: number, logDir: string, secured?: string[]): string {
  return [
    'process.roles=broker,controller',
    'node.id=1',
    `controller.quorum.voters=1@127.0.0.1:${controllerPort}`,
    ...(secured ?? [
      `listeners=PLAINTEXT://127.0.0.1:${brokerPort},CONTROLLER://127.0.0.1:${controllerPort}`,
      `advertised.listeners=PLAINTEXT://127.0.0.1:${brokerPort}`,
      'listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    ]),
    'controller.listener.names=CONTROLLER',
    'inter.broker.listener.name=PLAINTEXT',
    `log.dirs=${logDir}`,
    'num.partitions=1',
    'offsets.topic.replication.factor=1',
    'offsets.topic.num.partitions=1',
    'transaction.state.log.replication.factor=1',
    'transaction.state.log.min.isr=1',
    'share.coordinator.state.topic.replication.factor=1',
    'share.coordinator.state.topic.min.isr=1',
    'group.initial.rebalance.delay.ms=0',
    'group.min.session.timeout.ms=1000',
    // Two cores shared with the test runner: the defaults (3 network, 8 I/O threads) only contend.
    'num.network.threads=2',
    'num.io.threads=2',
    '',
  ].join('\n');
}

function javaArgs(mainClass: string, args: readonly string[]): string[] {
  return [
    '-Xms128m',
    '-Xmx512m',
    '-XX:+ExitOnOutOfMemoryError',
    '-Djava.awt.headless=true',
    `-Dlog4j2.configurationFile=${LOG4J_CONFIG}`,
    '-cp',
    `${KAFKA_LIBS}/*`,
    mainClass,
    ...args,
  ];
}

/**
 * Formats a fresh log directory (`kafka.tools.StorageTool format`, Kafka 4's `kafka-storage.sh`),
 * starts `kafka.Kafka` on it and waits, bounded, for the line saying the server started and then for
 * the broker port to accept a connection.
 */
export async function startKafkaBroker(options: KafkaBrokerOptions = {}): Promise<KafkaBroker> {
  if (externalKafkaBrokers !== undefined) return { brokers: externalKafkaBrokers, process: undefined, stop: async () => undefined };
  if (missing !== undefined) throw new Error(`Kafka is required for the Kafka transport tests: ${missing}`);
  const timeoutMs = options.startTimeoutMs ?? 90_000;
  const dir = await mkdtemp(join(tmpdir(), 'mediator-kafka-'));
  const logDir = join(dir, 'logs');
  const props = join(dir, 'server.properties');
  const brokerPort = await freePort();
  const controllerPort = await freePort();
  const securedPorts = options.secured === undefined ? undefined : { ssl: await freePort(), saslSsl: await freePort() };
  await writeFile(
    props,
    serverProperties(
      brokerPort,
      controllerPort,
      logDir,
      securedPorts === undefined ? undefined : securedProperties({ broker: brokerPort, controller: controllerPort, ...securedPorts }, options.secured!),
    ),
  );
  let broker: TestProcess | undefined;
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await broker?.stop({ signal: 'SIGTERM', graceMs: 10_000 });
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // A KRaft cluster id is 16 random bytes in URL-safe base64 (what `kafka-storage random-uuid` prints);
    // given as `--cluster-id=ID`, since one in 64 starts with '-' and `-t ID` then reads as an option.
    const clusterId = randomBytes(16).toString('base64url');
    const scram = (options.secured?.users ?? []).flatMap((u) =>
      ['SCRAM-SHA-256', 'SCRAM-SHA-512'].flatMap((m) => ['--add-scram', `${m}=[name=${u.name},password=${u.password}]`]),
    );
    const format = startProcess(
      'kafka StorageTool format',
      JAVA,
      javaArgs('kafka.tools.StorageTool', ['format', `--cluster-id=${clusterId}`, '-c', props, ...scram]),
    );
    const formatted = await format.exited({ timeoutMs });
    if (formatted.code !== 0) throw new Error(`formatting the Kafka log directory failed (${JSON.stringify(formatted)}):\n${format.output()}`);
    const started = Date.now();
    broker = startProcess(`kafka broker 127.0.0.1:${brokerPort}`, JAVA, javaArgs('kafka.Kafka', [props]));
    await broker.waitForLine(/Kafka Server started/, 'stdout', { timeoutMs });
    await waitUntilAccepting(broker, brokerPort, { since: started, timeoutMs, pollMs: 100 });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    brokers: `127.0.0.1:${brokerPort}`,
    process: broker,
    stop,
    ...(securedPorts === undefined ? {} : { secured: { ssl: `127.0.0.1:${securedPorts.ssl}`, saslSsl: `127.0.0.1:${securedPorts.saslSsl}` } }),
  };
}
