/**
 * Apache Jena ARQ 3.9.0 running whole SPARQL queries (JenaQuery.java beside this file), to check
 * that every expected departure of the W3C conformance suite is one of the reference's: Jena's
 * answer differs from the W3C's there. Uses the jars `npm run setup` puts in .cache/jena/libs and
 * compiles JenaQuery.java on first use; when Java or the jars are missing, says why.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from '../shared-data.js';
import { readSrj, type Results } from './w3c-files.js';

const CACHE = process.env.MEDIATOR_JENA_CACHE ?? join(repoRoot, '.cache/jena');
const LIBS = join(CACHE, 'libs');
const CLASSES = join(CACHE, 'w3c-classes');
const SOURCE = join(repoRoot, 'core/src/test-support/w3c/JenaQuery.java');
const STAMP = join(CLASSES, 'JenaQuery.compiled');

/** Why Jena cannot run here, or undefined when it can (compiling JenaQuery.java if needed). */
export function jenaQueryMissing(): string | undefined {
  const jars = existsSync(LIBS) ? readdirSync(LIBS) : [];
  if (!jars.includes('jena-arq-3.9.0.jar')) return `no Jena 3.9.0 jars in ${LIBS} (run \`npm run setup\`)`;
  const source = readFileSync(SOURCE, 'utf8');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === source) return undefined;
  mkdirSync(CLASSES, { recursive: true });
  const javac = spawnSync('javac', ['-d', CLASSES, '-cp', join(LIBS, '*'), SOURCE], { encoding: 'utf8', timeout: 120_000 });
  if (javac.error !== undefined || javac.status !== 0) return `javac could not compile JenaQuery.java: ${javac.error?.message ?? javac.stderr}`;
  writeFileSync(STAMP, source);
  return undefined;
}

export type JenaAnswer = { readonly kind: 'results'; readonly results: Results } | { readonly kind: 'error'; readonly message: string };

/** Jena's answer to each query (query file and data files), in order; one JVM for the batch, bounded by `timeoutMs`. */
export function runWithJena(queries: ReadonlyArray<{ query: string; data: readonly string[] }>, timeoutMs = 120_000): JenaAnswer[] {
  const result = spawnSync('java', ['-Dfile.encoding=UTF-8', '-cp', [join(LIBS, '*'), CLASSES].join(delimiter), 'JenaQuery'], {
    input: queries.map((q) => [q.query, ...q.data].join('\t')).join('\n') + '\n',
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined || result.status !== 0)
    throw new Error(`JenaQuery failed or took over ${timeoutMs} ms: ${result.error?.message ?? result.stderr}`);
  const lines = result.stdout.split('\n').filter((l) => l !== '');
  if (lines.length !== queries.length) throw new Error(`JenaQuery answered ${lines.length} lines for ${queries.length} queries\n${result.stderr}`);
  return lines.map((line) => (line.startsWith('J\t') ? { kind: 'results', results: readSrj(line.slice(2)) } : { kind: 'error', message: line.slice(2) }));
}
