#!/usr/bin/env node
// Part of `npm run setup`: Apache Kafka's jars (the version in scripts/kafka/pom.xml, with their
// runtime dependencies) in .cache/kafka/libs, from Maven Central, for the Kafka transport tests and
// the Kafka channel benchmark (core/src/test-support/kafka-broker.ts starts a KRaft broker from
// them with the machine's java). Does nothing when the cache already holds that pom's jars. Needs
// Maven and a JDK 17 (Debian: apt-get install maven openjdk-17-jre-headless; .ci/run installs them).
import { join, resolve } from 'node:path';
import { installJars } from './maven-jars.mjs';

const root = resolve(import.meta.dirname, '..');
installJars({
  label: 'setup-kafka',
  hint: 'The Kafka tests of npm test need Maven, Java 17 (Debian: apt-get install maven openjdk-17-jre-headless) and Maven Central.',
  pom: join(root, 'scripts', 'kafka', 'pom.xml'),
  cache: join(root, '.cache', 'kafka'),
});
