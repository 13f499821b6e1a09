/**
 * Pure helpers of the cell form (issue 39): searching the cells, checking a Turtle field as it is
 * typed (n3, already in the bundle for the pattern graphs), and the names completion offers.
 */
import type { CellEntry } from '@mediator/core/authoring';
import { Parser } from 'n3';
import { prefixedName } from '../graph/prefixed-name.js';

export interface Prefix {
  readonly prefix: string;
  readonly iri: string;
}

/** Cells whose IRI, prefixed name, patterns, relation or function names contain every word of the search. */
export function filterCells(cells: readonly CellEntry[], search: string, prefixes: readonly Prefix[]): CellEntry[] {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return [...cells];
  return cells.filter((c) => {
    const text = [c.iri, prefixedName(c.iri, prefixes), c.entity1, c.entity2, c.relation, ...c.functions.map((f) => f.name)].join('\n').toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

export interface TurtleProblem {
  readonly message: string;
  /** 1-based line in the field. */
  readonly line: number | undefined;
}

/**
 * Why `turtle` does not parse as a cell pattern with the document's prefixes, or undefined. The
 * prefixes are declared ahead of the text, so line numbers are shifted back to the field's own.
 */
export function turtleProblem(turtle: string, prefixes: readonly Prefix[]): TurtleProblem | undefined {
  if (turtle.trim() === '') return undefined;
  const declarations = prefixes.map((p) => `@prefix ${p.prefix}: <${p.iri}> .`);
  try {
    new Parser({ format: 'text/turtle' }).parse(`${declarations.join('\n')}\n${turtle}`);
    return undefined;
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    const context = (error as { context?: { line?: number } }).context;
    const line = context?.line === undefined ? undefined : context.line - declarations.length;
    const message = raw.replace(/ on line \d+\.?/, '').replace(/\.$/, '');
    return { message: line === undefined ? message : `${message} (line ${line})`, line };
  }
}
