#!/usr/bin/env node
// Part of `npm run setup`: Apache Jena ARQ 3.9.0, the reference mediator's SPARQL engine (the
// version in scripts/jena/pom.xml, with its runtime dependencies) in .cache/jena/libs, from Maven
// Central, and scripts/jena/JenaEval.java compiled against them into .cache/jena/classes, for the
// expression differential (core/src/common/translation/jena-differential.test.ts). Does nothing
// when the cache already holds that pom's jars and the evaluator's current class. Needs Maven and
// a JDK 17 (Debian: apt-get install maven openjdk-17-jdk-headless; .ci/run installs them).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { installJars, runOrExit } from './maven-jars.mjs';

const root = resolve(import.meta.dirname, '..');
const source = join(root, 'scripts', 'jena', 'JenaEval.java');
const cache = join(root, '.cache', 'jena');
const classes = join(cache, 'classes');
// The evaluator's text is the stamp of its class: a change to it, or new jars, compile again.
const sourceStamp = join(cache, 'JenaEval.compiled');
const label = 'setup-jena';
const hint = 'The Jena differential of npm test needs Maven, a JDK 17 (Debian: apt-get install maven openjdk-17-jdk-headless) and Maven Central.';

if (installJars({ label, hint, pom: join(root, 'scripts', 'jena', 'pom.xml'), cache })) rmSync(sourceStamp, { force: true });

const wantedSource = readFileSync(source, 'utf8');
if (existsSync(sourceStamp) && readFileSync(sourceStamp, 'utf8') === wantedSource && existsSync(join(classes, 'JenaEval.class'))) {
  console.log(`[${label}] .cache/jena/classes is up to date`);
} else {
  rmSync(classes, { recursive: true, force: true });
  runOrExit(label, hint, 'javac', ['-d', classes, '-cp', join(cache, 'libs', '*'), source]);
  writeFileSync(sourceStamp, wantedSource);
  console.log(`[${label}] JenaEval compiled into .cache/jena/classes`);
}
