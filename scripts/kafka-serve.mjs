#!/usr/bin/env node
// One command for a mediator on Kafka (issue 28): fetches Kafka's jars once (setup-kafka.mjs),
// starts a throw-away single-node KRaft broker from them on 127.0.0.1 (port 9092 unless
// KAFKA_PORT says otherwise; its data in a temporary folder, deleted on exit) and runs
// `mediator serve --transport kafka --broker 127.0.0.1:<port>` with any further arguments. Ctrl-C
// stops both. The same broker set-up as the tests' harness (core/src/test-support/kafka-broker.ts).
// Needs Java 17, and `npm run build` done (it runs the bundled CLI, core/dist/bundle/cli.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const libs = process.env.MEDIATOR_KAFKA_LIBS ?? join(root, '.cache', 'kafka', 'libs');
const java = process.env.MEDIATOR_JAVA ?? 'java';
const cli = join(root, 'core', 'dist', 'bundle', 'cli.mjs');

if (!existsSync(cli)) {
  console.error(`[kafka-serve] ${cli} is missing: run npm run build first`);
  process.exit(1);
}
if (spawnSync(process.execPath, [join(root, 'scripts', 'setup-kafka.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);

const port = Number(process.env.KAFKA_PORT ?? '9092');
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[kafka-serve] KAFKA_PORT must be a port number (1-65535), not "${process.env.KAFKA_PORT}"`);
  process.exit(1);
}
const controller = await new Promise((done, fail) => {
  const s = createServer();
  s.on('error', fail);
  s.listen(0, '127.0.0.1', () => {
    const { port: free } = s.address();
    s.close(() => done(free));
  });
});
const dir = mkdtempSync(join(tmpdir(), 'mediator-kafka-'));
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
const jvm = ['-Xms256m', '-Xmx1g', `-Dlog4j2.configurationFile=${join(root, 'scripts', 'kafka', 'log4j2.properties')}`, '-cp', `${libs}/*`];
const format = spawnSync(java, [...jvm, 'kafka.tools.StorageTool', 'format', '-t', randomBytes(16).toString('base64url'), '-c', props], { encoding: 'utf8' });
if (format.status !== 0) {
  console.error(`[kafka-serve] formatting the broker's storage failed: ${format.error?.message ?? format.stdout + format.stderr}`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
const broker = spawn(java, [...jvm, 'kafka.Kafka', props], { stdio: 'ignore' });
let mediator;
const stop = (code) => {
  mediator?.kill('SIGTERM');
  broker.kill('SIGTERM');
  broker.once('exit', () => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code);
  });
};
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
broker.once('exit', (code) => {
  if (mediator === undefined) {
    console.error(`[kafka-serve] the broker exited (${code}) before it accepted connections on 127.0.0.1:${port}`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
});

const accepts = () =>
  new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
const deadline = Date.now() + 90_000;
while (!(await accepts())) {
  if (Date.now() > deadline) {
    console.error(`[kafka-serve] the broker did not accept connections on 127.0.0.1:${port} within 90 s`);
    stop(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`[kafka-serve] Kafka broker on 127.0.0.1:${port}`);
mediator = spawn(process.execPath, [cli, 'serve', '--transport', 'kafka', '--broker', `127.0.0.1:${port}`, ...process.argv.slice(2)], { stdio: 'inherit' });
mediator.once('exit', (code) => stop(code ?? 0));
