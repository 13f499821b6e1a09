/**
 * Golden-style tests of arithmetic in cells: a one-cell alignment whose functions compute a value
 * from the payload, translated natively, against the payload Jena (the reference's engine) gives:
 * exact decimals (`"37.2"^^xsd:decimal * 1.8 + 32` is 98.96), exact integers beyond 2^53 through
 * +, ABS and ROUND, integer / integer a decimal, doubles that stay doubles, mixed promotion. Where
 * oxigraph computes the same lexical form, the compiled SPARQL text is run there too.
 */
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { compileAlignment } from './compile-alignment.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { oneCellAlignment } from '../../test-support/one-cell-alignment.js';
import { runWithOxigraph } from '../../test-support/oxigraph-run.js';
import { factory, quadToNTriples, type RDF } from '../rdf/terms.js';
import { applyAlignments, TermGraph } from './index.js';

const EX = 'http://example.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** A parameter: `?name` for a variable, `lexical:type` for a typed constant. */
function param(spec: string, order: number): string {
  if (spec.startsWith('?')) return `<param order="${order}" about="&sripas;node_${spec.slice(1)}"/>`;
  const at = spec.lastIndexOf(':');
  return `<param order="${order}" val="${spec.slice(0, at)}" datatype="&xsd;${spec.slice(at + 1)}"/>`;
}

/** `[name, params, result]` steps: each becomes one sripas:function, run in order. */
type Step = readonly [string, readonly string[], string];

function alignmentText(steps: readonly Step[], result: string): string {
  return oneCellAlignment({
    entity1: 'var:s ex:in var:v .',
    entity2: `var:s ex:out var:${result} .`,
    transformation: steps
      .map(
        ([name, params, out]) => `<function about="${name}">${params.map((p, i) => param(p, i + 1)).join('')}<return about="&sripas;node_${out}"/></function>`,
      )
      .join('\n'),
  });
}

function nt(text: string): RDF.Quad[] {
  return new Parser({ format: 'N-Triples' }).parse(text);
}

const celsiusToFahrenheit: Step[] = [
  ['*', ['?v', '1.8:decimal'], 'm'],
  ['+', ['?m', '32:decimal'], 'f'],
];

interface Row {
  readonly name: string;
  /** The payload's value of ex:in, as an N-Triples literal. */
  readonly input: string;
  readonly steps: readonly Step[];
  readonly result: string;
  /** ex:out as Jena computes it. */
  readonly expected: string;
  /** oxigraph writes the same lexical form (its integers are 64-bit, its doubles lack Jena's `e0`). */
  readonly oxigraphAgrees: boolean;
}

const ROWS: Row[] = [
  {
    name: 'decimal 37.2 * 1.8 + 32 is exactly 98.96',
    input: `"37.2"^^<${XSD}decimal>`,
    steps: celsiusToFahrenheit,
    result: 'f',
    expected: `"98.96"^^<${XSD}decimal>`,
    oxigraphAgrees: true,
  },
  {
    name: 'integer above 2^53 through +',
    input: `"9007199254740993"^^<${XSD}integer>`,
    steps: [['+', ['?v', '2:integer'], 'r']],
    result: 'r',
    expected: `"9007199254740995"^^<${XSD}integer>`,
    oxigraphAgrees: true,
  },
  {
    name: 'integer above 2^64 through ABS',
    input: `"-123456789012345678901234567890"^^<${XSD}integer>`,
    steps: [['ABS', ['?v'], 'r']],
    result: 'r',
    expected: `"123456789012345678901234567890"^^<${XSD}integer>`,
    oxigraphAgrees: false,
  },
  {
    name: 'integer above 2^53 through ROUND, then + (exact all the way)',
    input: `"9007199254740993"^^<${XSD}integer>`,
    steps: [
      ['ROUND', ['?v'], 'a'],
      ['+', ['?a', '1:integer'], 'r'],
    ],
    result: 'r',
    expected: `"9007199254740994"^^<${XSD}integer>`,
    oxigraphAgrees: true,
  },
  {
    name: 'decimal above 2^64 through ROUND',
    input: `"12345678901234567890.5"^^<${XSD}decimal>`,
    steps: [['ROUND', ['?v'], 'r']],
    result: 'r',
    expected: `"12345678901234567891"^^<${XSD}decimal>`,
    oxigraphAgrees: false,
  },
  {
    name: 'integer / integer is a decimal',
    input: `"7"^^<${XSD}integer>`,
    steps: [['/', ['?v', '2:integer'], 'r']],
    result: 'r',
    expected: `"3.5"^^<${XSD}decimal>`,
    oxigraphAgrees: true,
  },
  {
    name: 'integer / integer that does not terminate: 24 fractional digits',
    input: `"2"^^<${XSD}integer>`,
    steps: [['/', ['?v', '3:integer'], 'r']],
    result: 'r',
    expected: `"0.666666666666666666666666"^^<${XSD}decimal>`,
    oxigraphAgrees: false,
  },
  {
    name: 'a double stays a double: ?d * 9 / 5 + 32',
    input: `"21.5"^^<${XSD}double>`,
    steps: [
      ['*', ['?v', '9:integer'], 'a'],
      ['/', ['?a', '5:integer'], 'b'],
      ['+', ['?b', '32:integer'], 'r'],
    ],
    result: 'r',
    expected: `"70.7e0"^^<${XSD}double>`,
    oxigraphAgrees: false,
  },
  {
    name: 'the same Celsius cell on a double gives a double',
    input: `"37.2"^^<${XSD}double>`,
    steps: celsiusToFahrenheit,
    result: 'f',
    expected: `"98.96000000000001e0"^^<${XSD}double>`,
    oxigraphAgrees: false,
  },
  {
    name: 'mixed promotion: int + decimal is a decimal, then * float is a float',
    input: `"2"^^<${XSD}int>`,
    steps: [
      ['+', ['?v', '0.5:decimal'], 'a'],
      ['*', ['?a', '2:float'], 'r'],
    ],
    result: 'r',
    expected: `"5.0"^^<${XSD}float>`,
    oxigraphAgrees: false,
  },
  {
    name: 'mixed promotion: decimal + double is a double',
    input: `"0.1"^^<${XSD}decimal>`,
    steps: [['+', ['?v', '0.2:double'], 'r']],
    result: 'r',
    expected: `"0.30000000000000004e0"^^<${XSD}double>`,
    oxigraphAgrees: false,
  },
];

describe.each(ROWS)('$name', (row) => {
  it(`gives ${row.expected}`, async () => {
    const alignment = await compileAlignment(alignmentText(row.steps, row.result));
    const payload = nt(`<${EX}x> <${EX}in> ${row.input} .`);
    const graph = TermGraph.fromQuads(payload);
    const { failures } = applyAlignments(graph, [alignment]);
    expect(failures).toEqual([]);
    const out = graph.toQuads(factory.defaultGraph());
    const written = (quads: readonly RDF.Quad[]) => quads.map((q) => quadToNTriples(q));
    const expected = nt(`<${EX}x> <${EX}out> ${row.expected} .`);
    expect(written(out)).toEqual(written(expected));
    expect(isomorphic(out, expected)).toBe(true);
    if (row.oxigraphAgrees) expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });
});
