/**
 * Renders a cell plan as the SPARQL 1.1 Update text of reference-mediator.md section 3.2, with the
 * CONTRACT.md fixes: deterministic blank-node names, proper literal escaping and language tags.
 */
import { termToNTriples } from '../rdf/terms.js';
import type { Bind, CellPlan, Expression, PatternTerm, TriplePattern } from './cell-plan.js';

function renderTerm(t: PatternTerm): string {
  switch (t.kind) {
    case 'var':
      return `?${t.name}`;
    case 'bnode':
      return `_:${t.label}`;
    case 'const':
      return termToNTriples(t.term);
  }
}

function renderTriple(t: TriplePattern): string {
  return `\t${renderTerm(t.s)} <${t.p.value}> ${renderTerm(t.o)} .`;
}

export function renderExpression(e: Expression): string {
  switch (e.kind) {
    case 'var':
      return `?${e.name}`;
    case 'const':
      return termToNTriples(e.term);
    case 'arith':
      return e.args.map(renderExpression).join(` ${e.op} `);
    case 'call':
      return `${e.name}(${e.args.map(renderExpression).join(', ')})`;
  }
}

function renderBind(b: Bind): string {
  if (b.role === 'function') return `\tBIND( ${renderExpression(b.expression)} AS ?${b.variable})`;
  const lead = b.role === 'typing' ? '\t' : '  ';
  return `${lead}BIND(${renderExpression(b.expression)} AS ?${b.variable})`;
}

/** The PREFIX block: one line per `xmlns` declaration of the alignment document. */
export function renderPrefixes(prefixes: ReadonlyArray<readonly [string, string]>): string {
  return prefixes.map(([p, iri]) => `PREFIX ${p}: <${iri}>`).join('\n');
}

export function renderCellSparql(plan: CellPlan, prefixes: ReadonlyArray<readonly [string, string]>): string {
  const lines: string[] = [];
  lines.push(renderPrefixes(prefixes), '');
  lines.push('DELETE {', ...plan.deleteTemplate.map(renderTriple), '} INSERT {', ...plan.insertTemplate.map(renderTriple), '} WHERE {');
  lines.push(...plan.where.map(renderTriple));
  for (const f of plan.filters) lines.push(`\tFILTER( datatype(?${f.variable}) = <${f.datatype}> )`);
  for (const b of plan.binds) lines.push(renderBind(b));
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
