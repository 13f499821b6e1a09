#!/usr/bin/env node
// One command for a mediator on Kafka (issue 28): fetches Kafka's jars once (setup-kafka.mjs),
// starts a throw-away single-node KRaft broker from them on 127.0.0.1 (port 9092 unless
// KAFKA_PORT says otherwise; its data in a temporary folder, deleted on exit) and runs
// `mediator serve --transport kafka --broker 127.0.0.1:<port>` with any further arguments. Ctrl-C
// stops both. The broker is the benchmark's (bench/kafka-broker.ts, built to bench/dist), the same
// set-up as the tests' harness (core/src/test-support/kafka-broker.ts).
// Needs Java 17, and `npm run build` done (the bundled CLI, core/dist/bundle/cli.mjs, and bench/dist).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const cli = join(root, 'core', 'dist', 'bundle', 'cli.mjs');
const brokerModule = join(root, 'bench', 'dist', 'kafka-broker.js');

for (const built of [cli, brokerModule]) {
  if (!existsSync(built)) {
    console.error(`[kafka-serve] ${built} is missing: run npm run build first`);
    process.exit(1);
  }
}
if (spawnSync(process.execPath, [join(root, 'scripts', 'setup-kafka.mjs')], { stdio: 'inherit' }).status !== 0) process.exit(1);

const port = Number(process.env.KAFKA_PORT ?? '9092');
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`[kafka-serve] KAFKA_PORT must be a port number (1-65535), not "${process.env.KAFKA_PORT}"`);
  process.exit(1);
}
const { startKafkaBroker } = await import(brokerModule);
let broker;
try {
  broker = await startKafkaBroker({ port });
} catch (error) {
  console.error(`[kafka-serve] ${error.message}`);
  process.exit(1);
}
let mediator;
const stop = async (code) => {
  mediator?.kill('SIGTERM');
  await broker.stop();
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
console.log(`[kafka-serve] Kafka broker on ${broker.brokers}`);
mediator = spawn(process.execPath, [cli, 'serve', '--transport', 'kafka', '--broker', broker.brokers, ...process.argv.slice(2)], { stdio: 'inherit' });
mediator.once('exit', (code) => void stop(code ?? 0));
