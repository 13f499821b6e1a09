/**
 * Comparing two cells by meaning (issue 12, part 2): which parts of a cell differ, and a cheap
 * signature that equal cells share, so renamed cells can be found without comparing every removed
 * cell with every added one. Patterns are RDF graphs: equal up to blank-node renaming, whatever
 * the Turtle looked like (reference-mediator.md 1.7: a pattern is the set of its triples).
 */
import type { CellPart } from '../api/alignment-diff.js';
import type { Cell, CellFunction, DatatypeConstraint, FunctionParam } from '../alignment/model.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { termKey, type RDF } from '../rdf/terms.js';

/** A cell with the prefix map of its alignment (function names may be prefixed names). */
export interface CellInContext {
  readonly cell: Cell;
  readonly prefixes: ReadonlyMap<string, string>;
}

/** Whitespace runs are one space: the XML around a value is layout, not content. */
export function normalizeSpace(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * A function name as an IRI where it is one: `<iri>` and `prefix:local` (with a declared prefix)
 * become the IRI, so writing `fn:upper-case` or its full IRI is the same function; built-ins
 * (`str`, `IRI`, `+`) stay as written.
 */
function functionName(name: string, prefixes: ReadonlyMap<string, string>): string {
  const trimmed = name.trim();
  if (trimmed.startsWith('<') && trimmed.endsWith('>')) return trimmed.slice(1, -1);
  const colon = trimmed.indexOf(':');
  if (colon > 0) {
    const ns = prefixes.get(trimmed.slice(0, colon));
    if (ns !== undefined) return ns + trimmed.slice(colon + 1);
  }
  return trimmed;
}

function paramKey(p: FunctionParam): string {
  // The order attribute only sorts the parameters (the model keeps them sorted); its number is not content.
  return p.kind === 'variable' ? `?${p.variable}` : JSON.stringify([p.value, p.datatype ?? '']);
}

/** Functions run in the order written (a later one may use an earlier one's result), so order counts. */
function functionsKey(functions: readonly CellFunction[], prefixes: ReadonlyMap<string, string>): string {
  return JSON.stringify(functions.map((f) => [functionName(f.name, prefixes), f.params.map(paramKey), f.result]));
}

/** Typings and filters constrain variables independently: a set. */
function constraintsKey(constraints: readonly DatatypeConstraint[]): string {
  return JSON.stringify([...new Set(constraints.map((c) => `${c.variable} ${c.datatype}`))].sort());
}

function optionalText(value: string | undefined): string {
  return normalizeSpace(value ?? '');
}

/** Ground triples as sorted keys, every blank node as `_`: equal for isomorphic graphs. */
function patternInvariant(quads: readonly RDF.Quad[]): string {
  const key = (t: RDF.Term): string => (t.termType === 'BlankNode' ? '_' : termKey(t));
  return quads
    .map((q) => `${key(q.subject)} ${key(q.predicate)} ${key(q.object)}`)
    .sort()
    .join('\n');
}

/** The parts of two cells that differ, in the order of CELL_PARTS; empty when the cells mean the same. */
export function differingParts(a: CellInContext, b: CellInContext): CellPart[] {
  const parts: CellPart[] = [];
  if (!isomorphic(a.cell.entity1, b.cell.entity1)) parts.push('entity1');
  if (!isomorphic(a.cell.entity2, b.cell.entity2)) parts.push('entity2');
  if (functionsKey(a.cell.functions, a.prefixes) !== functionsKey(b.cell.functions, b.prefixes)) parts.push('functions');
  if (constraintsKey(a.cell.typings) !== constraintsKey(b.cell.typings)) parts.push('typings');
  if (constraintsKey(a.cell.filters) !== constraintsKey(b.cell.filters)) parts.push('filters');
  if (optionalText(a.cell.relation) !== optionalText(b.cell.relation)) parts.push('relation');
  if (optionalText(a.cell.measure) !== optionalText(b.cell.measure)) parts.push('measure');
  return parts;
}

/**
 * A string that two cells with the same meaning share (cells with different meanings may share it
 * too, when their patterns differ only in how blank nodes connect): candidates for a rename are
 * compared in full only when their signatures are equal.
 */
export function cellSignature(c: CellInContext): string {
  return JSON.stringify([
    patternInvariant(c.cell.entity1),
    patternInvariant(c.cell.entity2),
    functionsKey(c.cell.functions, c.prefixes),
    constraintsKey(c.cell.typings),
    constraintsKey(c.cell.filters),
    optionalText(c.cell.relation),
    optionalText(c.cell.measure),
  ]);
}
