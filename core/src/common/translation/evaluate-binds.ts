/**
 * Evaluates a chain of BINDs on given terms with the engine that runs cells, for tests that compare
 * our expression language with a reference (the Jena 3.9 differential, the W3C suites) without
 * writing an alignment: the chain runs as a cell whose WHERE binds the given variables from a
 * two-triple-per-variable graph and whose INSERT reads every BIND's variable back, which is how an
 * IPSM-AF cell's functions run (reference-mediator.md 3.4: one BIND per function, in order).
 */
import type { Problem } from '../errors.js';
import type { Bind, CellPlan, Expression, TriplePattern } from '../alignment/cell-plan.js';
import { factory, type RDF } from '../rdf/terms.js';
import { ExecutableCell } from './executable-cell.js';
import { TermGraph } from './term-graph.js';

export interface BindStep {
  readonly variable: string;
  readonly expression: Expression;
}

export interface BindChainResult {
  /** Each BIND's value, or undefined where its expression failed (the variable left unbound). */
  readonly values: ReadonlyMap<string, RDF.Term | undefined>;
  /** Upload problems of the chain (an unknown function, a wrong number of arguments). */
  readonly problems: readonly Problem[];
}

const SUBJECT = factory.namedNode('urn:mediator:evaluate:s');
const input = (name: string) => factory.namedNode(`urn:mediator:evaluate:in:${name}`);
const output = (name: string) => factory.namedNode(`urn:mediator:evaluate:out:${name}`);

/**
 * Runs `steps` in order on `bindings`. A failure of the whole chain (what made the reference skip a
 * cell) is thrown, as the executor throws it.
 */
export function evaluateBindChain(steps: readonly BindStep[], bindings: ReadonlyMap<string, RDF.Term>, prefixes: ReadonlyMap<string, string>): BindChainResult {
  const where: TriplePattern[] = [];
  const quads: RDF.Quad[] = [];
  for (const [name, term] of bindings) {
    where.push({ s: { kind: 'const', term: SUBJECT }, p: input(name), o: { kind: 'var', name } });
    quads.push(factory.quad(SUBJECT, input(name), term as RDF.Quad_Object));
  }
  const plan: CellPlan = {
    cellId: 'evaluate',
    deleteTemplate: [],
    insertTemplate: steps.map((s) => ({ s: { kind: 'const', term: SUBJECT }, p: output(s.variable), o: { kind: 'var', name: s.variable } })),
    where,
    filters: [],
    binds: steps.map((s): Bind => ({ variable: s.variable, expression: s.expression, role: 'function' })),
  };
  const { cell, problems } = ExecutableCell.compile(plan, prefixes);
  const graph = TermGraph.fromQuads(quads);
  cell.run(graph);
  const values = new Map<string, RDF.Term | undefined>(steps.map((s) => [s.variable, undefined]));
  for (const q of graph.toQuads(factory.defaultGraph())) {
    const step = steps.find((s) => q.subject.equals(SUBJECT) && q.predicate.equals(output(s.variable)));
    if (step !== undefined) values.set(step.variable, q.object);
  }
  return { values, problems };
}
