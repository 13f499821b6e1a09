/**
 * SPARQL 1.1 functional forms (section 17.4.1) and term constructors that need the solution they
 * run in: IF, COALESCE, BOUND, sameTerm, BNODE. Arguments arrive unevaluated, so an error in a branch
 * IF does not take, or in a COALESCE argument after the first that works, changes nothing.
 */
import type { RDF } from '../rdf/terms.js';
import { ExpressionError, fail } from './expression-error.js';
import { bool, describe, isPlainString, lazyDef, def, type FunctionDef, type Thunk } from './function-support.js';
import { toNumeric } from './numeric.js';
import { decimalIsZero } from './exact-decimal.js';

const BOOLEAN_LEXICAL: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/**
 * The effective boolean value as Jena 3.9 computes it (XSDFuncOp.booleanEffectiveValue): a boolean's
 * value, a string's non-emptiness (language-tagged strings too), a number's difference from zero.
 * Two of its departures from SPARQL 17.2.2 are kept: a decimal is false only when it is zero at
 * scale 0 (Java's BigDecimal.equals, so "0.0" is true), and NaN is true (NaN != 0.0 in Java).
 */
export function effectiveBooleanValue(t: RDF.Term): boolean {
  if (t.termType !== 'Literal') fail(`no effective boolean value for ${describe(t)}`);
  const dt = t.datatype.value;
  if (dt === 'http://www.w3.org/2001/XMLSchema#boolean') {
    const b = BOOLEAN_LEXICAL[t.value.trim()];
    if (b === undefined) fail(`"${t.value}" is not a valid xsd:boolean`);
    return b;
  }
  if (isPlainString(t) || t.language !== '') return t.value !== '';
  const n = toNumeric(t, 'effective boolean value');
  switch (n.kind) {
    case 'integer':
      return n.big !== 0n;
    case 'decimal':
      return !(decimalIsZero(n.decimal) && !/\.\d/.test(t.value));
    default:
      return n.value !== 0;
  }
}

/**
 * IF as Jena 3.9's E_Conditional: an error evaluating the condition is the IF's error, but a
 * condition without an effective boolean value (a blank node, an ill-typed literal) takes the
 * else branch (Expr.isSatisfied is false on an evaluation error).
 */
function ifForm([condition, whenTrue, whenFalse]: readonly Thunk[]): RDF.Term {
  const value = condition!();
  let satisfied = false;
  try {
    satisfied = effectiveBooleanValue(value);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
  }
  return satisfied ? whenTrue!() : whenFalse!();
}

function coalesce(args: readonly Thunk[]): RDF.Term {
  for (const arg of args) {
    try {
      return arg();
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
    }
  }
  return fail('COALESCE: no argument has a value');
}

function bound([arg]: readonly Thunk[]): RDF.Term {
  try {
    arg!();
    return bool(true);
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    return bool(false);
  }
}

/** RDF term identity, with language tags compared without case (Jena's NodeFunctions.sameTerm). */
export function sameTerm(a: RDF.Term, b: RDF.Term): boolean {
  if (a.equals(b)) return true;
  return (
    a.termType === 'Literal' && b.termType === 'Literal' && a.language !== '' && a.language.toLowerCase() === b.language.toLowerCase() && a.value === b.value
  );
}

/** Blank nodes BNODE(label) made in each solution, by label: one node per label and solution. */
const labelled = new WeakMap<object, Map<string, RDF.Term>>();

const bnode = lazyDef(
  (args, context) => {
    const label = args[0];
    if (label === undefined) return context.freshBlank();
    const value = label();
    if (!isPlainString(value)) fail(`BNODE() needs a simple literal or xsd:string, got ${describe(value)}`);
    let byLabel = labelled.get(context.solution);
    if (byLabel === undefined) labelled.set(context.solution, (byLabel = new Map<string, RDF.Term>()));
    let node = byLabel.get(value.value);
    if (node === undefined) byLabel.set(value.value, (node = context.freshBlank()));
    return node;
  },
  0,
  1,
);

export const CONDITIONAL_BUILTINS: Record<string, FunctionDef> = {
  IF: lazyDef(ifForm, 3, 3),
  COALESCE: lazyDef(coalesce, 0, Infinity, true),
  BOUND: lazyDef(bound, 1, 1, true),
  SAMETERM: def(([a, b]) => bool(sameTerm(a!, b!)), 2),
  BNODE: bnode,
};
