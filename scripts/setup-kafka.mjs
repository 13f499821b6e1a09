#!/usr/bin/env node
// Part of `npm run setup`: Apache Kafka's jars (the version in scripts/kafka/pom.xml, with their
// runtime dependencies) in .cache/kafka/libs, from Maven Central, for the Kafka transport tests and
// the Kafka channel benchmark (core/src/test-support/kafka-broker.ts starts a KRaft broker from
// them with the machine's java). Does nothing when the cache already holds that pom's jars. Needs
// Maven and a JDK 17 (Debian: apt-get install maven openjdk-17-jre-headless; .ci/run installs them).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pom = join(root, 'scripts', 'kafka', 'pom.xml');
const cache = join(root, '.cache', 'kafka');
const libs = join(cache, 'libs');
// The pom's text is the stamp: any change to it (a new Kafka version) fetches again.
const stamp = join(cache, 'pom.installed');
const wanted = readFileSync(pom, 'utf8');

function run(command, args) {
  console.log(`[setup-kafka] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error !== undefined || result.status !== 0) {
    console.error(
      `[setup-kafka] failed: ${command} ${args.join(' ')} (${result.error?.message ?? `exit ${result.status}`}).\n` +
        'The Kafka tests of npm test need Maven, Java 17 (Debian: apt-get install maven openjdk-17-jre-headless) and Maven Central.',
    );
    process.exit(1);
  }
}

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted && existsSync(libs)) {
  console.log('[setup-kafka] .cache/kafka/libs is up to date');
} else {
  mkdirSync(cache, { recursive: true });
  // Copied next to the cache and renamed into place, so an interrupted fetch never looks complete.
  const partial = join(cache, 'libs.partial');
  rmSync(partial, { recursive: true, force: true });
  run('mvn', ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${partial}`]);
  rmSync(libs, { recursive: true, force: true });
  renameSync(partial, libs);
  writeFileSync(stamp, wanted);
  console.log('[setup-kafka] Kafka jars installed in .cache/kafka/libs');
}
