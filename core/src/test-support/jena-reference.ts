/**
 * The reference's expression evaluator: Apache Jena ARQ 3.9.0 (what IPSM 0.8.10 ran cells on),
 * driven through scripts/jena/JenaEval.java, one JVM for a whole batch of cases. The jars and the
 * compiled class come from `npm run setup` (scripts/setup-jena.mjs) into `.cache/jena`. As with
 * the Kafka suites, a missing piece skips locally with the reason, and under `CI=true` the caller
 * fails instead, so CI can never pass by skipping the differential.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { repoRoot } from './shared-data.js';

const CACHE = process.env.MEDIATOR_JENA_CACHE ?? join(repoRoot, '.cache/jena');
const LIBS = join(CACHE, 'libs');
const CLASSES = join(CACHE, 'classes');
const JAVA = process.env.MEDIATOR_JAVA ?? 'java';

/** A term as both sides report it: literal, IRI, blank node (`b1`, `b2` or `new`), unbound, or a failed update. */
export type ReferenceAnswer =
  | { readonly kind: 'literal'; readonly lexical: string; readonly datatype: string; readonly language: string }
  | { readonly kind: 'iri'; readonly iri: string }
  | { readonly kind: 'blank'; readonly which: string }
  | { readonly kind: 'unbound' }
  | { readonly kind: 'failed'; readonly message: string };

/** Why the reference cannot run here, or undefined when it can. */
export function jenaMissing(): string | undefined {
  const jars = existsSync(LIBS) ? readdirSync(LIBS) : [];
  if (!jars.includes('jena-arq-3.9.0.jar'))
    return `no Jena 3.9.0 jars in ${LIBS} (run \`npm run setup\` or \`node scripts/setup-jena.mjs\`: needs Maven and Maven Central)`;
  if (!existsSync(join(CLASSES, 'JenaEval.class')))
    return `scripts/jena/JenaEval.java is not compiled into ${CLASSES} (run \`node scripts/setup-jena.mjs\`: needs javac 17)`;
  const java = spawnSync(JAVA, ['-version'], { encoding: 'utf8', timeout: 20_000 });
  if (java.error !== undefined || java.status !== 0) return `${JAVA} does not run (apt-get install openjdk-17-jdk-headless, or set MEDIATOR_JAVA)`;
  return undefined;
}

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-f]{4}|.)/g, (_, e: string) => {
    if (e.length === 5) return String.fromCharCode(parseInt(e.slice(1), 16));
    return e === 't' ? '\t' : e === 'n' ? '\n' : e === 'r' ? '\r' : e;
  });
}

function parseAnswer(line: string): ReferenceAnswer {
  const [tag, a = '', b = '', c = ''] = line.split('\t');
  switch (tag) {
    case 'L':
      return { kind: 'literal', lexical: unescape(a), datatype: unescape(b), language: unescape(c) };
    case 'I':
      return { kind: 'iri', iri: unescape(a) };
    case 'B':
      return { kind: 'blank', which: a };
    case 'U':
      return { kind: 'unbound' };
    default:
      return { kind: 'failed', message: unescape(a) };
  }
}

/**
 * Jena's answer to each case, a WHERE body (BINDs ending with one to ?r, with ?b1 and ?b2 bound to
 * two blank nodes), in order. Bounded: the JVM gets `timeoutMs` for the whole batch.
 */
export function evaluateWithJena(cases: readonly string[], timeoutMs = 120_000): ReferenceAnswer[] {
  for (const c of cases) if (/[\r\n]/.test(c)) throw new Error(`a case must be one line: ${c}`);
  const result = spawnSync(JAVA, ['-Xss4m', '-cp', [join(LIBS, '*'), CLASSES].join(delimiter), 'JenaEval'], {
    input: cases.join('\n') + '\n',
    encoding: 'utf8',
    timeout: timeoutMs,
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error !== undefined || result.status !== 0) {
    throw new Error(`JenaEval did not finish within ${timeoutMs} ms or failed: ${result.error?.message ?? `exit ${result.status}`}\n${result.stderr}`);
  }
  const lines = result.stdout.split('\n');
  if (lines.length !== cases.length + 1) throw new Error(`JenaEval answered ${lines.length - 1} lines for ${cases.length} cases\n${result.stderr}`);
  return lines.slice(0, cases.length).map(parseAnswer);
}

export function answerText(a: ReferenceAnswer): string {
  switch (a.kind) {
    case 'literal':
      return `"${JSON.stringify(a.lexical).slice(1, -1)}"${a.language !== '' ? `@${a.language}` : `^^<${a.datatype}>`}`;
    case 'iri':
      return `<${a.iri}>`;
    case 'blank':
      return `_:${a.which}`;
    case 'unbound':
      return 'unbound';
    case 'failed':
      return `cell fails (${a.message})`;
  }
}
