/**
 * The W3C SPARQL 1.1 conformance tests for expressions (functions, casts, BIND, operators and the
 * SPARQL 1.0 expression suites; copied unchanged in ../shared/data/w3c-sparql) run against the
 * engine's expression evaluator. Each test passes, or is an expected departure of the reference
 * (w3c-departures.ts, with its reason), or is out of scope: a query beyond what a cell can express
 * (aggregates, CONSTRUCT, named graphs...), counted and printed with the reason.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { sharedDir } from '../../test-support/shared-data.js';
import { OutOfScope, parseQuery } from '../../test-support/w3c/sparql-subset.js';
import { readManifest, readResults, readTurtle, type ManifestTest } from '../../test-support/w3c/w3c-files.js';
import { compareResults, resultsText, runQuery } from '../../test-support/w3c/w3c-runner.js';
import { W3C_DEPARTURES } from './w3c-departures.js';

const ROOT = join(sharedDir, 'data', 'w3c-sparql');
const SUITES = ['sparql11/functions', 'sparql11/cast', 'sparql11/bind', 'sparql10/expr-builtin', 'sparql10/expr-ops', 'sparql10/expr-equals', 'sparql10/open-world'];

/**
 * `pass-by-value`: the results are the expected ones once numbers and booleans compare by value (the
 * expected files write one value in several lexical forms; the Jena 3.9 differential checks ours).
 */
type Outcome = { kind: 'pass' } | { kind: 'pass-by-value'; detail: string } | { kind: 'fail'; detail: string } | { kind: 'out-of-scope'; reason: string };

/** Tests whose answer is random or the time of day: their queries check only the shape (ASK / STRLEN). */
function run(test: ManifestTest): Outcome {
  if (test.type !== 'mf:QueryEvaluationTest') return { kind: 'out-of-scope', reason: `${test.type} (not a query evaluation)` };
  if (test.graphData.length > 0) return { kind: 'out-of-scope', reason: 'named graphs (qt:graphData)' };
  if (test.query === undefined || test.result === undefined) return { kind: 'out-of-scope', reason: 'no query or no expected result' };
  const expected = readResults(test.result);
  if (expected === undefined) return { kind: 'out-of-scope', reason: 'a graph result (CONSTRUCT)' };
  let query;
  try {
    query = parseQuery(readFileSync(test.query, 'utf8'), pathToFileURL(test.query).href);
  } catch (error) {
    if (error instanceof OutOfScope) return { kind: 'out-of-scope', reason: error.message };
    throw error;
  }
  const { results, problems } = runQuery(
    query,
    test.data.flatMap((f) => readTurtle(f)),
  );
  if (problems.length > 0) return { kind: 'fail', detail: problems.map((p) => p.message).join('; ') };
  const detail = `expected:\n${resultsText(expected)}\ngot:\n${resultsText(results)}`;
  const comparison = compareResults(results, expected);
  if (comparison === 'same') return { kind: 'pass' };
  return comparison === 'same-value' ? { kind: 'pass-by-value', detail } : { kind: 'fail', detail };
}

const available = existsSync(ROOT);
const tests = available ? SUITES.flatMap((suite) => readManifest(join(ROOT, suite, 'manifest.ttl'), suite.split('/')[1]!)) : [];
const departures = new Map(W3C_DEPARTURES.map((d) => [d.test, d.reason]));

describe.skipIf(!available)('W3C SPARQL conformance (expressions)', () => {
  const outcomes = new Map(tests.map((t) => [t.id, run(t)]));

  it('reads the suites', () => {
    expect(tests.length).toBeGreaterThan(150);
    for (const d of W3C_DEPARTURES) expect(outcomes.has(d.test), `departure ${d.test} names a test of the suites`).toBe(true);
  });

  it.each(tests.map((t) => [t.id] as const))('%s', (id) => {
    const outcome = outcomes.get(id)!;
    const departure = departures.get(id);
    if (outcome.kind === 'out-of-scope') {
      expect(departure, `${id} is out of scope (${outcome.reason}) and listed as a departure`).toBeUndefined();
      return;
    }
    if (departure !== undefined) {
      expect(outcome.kind, `${id} is listed as a departure (${departure}) but passes`).toBe('fail');
      return;
    }
    expect(outcome.kind === 'fail' ? outcome.detail : 'pass', id).toBe('pass');
  });

  it('counts and prints the tests out of scope, with the reason', () => {
    const out = [...outcomes].filter(([, o]) => o.kind === 'out-of-scope') as Array<[string, { reason: string }]>;
    const passed = [...outcomes.values()].filter((o) => o.kind === 'pass' || o.kind === 'pass-by-value').length;
    const byValue = [...outcomes].filter(([, o]) => o.kind === 'pass-by-value').map(([id]) => id);
    console.log(
      `W3C conformance: ${tests.length} tests, ${passed} pass (${byValue.length} of them by value only: ${byValue.join(', ')}), ` +
        `${W3C_DEPARTURES.length} expected departures of the reference, ${out.length} out of scope:\n` +
        out.map(([id, o]) => `  ${id}: ${o.reason}`).join('\n'),
    );
    expect(passed + W3C_DEPARTURES.length + out.length).toBe(tests.length);
  });
});
