import { describe, expect, it } from 'vitest';
import { factory, NS, type RDF } from '../rdf/terms.js';
import { conditionalPrograms } from './conditional-programs.js';
import { describeProgram, evaluate, type ValueCase } from './value-programs.js';

const str = (v: string): RDF.Literal => factory.literal(v);
const typed = (v: string, t: string): RDF.Literal => factory.literal(v, factory.namedNode(NS.xsd + t));
const cases = (...pairs: Array<[RDF.Term, RDF.Term]>): ValueCase[] => pairs.map(([source, wanted]) => ({ sources: [source], wanted }));
const described = (cs: readonly ValueCase[]): string[] => conditionalPrograms(cs).map((p) => describeProgram(p.expr));

describe('conditionals where the examples split', () => {
  it('two categories to two values: a test on the value, each way round', () => {
    const found = described(cases([str('active'), typed('true', 'boolean')], [str('standby'), typed('false', 'boolean')]));
    expect(found).toEqual(['IF(sameTerm(value, "active"), true, false)', 'IF(sameTerm(value, "standby"), false, true)']);
  });

  it('three categories to three values: a nested IF, right on each example and taking the last branch for the rest', () => {
    const cs = cases([str('a'), str('x')], [str('b'), str('y')], [str('c'), str('z')]);
    const [best] = conditionalPrograms(cs);
    if (best === undefined) throw new Error('none found');
    for (const c of cs) expect(evaluate(best.expr, c.sources)).toEqual(c.wanted);
    expect(describeProgram(best.expr)).toMatch(/^IF\(sameTerm\(value, "a"\), "x", IF\(sameTerm\(value, "b"\), "y", "z"\)\)$/);
  });

  it('text that differs per message is split by a word of it, at its start first', () => {
    const cs = cases([str('ERR-17'), str('error')], [str('OK-3'), str('ok')], [str('ERR-20'), str('error')]);
    const [best] = described(cs);
    expect(best).toBe('IF(STRSTARTS(value, "ERR"), "error", "ok")');
    const program = conditionalPrograms(cs)[0];
    expect(program !== undefined && evaluate(program.expr, [str('ERR-999')])).toEqual(str('error'));
    expect(program !== undefined && evaluate(program.expr, [str('OK-12')])).toEqual(str('ok'));
  });

  it('a measurement split in two is a threshold, offered at two places so that the choice is asked', () => {
    const programs = conditionalPrograms(cases([typed('12.0', 'decimal'), str('cold')], [typed('45.5', 'decimal'), str('hot')]));
    const thresholds = programs.filter((p) => p.guess === true).map((p) => describeProgram(p.expr));
    expect(thresholds).toEqual(['IF(STRSTARTS(STR((value - 30)), "-"), "cold", "hot")', 'IF(STRSTARTS(STR((value - 45.5)), "-"), "cold", "hot")']);
    // Thresholds come first for a number with a fraction; the values' own tests after them.
    expect(programs[0]?.guess).toBe(true);
    const at = programs[0];
    expect(at !== undefined && evaluate(at.expr, [typed('29.99', 'decimal')])).toEqual(str('cold'));
    expect(at !== undefined && evaluate(at.expr, [typed('30', 'integer')])).toEqual(str('hot'));
  });

  it('integer codes are taken as codes first', () => {
    const programs = conditionalPrograms(cases([typed('1', 'integer'), str('on')], [typed('0', 'integer'), str('off')]));
    expect(programs[0]?.guess).toBeUndefined();
    expect(describeProgram(programs[0]?.expr ?? { kind: 'input', source: 0 })).toBe('IF(sameTerm(value, 1), "on", "off")');
  });

  it('IRIs as the values: IRI() of constant text', () => {
    const [best] = described(cases([str('on'), factory.namedNode('http://x/On')], [str('off'), factory.namedNode('http://x/Off')]));
    expect(best).toBe('IF(sameTerm(value, "on"), IRI("http://x/On"), IRI("http://x/Off"))');
  });

  it('nothing from one example, from one value, or where no test on one input separates them', () => {
    expect(described(cases([str('a'), str('x')]))).toEqual([]);
    expect(described(cases([str('a'), str('x')], [str('b'), str('x')]))).toEqual([]);
    // The same input wanting two values: no function of it can.
    expect(described(cases([str('a'), str('x')], [str('a'), str('y')]))).toEqual([]);
  });
});

describe('thresholds on numbers written as text', () => {
  it('reads them as decimals', () => {
    const programs = conditionalPrograms(cases([str('12.5'), str('low')], [str('48.0'), str('high')]));
    const at = programs.find((p) => p.guess === true);
    expect(at === undefined ? '' : describeProgram(at.expr)).toBe('IF(STRSTARTS(STR((xsd:decimal(value) - 30)), "-"), "low", "high")');
    expect(at !== undefined && evaluate(at.expr, [str('29.9')])).toEqual(str('low'));
  });
});
