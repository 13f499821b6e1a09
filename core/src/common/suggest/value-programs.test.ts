/**
 * The value synthesizer (issue 41): programs found from examples give each example's wanted term
 * exactly when the engine's functions run them, and hold on a fresh value.
 */
import { describe, expect, it } from 'vitest';
import { factory, NS, type RDF } from '../rdf/terms.js';
import { describeProgram, evaluate, regexLiteral, synthesizePrograms, type ValueCase } from './value-programs.js';

const str = (v: string) => factory.literal(v);
const typedLit = (v: string, t: string) => factory.literal(v, factory.namedNode(`${NS.xsd}${t}`));
const iri = (v: string) => factory.namedNode(v);
const one = (source: RDF.Term, wanted: RDF.Term): ValueCase => ({ sources: [source], wanted });

function best(cases: readonly ValueCase[]) {
  const programs = synthesizePrograms(cases);
  expect(programs.length, 'a program is found').toBeGreaterThan(0);
  return programs[0]!;
}

function holds(cases: readonly ValueCase[], fresh: ValueCase): void {
  const program = best(cases);
  const got = evaluate(program.expr, fresh.sources);
  expect({ program: describeProgram(program.expr), got: got?.value, dt: got?.termType === 'Literal' ? got.datatype.value : got?.termType }).toEqual({
    program: describeProgram(program.expr),
    got: fresh.wanted.value,
    dt: fresh.wanted.termType === 'Literal' ? fresh.wanted.datatype.value : fresh.wanted.termType,
  });
}

describe('value programs', () => {
  it('keeps the wanted lexical form of a unit conversion: "68500", not "68500.0"^^xsd:decimal', () => {
    const cases = [one(typedLit('68.5', 'decimal'), str('68500'))];
    holds(cases, one(typedLit('80.25', 'decimal'), str('80250')));
    holds([one(str('68.5'), typedLit('68500', 'integer'))], one(str('80.25'), typedLit('80250', 'integer')));
  });

  it('solves an affine map from two examples (Celsius to Fahrenheit)', () => {
    holds(
      [one(typedLit('20', 'decimal'), typedLit('68.0', 'decimal')), one(typedLit('37.5', 'decimal'), typedLit('99.5', 'decimal'))],
      one(typedLit('-40', 'decimal'), typedLit('-40.0', 'decimal')),
    );
    holds(
      [one(typedLit('20', 'integer'), typedLit('43', 'integer')), one(typedLit('30', 'integer'), typedLit('63', 'integer'))],
      one(typedLit('7', 'integer'), typedLit('17', 'integer')),
    );
  });

  it('matches text with regular-expression characters literally', () => {
    holds([one(str('v1.0'), str('v1_0')), one(str('v2.5'), str('v2_5'))], one(str('v10.25'), str('v10_25')));
    expect(regexLiteral('a.b*c')).toBe('a\\.b\\*c');
  });

  it('builds an IRI from text with a constant around a part of it', () => {
    const cases = [one(str('Living Room'), iri('http://example.org/room/living-room')), one(str('Kitchen Area'), iri('http://example.org/room/kitchen-area'))];
    holds(cases, one(str('Bed Room Two'), iri('http://example.org/room/bed-room-two')));
  });

  it('takes a part before or after a delimiter, and concatenates with constants', () => {
    holds([one(str('device:001EXP'), str('weight of 001EXP')), one(str('device:77Q'), str('weight of 77Q'))], one(str('device:ABC'), str('weight of ABC')));
  });

  it('changes a datatype by a cast or a typing', () => {
    holds([one(str('42'), typedLit('42', 'integer'))], one(str('7'), typedLit('7', 'integer')));
    // Jena 3.9 casts "1"^^xsd:integer to xsd:boolean keeping the lexical form "1" (issue 38's casts).
    holds([one(typedLit('1', 'integer'), typedLit('1', 'boolean'))], one(typedLit('0', 'integer'), typedLit('0', 'boolean')));
  });

  it('turns epoch seconds into an ISO dateTime', () => {
    holds(
      [one(typedLit('1700000000', 'integer'), typedLit('2023-11-14T22:13:20Z', 'dateTime'))],
      one(typedLit('0', 'integer'), typedLit('1970-01-01T00:00:00Z', 'dateTime')),
    );
  });

  it('finds nothing when no function of the sources fits', () => {
    expect(synthesizePrograms([one(str('abc'), str('xyz')), one(str('def'), str('uvw'))])).toEqual([]);
  });
});
