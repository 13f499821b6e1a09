/**
 * The function groups of issue 38 (functional forms, dates, hashes, REGEX and LANGMATCHES, the XPath
 * and math libraries), each reachable by every spelling the reference accepts. Hashes are checked
 * against node:crypto over generated strings; dates against Jena 3.9's lexical accessors.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { factory, NS } from '../rdf/terms.js';
import { CellFailure, ExpressionError, fail } from './expression-error.js';
import { resolveFunction } from './functions.js';
import type { RDF } from '../rdf/terms.js';
import type { CellPlan } from '../alignment/cell-plan.js';
import { ExecutableCell } from './executable-cell.js';
import { TermGraph } from './term-graph.js';

const xsd = (l: string) => factory.namedNode(NS.xsd + l);
const lit = (v: string, dt?: string) => (dt === undefined ? factory.literal(v) : factory.literal(v, xsd(dt)));
const PREFIXES = new Map([
  ['fn', 'http://www.w3.org/2005/xpath-functions#'],
  ['math', 'http://www.w3.org/2005/xpath-functions/math#'],
]);

function call(name: string, ...args: RDF.Term[]): RDF.Term {
  const resolved = resolveFunction(name, PREFIXES);
  if (resolved === undefined) throw new Error(`unresolved ${name}`);
  return resolved.impl(args);
}

function fails(name: string, ...args: RDF.Term[]): boolean {
  try {
    call(name, ...args);
    return false;
  } catch (error) {
    if (error instanceof ExpressionError) return true;
    throw error;
  }
}

const show = (t: RDF.Term) => (t.termType === 'Literal' ? `${t.value}|${t.language || t.datatype.value.replace(NS.xsd, 'xsd:')}` : t.value);

describe('every spelling resolves', () => {
  const builtins = ['IF', 'COALESCE', 'sameTerm', 'REGEX', 'langMatches', 'YEAR', 'MONTH', 'DAY', 'HOURS', 'MINUTES', 'SECONDS', 'TIMEZONE', 'TZ'];
  const more = ['MD5', 'SHA1', 'SHA256', 'SHA384', 'SHA512', 'BOUND', 'BNODE', 'isBLANK', 'isLITERAL', 'DATATYPE', 'LANG', 'STRDT', 'STRLANG'];
  it.each([...builtins, ...more])('%s in upper, lower and mixed case', (name) => {
    for (const spelling of [name.toUpperCase(), name.toLowerCase(), name]) expect(resolveFunction(spelling, PREFIXES)?.resolvedName).toBe(name.toUpperCase());
  });
  it.each([
    'string-length',
    'upper-case',
    'substring',
    'concat',
    'matches',
    'replace',
    'abs',
    'round',
    'floor',
    'ceiling',
    'contains',
    'starts-with',
    'ends-with',
  ])('fn:%s by prefixed name and full IRI', (local) => {
    const iri = `http://www.w3.org/2005/xpath-functions#${local}`;
    expect(resolveFunction(`fn:${local}`, PREFIXES)?.resolvedName).toBe(iri);
    expect(resolveFunction(`<${iri}>`, new Map())?.resolvedName).toBe(iri);
  });
  it('names Jena 3.9 does not register stay unknown', () => {
    // ARQ's CALL and VERSION are not in the SPARQL 1.1 syntax the reference's updates were parsed with.
    for (const name of ['fn:string-join', 'NOSUCH', 'fn:nope', 'SHA224', 'IN', 'EXISTS', 'CALL', 'VERSION'])
      expect(resolveFunction(name, PREFIXES)).toBeUndefined();
  });
});

describe('functional forms', () => {
  it('IF takes the branch of the effective boolean value, Jena 3.9 style', () => {
    const a = lit('a');
    const b = lit('b');
    expect(call('IF', lit('true', 'boolean'), a, b)).toEqual(a);
    expect(call('IF', lit('0', 'integer'), a, b)).toEqual(b);
    expect(call('IF', lit('0', 'decimal'), a, b)).toEqual(b);
    expect(call('IF', lit('0.0', 'decimal'), a, b)).toEqual(a); // BigDecimal.equals: scale counts
    expect(call('IF', lit('NaN', 'double'), a, b)).toEqual(a); // NaN != 0.0 in Java
    expect(call('IF', lit(''), a, b)).toEqual(b);
    expect(call('IF', factory.literal('x', 'en'), a, b)).toEqual(a);
    // Jena 3.9 takes the else branch when the condition has no effective boolean value.
    expect(call('IF', factory.namedNode('http://x'), a, b)).toEqual(b);
  });
  it('COALESCE and BOUND are lazy: errors in their arguments are skipped', () => {
    const coalesce = resolveFunction('COALESCE', PREFIXES)!.lazy!;
    const context = { freshBlank: () => factory.blankNode(), solution: {} };
    const boom = () => fail('unbound');
    expect(coalesce([boom, () => lit('x')], context)).toEqual(lit('x'));
    expect(() => coalesce([boom], context)).toThrow(ExpressionError);
    expect(resolveFunction('BOUND', PREFIXES)!.lazy!([boom], context)).toEqual(lit('false', 'boolean'));
  });
  it('BNODE(label) is one node per label and solution', () => {
    const bnode = resolveFunction('BNODE', PREFIXES)!.lazy!;
    let n = 0;
    const solution = {};
    const context = { freshBlank: () => factory.blankNode(`b${n++}`), solution };
    const x = bnode([() => lit('a')], context);
    expect(bnode([() => lit('a')], context)).toBe(x);
    expect(bnode([() => lit('b')], context)).not.toBe(x);
    expect(bnode([() => lit('a')], { ...context, solution: {} })).not.toBe(x);
  });
  it('sameTerm compares terms, language tags without case', () => {
    expect(show(call('sameTerm', factory.literal('a', 'en'), factory.literal('a', 'EN')))).toBe('true|xsd:boolean');
    expect(show(call('sameTerm', lit('1', 'integer'), lit('01', 'integer')))).toBe('false|xsd:boolean');
  });
});

describe('dates as Jena 3.9 reads them (the lexical fields)', () => {
  const dt = lit('2010-05-03T09:07:01.5-05:30', 'dateTime');
  it.each([
    ['YEAR', '2010|xsd:integer'],
    ['MONTH', '05|xsd:integer'],
    ['DAY', '03|xsd:integer'],
    ['HOURS', '09|xsd:integer'],
    ['MINUTES', '07|xsd:integer'],
    ['SECONDS', '01.5|xsd:decimal'],
    ['TIMEZONE', '-PT5H30M|xsd:dayTimeDuration'],
    ['TZ', '-05:30|xsd:string'],
    ['fn:month-from-dateTime', '05|xsd:integer'],
  ])('%s', (name, expected) => expect(show(call(name, dt)).replace(NS.xsd, 'xsd:')).toBe(expected.replace(NS.xsd, 'xsd:')));
  it('timezones as durations, and their absence', () => {
    expect(call('TIMEZONE', lit('2010-05-03T09:07:01Z', 'dateTime')).value).toBe('PT0S');
    expect(call('TIMEZONE', lit('2010-05-03T09:07:01+10:00', 'dateTime')).value).toBe('PT10H');
    expect(fails('TIMEZONE', lit('2010-05-03T09:07:01', 'dateTime'))).toBe(true);
    expect(call('TZ', lit('2010-05-03T09:07:01', 'dateTime')).value).toBe('');
  });
  it('other temporal types carry only their fields; ill-typed values are errors', () => {
    expect(call('YEAR', lit('2011-12', 'gYearMonth')).value).toBe('2011');
    expect(call('DAY', lit('--12-25', 'gMonthDay')).value).toBe('25');
    expect(fails('HOURS', lit('2010-05-03', 'date'))).toBe(true);
    expect(fails('MONTH', lit('2010-13-03T00:00:00', 'dateTime'))).toBe(true);
    expect(fails('YEAR', lit('2010-05-03T00:00:00'))).toBe(true);
  });
});

describe('hashes', () => {
  const algorithms = [
    ['MD5', 'md5'],
    ['SHA1', 'sha1'],
    ['SHA256', 'sha256'],
    ['SHA384', 'sha384'],
    ['SHA512', 'sha512'],
  ] as const;
  it('equal node:crypto over generated strings (UTF-8, every length across block boundaries)', () => {
    // A fixed-seed generator: lengths 0..300 cover the padding edge cases of 64- and 128-byte blocks.
    let seed = 38;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const pool = ['a', 'Z', '0', ' ', 'é', '€', '中', '😀', '\n'];
    for (let length = 0; length <= 300; length++) {
      const s = Array.from({ length }, () => pool[next() % pool.length]).join('');
      for (const [name, node] of algorithms)
        expect(call(name, lit(s)).value, `${name} of ${length} chars`).toBe(createHash(node).update(s, 'utf8').digest('hex'));
    }
  });
  it('refuse language-tagged strings and other datatypes (Jena ExprDigest)', () => {
    expect(fails('MD5', factory.literal('abc', 'en'))).toBe(true);
    expect(fails('SHA1', lit('1', 'integer'))).toBe(true);
    expect(call('SHA256', lit('abc', 'string')).value).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('REGEX, LANGMATCHES, the XPath and math libraries', () => {
  it('REGEX with Java flags; x is refused as in Jena 3.9', () => {
    expect(show(call('REGEX', lit('Alice'), lit('^ali'), lit('i')))).toBe('true|xsd:boolean');
    expect(show(call('fn:matches', factory.literal('Alice', 'en'), lit('ice$')))).toBe('true|xsd:boolean');
    expect(fails('REGEX', lit('Alice'), lit('a l'), lit('x'))).toBe(true);
    expect(show(call('REGEX', lit('a.c'), lit('.'), lit('q')))).toBe('true|xsd:boolean');
  });
  it('LANGMATCHES: basic filtering and *', () => {
    expect(call('langMatches', lit('en-US'), lit('en')).value).toBe('true');
    expect(call('langMatches', lit('fr'), lit('en')).value).toBe('false');
    expect(call('langMatches', lit(''), lit('*')).value).toBe('false');
    expect(call('langMatches', lit('de'), lit('*')).value).toBe('true');
  });
  it('math: and fn: functions', () => {
    expect(show(call('math:pow', lit('2', 'integer'), lit('10', 'integer')))).toBe('1024|xsd:integer');
    expect(show(call('math:sqrt', lit('4', 'integer')))).toBe('2.0e0|xsd:double');
    expect(show(call('fn:not', lit('')))).toBe('true|xsd:boolean');
    expect(show(call('fn:substring-before', lit('abc'), lit('b')))).toBe('a|xsd:string');
    expect(fails('math:pow', lit('10', 'integer'), lit('1000000', 'integer'))).toBe(true);
  });
});

describe('a constant regex the reference refuses fails the whole cell', () => {
  const plan = (flags: string): CellPlan => ({
    cellId: 'rx',
    deleteTemplate: [],
    insertTemplate: [{ s: { kind: 'var', name: 's' }, p: factory.namedNode('urn:out'), o: { kind: 'var', name: 'r' } }],
    where: [{ s: { kind: 'var', name: 's' }, p: factory.namedNode('urn:in'), o: { kind: 'var', name: 'v' } }],
    filters: [],
    binds: [
      {
        variable: 'r',
        role: 'function',
        expression: {
          kind: 'call',
          name: 'regex',
          args: [
            { kind: 'var', name: 'v' },
            { kind: 'const', term: lit('a b') },
            { kind: 'const', term: lit(flags) },
          ],
        },
      },
    ],
  });
  const graph = () => TermGraph.fromQuads([factory.quad(factory.namedNode('urn:s'), factory.namedNode('urn:in'), lit('ab'))]);

  it('with the x flag: a warning at upload, and a run that matches fails without changing the graph', () => {
    const { cell, problems } = ExecutableCell.compile(plan('x'), new Map());
    expect(problems).toMatchObject([{ code: 'FUNCTION_ALWAYS_FAILS', severity: 'warning', cellId: 'rx' }]);
    const g = graph();
    expect(() => cell.run(g)).toThrow(CellFailure);
    expect(g.size).toBe(1);
  });

  it('with flags Jena accepts the cell runs', () => {
    const { cell, problems } = ExecutableCell.compile(plan('i'), new Map());
    expect(problems).toEqual([]);
    const g = graph();
    cell.run(g);
    expect(g.size).toBe(2);
  });
});

describe('durations and fn:round-half-to-even', () => {
  it('YEAR and fn:*-from-duration read a duration field as written (sign dropped, not normalised)', () => {
    const d = lit('-P1Y2M3DT4H90M5.50S', 'duration');
    expect(show(call('YEAR', d))).toBe('1|xsd:integer');
    expect(show(call('MINUTES', d))).toBe('90|xsd:integer');
    expect(show(call('fn:seconds-from-duration', d))).toBe('5.50|xsd:decimal');
    expect(show(call('fn:days-from-duration', lit('PT1H', 'dayTimeDuration')))).toBe('0|xsd:integer');
    expect(fails('fn:year-from-dateTime', d)).toBe(true);
    expect(fails('fn:years-from-duration', lit('P', 'duration'))).toBe(true);
  });
  it.each([
    ['fn:round', lit('2.5', 'decimal'), undefined, '3|xsd:decimal'],
    ['fn:round', lit('-2.5', 'decimal'), undefined, '-2|xsd:decimal'],
    ['fn:round-half-to-even', lit('2.567', 'decimal'), lit('2', 'integer'), '2.57|xsd:decimal'],
    ['fn:round-half-to-even', lit('125', 'integer'), lit('-1', 'integer'), '120|xsd:integer'],
    ['fn:round', lit('-2.5', 'double'), undefined, '-2.0e0|xsd:double'],
    ['fn:round-half-to-even', lit('2.5', 'decimal'), undefined, '2|xsd:decimal'],
    ['fn:round-half-to-even', lit('3.5', 'decimal'), undefined, '4|xsd:decimal'],
    ['fn:round-half-to-even', lit('0.125', 'double'), lit('2', 'integer'), '0.12|xsd:double'],
  ])('%s(%s, %s) = %s', (name, x, p, expected) => {
    const args = p === undefined ? [x] : [x, p];
    expect(show(call(name, ...args)).replace('0.12e0', '0.12')).toBe(expected);
  });

  it('CALL and VERSION are unknown: the SPARQL 1.1 Update grammar the reference parsed cells with has neither', () => {
    for (const name of ['CALL', 'call', 'VERSION']) expect(resolveFunction(name, PREFIXES)).toBeUndefined();
  });
});
