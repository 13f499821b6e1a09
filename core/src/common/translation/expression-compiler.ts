/**
 * Compiles an expression tree into a closure over a solution row and its graph: the evaluator a
 * cell's BINDs run (`executable-cell.ts`) and the one the W3C conformance suite drives. Function
 * names resolve once, at compile time; functional forms (IF, COALESCE, BOUND, BNODE, and the
 * operators `&&` and `||`) receive their arguments unevaluated.
 */
import type { Problem } from '../errors.js';
import { ProblemCodes } from '../problem-codes.js';
import type { RDF } from '../rdf/terms.js';
import type { Expression } from '../alignment/cell-plan.js';
import { CellFailure, fail } from './expression-error.js';
import type { FunctionDef } from './function-support.js';
import { arithmetic, resolveFunction } from './functions.js';
import { OPERATORS, type OperatorName } from './functions-operators.js';
import type { TermGraph } from './term-graph.js';

/**
 * A solution: term ids by variable slot (UNBOUND where unset). Plain arrays of small integers: a
 * matching cell copies one per solution, and allocating a typed array (and its buffer) each time
 * cost more than the rest of a small cell's run.
 */
export type Row = number[];
export const UNBOUND = -1;

export type Evaluator = (row: Row, graph: TermGraph) => RDF.Term;

/**
 * A cell's expressions plus the SPARQL operators a cell cannot write but a query can (comparisons,
 * `&&`, `||`, `!`, unary signs, IN): the conformance suite's queries use them.
 */
export type EngineExpression =
  | Expression
  | { readonly kind: 'op'; readonly op: OperatorName; readonly args: readonly EngineExpression[] }
  | { readonly kind: 'arith'; readonly op: '+' | '-' | '*' | '/'; readonly args: readonly EngineExpression[] }
  | { readonly kind: 'call'; readonly name: string; readonly args: readonly EngineExpression[] };

export interface ExpressionScope {
  /** The row slot of a variable (allocated on first use). */
  slot(name: string): number;
  readonly prefixes: ReadonlyMap<string, string>;
  /** Where problems found while compiling go (unknown function, wrong arity). */
  report(problem: Problem): void;
  /** The cell the problems belong to. */
  readonly cellId?: string;
  /** A copy of a constant in the representation the graph keeps (the cell's own terms). */
  own?(term: RDF.Term): RDF.Term;
}

function arityText(fn: { minArgs: number; maxArgs: number }): string {
  if (fn.minArgs === fn.maxArgs) return `${fn.minArgs}`;
  return fn.maxArgs === Infinity ? `at least ${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
}

/** Applies a resolved function to compiled arguments: lazily for functional forms. */
function applier(fn: FunctionDef, args: readonly Evaluator[]): Evaluator {
  const lazy = fn.lazy;
  if (lazy !== undefined) {
    return (row, graph) =>
      lazy(
        args.map((a) => () => a(row, graph)),
        { freshBlank: () => graph.term(graph.freshBlank()), solution: row },
      );
  }
  const impl = fn.impl;
  if (args.length === 1) {
    const [a] = args as [Evaluator];
    return (row, graph) => impl([a(row, graph)]);
  }
  return (row, graph) => impl(args.map((a) => a(row, graph)));
}

function compileCall(e: { name: string; args: readonly EngineExpression[] }, scope: ExpressionScope): Evaluator {
  const args = e.args.map((a) => compileExpression(a, scope));
  const fn = resolveFunction(e.name, scope.prefixes);
  const cell = scope.cellId === undefined ? {} : { cellId: scope.cellId };
  if (fn === undefined) {
    scope.report({
      code: ProblemCodes.functionUnknown,
      severity: 'error',
      message: `function "${e.name}"${scope.cellId === undefined ? '' : ` of cell ${scope.cellId}`} is not known to the mediator (SPARQL 1.1 built-ins in any letter case, the fn:, math:, xsd: and afn: functions Jena 3.9 registers, and unixEpochToUTC are)`,
      ...cell,
    });
    return () => fail(`unknown function ${e.name}`);
  }
  if (args.length < fn.minArgs || args.length > fn.maxArgs) {
    scope.report({
      code: ProblemCodes.functionArity,
      severity: 'error',
      message: `function ${e.name} takes ${arityText(fn)} argument(s), the cell gives ${args.length}`,
      ...cell,
    });
  }
  const failure = staticFailure(fn, e.args);
  if (failure !== undefined) {
    // Accepted at upload, as the reference accepted it, but said: the cell can never apply.
    scope.report({
      code: ProblemCodes.functionAlwaysFails,
      severity: 'warning',
      message: `${e.name}${scope.cellId === undefined ? '' : ` in cell ${scope.cellId}`} fails whenever the cell matches: ${failure.message} (the reference's Jena 3.9 refuses it while building the update)`,
      ...cell,
    });
    return () => {
      throw failure;
    };
  }
  return applier(fn, args);
}

/** The failure Jena raises while parsing a call with these constant arguments, if any (FunctionDef.staticCheck). */
function staticFailure(fn: FunctionDef, args: readonly EngineExpression[]): CellFailure | undefined {
  if (fn.staticCheck === undefined) return undefined;
  try {
    fn.staticCheck(args.map((a) => (a.kind === 'const' ? a.term : undefined)));
  } catch (error) {
    if (error instanceof CellFailure) return error;
    throw error;
  }
  return undefined;
}

export function compileExpression(e: EngineExpression, scope: ExpressionScope): Evaluator {
  switch (e.kind) {
    case 'var': {
      const index = scope.slot(e.name);
      const name = e.name;
      return (row, graph) => {
        const id = row[index] ?? UNBOUND;
        if (id === UNBOUND) fail(`?${name} is unbound`);
        return graph.term(id);
      };
    }
    case 'const': {
      const term = scope.own === undefined ? e.term : scope.own(e.term);
      return () => term;
    }
    case 'arith': {
      const args = e.args.map((a) => compileExpression(a, scope));
      const op = e.op;
      return (row, graph) =>
        arithmetic(
          op,
          args.map((a) => a(row, graph)),
        );
    }
    case 'call':
      return compileCall(e, scope);
    case 'op':
      return applier(
        OPERATORS[e.op],
        e.args.map((a) => compileExpression(a, scope)),
      );
  }
}

/**
 * The variable an expression evaluates before anything else, if its evaluation starts with one:
 * arguments are evaluated left to right before their function is applied, so an unbound variable
 * there fails the expression with that variable's error whatever the rest holds. Undefined when
 * the first step is a constant, a function the mediator does not know (which fails first), or a
 * form that survives an unbound argument (COALESCE, BOUND).
 */
export function firstEvaluatedVariable(e: EngineExpression, prefixes: ReadonlyMap<string, string>): string | undefined {
  for (;;) {
    if (e.kind === 'var') return e.name;
    if (e.kind === 'const' || e.kind === 'op') return undefined;
    if (e.kind === 'call') {
      const fn = resolveFunction(e.name, prefixes);
      if (fn === undefined || fn.tolerant === true) return undefined;
    }
    const first: EngineExpression | undefined = e.args[0];
    if (first === undefined) return undefined;
    e = first;
  }
}
