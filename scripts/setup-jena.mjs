#!/usr/bin/env node
// Part of `npm run setup`: Apache Jena ARQ 3.9.0, the reference mediator's SPARQL engine (the
// version in scripts/jena/pom.xml, with its runtime dependencies) in .cache/jena/libs, from Maven
// Central, and scripts/jena/JenaEval.java compiled against them into .cache/jena/classes, for the
// expression differential (core/src/common/translation/jena-differential.test.ts). Does nothing
// when the cache already holds that pom's jars and the evaluator's current class. Needs Maven and
// a JDK 17 (Debian: apt-get install maven openjdk-17-jdk-headless; .ci/run installs them).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const pom = join(root, 'scripts', 'jena', 'pom.xml');
const source = join(root, 'scripts', 'jena', 'JenaEval.java');
const cache = join(root, '.cache', 'jena');
const libs = join(cache, 'libs');
const classes = join(cache, 'classes');
// The pom's and the evaluator's texts are the stamps: a change to either fetches or compiles again.
const pomStamp = join(cache, 'pom.installed');
const sourceStamp = join(cache, 'JenaEval.compiled');

function run(command, args) {
  console.log(`[setup-jena] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.error !== undefined || result.status !== 0) {
    console.error(
      `[setup-jena] failed: ${command} ${args.join(' ')} (${result.error?.message ?? `exit ${result.status}`}).\n` +
        'The Jena differential of npm test needs Maven, a JDK 17 (Debian: apt-get install maven openjdk-17-jdk-headless) and Maven Central.',
    );
    process.exit(1);
  }
}

const upToDate = (stamp, text) => existsSync(stamp) && readFileSync(stamp, 'utf8') === text;

const wantedPom = readFileSync(pom, 'utf8');
if (upToDate(pomStamp, wantedPom) && existsSync(libs)) {
  console.log('[setup-jena] .cache/jena/libs is up to date');
} else {
  mkdirSync(cache, { recursive: true });
  // Copied next to the cache and renamed into place, so an interrupted fetch never looks complete.
  const partial = join(cache, 'libs.partial');
  rmSync(partial, { recursive: true, force: true });
  run('mvn', ['-q', '-B', '-f', pom, 'dependency:copy-dependencies', '-DincludeScope=runtime', `-DoutputDirectory=${partial}`]);
  rmSync(libs, { recursive: true, force: true });
  renameSync(partial, libs);
  writeFileSync(pomStamp, wantedPom);
  rmSync(sourceStamp, { force: true });
  console.log('[setup-jena] Jena jars installed in .cache/jena/libs');
}

const wantedSource = readFileSync(source, 'utf8');
if (upToDate(sourceStamp, wantedSource) && existsSync(join(classes, 'JenaEval.class'))) {
  console.log('[setup-jena] .cache/jena/classes is up to date');
} else {
  rmSync(classes, { recursive: true, force: true });
  run('javac', ['-d', classes, '-cp', join(libs, '*'), source]);
  writeFileSync(sourceStamp, wantedSource);
  console.log('[setup-jena] JenaEval compiled into .cache/jena/classes');
}
