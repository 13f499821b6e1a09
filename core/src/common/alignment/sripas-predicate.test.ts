/**
 * A sripas IRI in predicate position is the constant IRI, as the reference ran it
 * (reference-mediator.md 1.7 "Predicates are never variables", CONTRACT.md "Translation"):
 * accepted with a warning, compiled to the constant IRI, executed as a constant.
 */
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { analyzeAlignment, compileAlignment } from '../translation/index.js';
import { applyAlignments, TermGraph } from '../translation/index.js';
import { factory, type RDF } from '../rdf/terms.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { runWithOxigraph } from '../../test-support/oxigraph-run.js';
import {
  SRIPAS_PREDICATE_CELL,
  SRIPAS_PREDICATE_IRI,
  sripasPredicateAlignment,
  sripasPredicateEntity1Line,
} from '../../test-support/sripas-predicate-alignment.js';

const EX = 'http://example.org/';
const text = sripasPredicateAlignment();

function nt(source: string): RDF.Quad[] {
  return new Parser({ format: 'N-Triples' }).parse(source);
}

function runNative(payload: readonly RDF.Quad[], alignment: Awaited<ReturnType<typeof compileAlignment>>): RDF.Quad[] {
  const graph = TermGraph.fromQuads(payload);
  const { failures } = applyAlignments(graph, [alignment]);
  expect(failures).toEqual([]);
  return graph.toQuads(factory.defaultGraph());
}

describe('a sripas IRI in predicate position', () => {
  it('is accepted with a warning that names the cell and its position', async () => {
    const result = await analyzeAlignment(text);
    expect(result.compiled).toBeDefined();
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([]);
    const warning = result.problems.find((p) => p.code === 'CELL_PREDICATE_SRIPAS_CONSTANT');
    expect(warning).toMatchObject({ severity: 'warning', cellId: SRIPAS_PREDICATE_CELL, line: sripasPredicateEntity1Line(text) });
    expect(warning?.column).toBeGreaterThan(0);
    expect(warning?.message).toContain(SRIPAS_PREDICATE_IRI);
    expect(warning?.message).toMatch(/constant IRI/);
    expect(warning?.message).toMatch(/can never match unless a message really has that predicate/);
  });

  it('compiles to the constant IRI in the SPARQL text, as the reference does', async () => {
    const alignment = await compileAlignment(text);
    const sparql = alignment.cells.get(SRIPAS_PREDICATE_CELL)!.sparql;
    expect(sparql).toContain(`?node_s <${SRIPAS_PREDICATE_IRI}> ?node_o .`);
    expect(sparql).not.toContain('?pred_P');
  });

  it('does not fire on an ordinary payload', async () => {
    const alignment = await compileAlignment(text);
    const payload = nt(`<${EX}x> <${EX}p> "1" .\n<${EX}x> <${EX}q> <${EX}y> .`);
    const out = runNative(payload, alignment);
    expect(isomorphic(out, payload)).toBe(true);
    expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });

  it('fires when the payload really has that predicate IRI', async () => {
    const alignment = await compileAlignment(text);
    const payload = nt(`<${EX}x> <${SRIPAS_PREDICATE_IRI}> "1" .\n<${EX}x> <${EX}q> <${EX}y> .`);
    const out = runNative(payload, alignment);
    expect(isomorphic(out, nt(`<${EX}x> <${EX}seen> "1" .\n<${EX}x> <${EX}q> <${EX}y> .`))).toBe(true);
    expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });

  it('warns for entity2 too and inserts the constant predicate', async () => {
    const swapped = text.replace('var:s sripas:pred_P var:o .', 'var:s ex:p var:o .').replace('var:s ex:seen var:o .', 'var:s sripas:pred_P var:o .');
    const result = await analyzeAlignment(swapped);
    expect(result.problems).toContainEqual(
      expect.objectContaining({ code: 'CELL_PREDICATE_SRIPAS_CONSTANT', severity: 'warning', cellId: SRIPAS_PREDICATE_CELL }),
    );
    const alignment = await compileAlignment(swapped);
    const out = runNative(nt(`<${EX}x> <${EX}p> "1" .`), alignment);
    expect(isomorphic(out, nt(`<${EX}x> <${SRIPAS_PREDICATE_IRI}> "1" .`))).toBe(true);
  });
});
