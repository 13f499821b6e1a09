/**
 * BINDs that fail on every solution (their expression starts by evaluating a variable nothing
 * binds) are noted without being evaluated; the notes and the graph must be what evaluating them
 * gives, and BINDs whose first step can succeed must still be evaluated.
 */
import { describe, expect, it } from 'vitest';
import type { Bind, CellPlan, Expression } from '../alignment/cell-plan.js';
import { factory } from '../rdf/terms.js';
import { ExecutableCell } from './executable-cell.js';
import { TermGraph } from './term-graph.js';

const ex = (local: string) => factory.namedNode(`http://example.org/${local}`);
const v = (name: string): Expression => ({ kind: 'var', name });
const call = (name: string, ...args: Expression[]): Expression => ({ kind: 'call', name, args });
const bind = (variable: string, expression: Expression): Bind => ({ variable, expression, role: 'function' });

/** Two subjects with a value each; the cell copies each value into ex:out through the BINDs' last target. */
function run(binds: Bind[], out: string) {
  const graph = TermGraph.fromQuads([factory.quad(ex('a'), ex('p'), factory.literal('x')), factory.quad(ex('b'), ex('p'), factory.literal('yy'))]);
  const plan: CellPlan = {
    cellId: 'c',
    where: [{ s: { kind: 'var', name: 's' }, p: ex('p'), o: { kind: 'var', name: 'v' } }],
    deleteTemplate: [],
    insertTemplate: [{ s: { kind: 'var', name: 's' }, p: ex('out'), o: { kind: 'var', name: out } }],
    filters: [],
    binds,
  };
  const { cell, problems } = ExecutableCell.compile(plan, new Map());
  expect(problems).toEqual([]);
  const result = cell.run(graph, 'counts');
  return { result, size: graph.size };
}

describe('BINDs of unbound variables', () => {
  it('a BIND starting with a variable nothing binds leaves its target unbound, noted once per distinct message', () => {
    const { result, size } = run([bind('t', call('STRLEN', call('STR', v('never'))))], 't');
    expect(result.notes).toEqual(['?t: ?never is unbound (2 solutions)']);
    expect(result.solutions).toBe(2);
    expect([result.inserted, size]).toEqual([0, 2]);
  });

  it('the variable an earlier BIND failed to set fails the same way (through evaluation)', () => {
    const { result } = run([bind('t', v('never')), bind('u', call('STRLEN', v('t')))], 'u');
    expect(result.notes).toEqual(['?t: ?never is unbound (2 solutions)', '?u: ?t is unbound (2 solutions)']);
    expect(result.inserted).toBe(0);
  });

  it('a BIND whose first argument is bound is evaluated: its own error comes first, or it succeeds', () => {
    // CONCAT(?v, ?never): ?v evaluates, then ?never fails; STRLEN(?v) succeeds for both solutions.
    const { result } = run([bind('t', call('CONCAT', v('v'), v('never'))), bind('u', call('STRLEN', v('v')))], 'u');
    expect(result.notes).toEqual(['?t: ?never is unbound (2 solutions)']);
    expect(result.inserted).toBe(2);
  });

  it('an unknown function fails first, before its unbound argument', () => {
    const { cell } = ExecutableCell.compile(
      {
        cellId: 'c',
        where: [{ s: { kind: 'var', name: 's' }, p: ex('p'), o: { kind: 'var', name: 'v' } }],
        deleteTemplate: [],
        insertTemplate: [],
        filters: [],
        binds: [bind('t', call('ex:nope', v('never')))],
      },
      new Map(),
    );
    const graph = TermGraph.fromQuads([factory.quad(ex('a'), ex('p'), factory.literal('x'))]);
    expect(cell.run(graph, 'counts').notes).toEqual(['?t: unknown function ex:nope']);
  });
});
