/**
 * The alignment as the workbench shows it (api/alignment-view.ts): plain data built from the model
 * core's reader made, so the renderer never reads alignment XML itself. Cell ids, positions and the
 * compiled SPARQL are exactly the engine's.
 */
import type { AlignmentView, ViewCell, ViewConstraint, ViewFunction, ViewPattern } from '../api/alignment-view.js';
import { escapeLiteral } from '../rdf/terms.js';
import { planCell } from './cell-plan.js';
import type { PlannedAlignment } from './planned-alignment.js';
import { TurtleWriter } from './convert-writers.js';
import type { Alignment, Cell, CellFunction, DatatypeConstraint, EntitySource, FunctionParam } from './model.js';
import { renderCellSparql } from './render-sparql.js';

/** Removes the indentation every non-blank line shares, and leading and trailing blank lines. */
export function dedent(text: string): string {
  const lines = text
    .replace(/^\s*\n/, '')
    .replace(/\s+$/, '')
    .split('\n');
  let cut = Infinity;
  for (const l of lines) if (l.trim() !== '') cut = Math.min(cut, /^[ \t]*/.exec(l)?.[0].length ?? 0);
  return cut === Infinity ? '' : lines.map((l) => l.slice(cut)).join('\n');
}

/** Where the first non-blank character of a Turtle pattern is (the text node starts after the tag). */
function firstCharacter(source: EntitySource): { line: number; column: number } {
  const at = source.text.search(/\S/);
  if (source.format !== 'turtle' || at < 0) return { line: source.line, column: source.column };
  const before = source.text.slice(0, at);
  const newlines = before.split('\n').length - 1;
  return newlines === 0 ? { line: source.line, column: source.column + at } : { line: source.line + newlines, column: at - before.lastIndexOf('\n') };
}

function pattern(source: EntitySource, quads: Cell['entity1'], writer: TurtleWriter): ViewPattern {
  return {
    format: source.format,
    // A Turtle cell is shown as its author wrote it; an RDF/XML cell as Turtle written from its triples.
    turtle: source.format === 'turtle' ? dedent(source.text) : writer.write(quads),
    source: dedent(source.text),
    triples: quads.length,
    ...firstCharacter(source),
  };
}

function param(p: FunctionParam, writer: TurtleWriter): string {
  if (p.kind === 'variable') return `?${p.variable}`;
  const literal = `"${escapeLiteral(p.value)}"`;
  return p.datatype === undefined || p.datatype === '' ? literal : `${literal}^^${writer.iri(p.datatype)}`;
}

function fn(f: CellFunction, writer: TurtleWriter): ViewFunction {
  const params = f.params.map((p) => param(p, writer));
  return { name: f.name, params, result: f.result, display: `?${f.result} = ${f.name}(${params.join(', ')})`, line: f.line, column: f.column };
}

function constraint(c: DatatypeConstraint, writer: TurtleWriter): ViewConstraint {
  return { variable: c.variable, datatype: c.datatype, display: `?${c.variable} : ${writer.iri(c.datatype)}`, line: c.line, column: c.column };
}

/**
 * The view of a read alignment. `compiled` gives each cell's SPARQL from the compiled alignment (a
 * stored one); without it (an alignment that is being edited and may have errors) each cell is
 * planned and rendered here, as `analyzeAlignment` does.
 */
export function alignmentView(alignment: Alignment, compiled?: PlannedAlignment): AlignmentView {
  const writer = new TurtleWriter(alignment.prefixes);
  const stepsOf = new Map<string, number[]>();
  alignment.steps.forEach((s, i) => {
    const list = stepsOf.get(s.cellId) ?? [];
    list.push(i + 1);
    stepsOf.set(s.cellId, list);
  });
  const cells = alignment.cells.map((c): ViewCell => ({
    id: c.id,
    iri: c.iri,
    line: c.line,
    column: c.column,
    relation: c.relation ?? null,
    measure: c.measure ?? null,
    entity1: pattern(c.entity1Source, c.entity1, writer),
    entity2: pattern(c.entity2Source, c.entity2, writer),
    functions: c.functions.map((f) => fn(f, writer)),
    typings: c.typings.map((t) => constraint(t, writer)),
    filters: c.filters.map((t) => constraint(t, writer)),
    steps: stepsOf.get(c.id) ?? [],
    sparql: compiled?.cells.get(c.id)?.sparql ?? renderCellSparql(planCell(c).plan, alignment.prefixes),
  }));
  const { header } = alignment;
  return {
    name: header.name,
    version: header.version,
    creator: header.creator,
    description: header.description,
    date: header.date,
    sourceOntology: header.sourceOntology,
    targetOntology: header.targetOntology,
    cellFormat: header.cellFormat,
    prefixes: alignment.prefixes.map(([prefix, iri]) => ({ prefix, iri })),
    cells,
    steps: alignment.steps.map((s, i) => ({ position: i + 1, cellId: s.cellId, order: s.order ?? null, line: s.line, column: s.column })),
  };
}
