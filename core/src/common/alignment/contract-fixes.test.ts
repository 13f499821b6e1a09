/**
 * The reference bugs CONTRACT.md says we fix without changing any golden result (spec section 12,
 * items 2-5): whole-token `_typed` renaming, one typing BIND per variable, literal escaping and
 * language tags. No real alignment triggers them, so each gets a synthetic cell; the rendered
 * SPARQL is also run by oxigraph, a real SPARQL 1.1 engine, so "parses" is checked, not assumed,
 * and the native executor must agree with it.
 */
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { applyAlignments, TermGraph } from '../translation/index.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { factory, type RDF } from '../rdf/terms.js';
import { runWithOxigraph } from '../../test-support/oxigraph-run.js';
import { oneCellAlignment } from '../../test-support/one-cell-alignment.js';

const EX = 'http://example.org/';

function nt(text: string): RDF.Quad[] {
  return new Parser({ format: 'N-Triples' }).parse(text);
}

function runNative(alignment: CompiledAlignment, payload: RDF.Quad[]): RDF.Quad[] {
  const graph = TermGraph.fromQuads(payload);
  const { failures } = applyAlignments(graph, [alignment]);
  expect(failures).toEqual([]);
  return graph.toQuads(factory.defaultGraph());
}

function sparqlOf(alignment: CompiledAlignment): string {
  return alignment.cells.get('c1')!.sparql;
}

describe('CONTRACT.md fixed reference bugs', () => {
  it('renames typed variables as whole tokens only (?node_n typed does not touch ?node_n1)', async () => {
    const alignment = await compileAlignment(
      oneCellAlignment({
        entity1: 'var:s ex:p var:n ; ex:q var:n1 .',
        entity2: 'var:s ex:p2 var:n ; ex:q2 var:n1 .',
        typings: '<typing about="&sripas;node_n" datatype="&xsd;double"/>',
      }),
    );
    const sparql = sparqlOf(alignment);
    expect(sparql).toMatch(/<http:\/\/example\.org\/p2> \?node_n_typed \./);
    expect(sparql).toMatch(/<http:\/\/example\.org\/q2> \?node_n1 \./);
    // The reference's textual replace produced this name, which nothing binds.
    expect(sparql).not.toContain('?node_n_typed1');

    const payload = nt(`<${EX}x> <${EX}p> "2.5" .\n<${EX}x> <${EX}q> "other" .`);
    const out = runNative(alignment, payload);
    const expected = nt(`<${EX}x> <${EX}p2> "2.5"^^<http://www.w3.org/2001/XMLSchema#double> .\n<${EX}x> <${EX}q2> "other" .`);
    expect(isomorphic(out, expected)).toBe(true);
    expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });

  it('emits one typing BIND for a typed variable used by two functions, so the cell runs', async () => {
    const alignment = await compileAlignment(
      oneCellAlignment({
        entity1: 'var:s ex:v var:a .',
        entity2: 'var:s ex:up var:u ; ex:low var:l .',
        transformation: `
          <function about="UCASE"><param order="1" about="&sripas;node_a"/><return about="&sripas;node_u"/></function>
          <function about="LCASE"><param order="1" about="&sripas;node_a"/><return about="&sripas;node_l"/></function>`,
        typings: '<typing about="&sripas;node_a" datatype="&xsd;string"/>',
      }),
    );
    const sparql = sparqlOf(alignment);
    // Twice in the reference, where Jena then refused the whole update ("Variable used when already in-scope").
    expect(sparql.match(/AS \?node_a_typed\)/g)).toHaveLength(1);
    expect(sparql).toContain('UCASE(?node_a_typed)');
    expect(sparql).toContain('LCASE(?node_a_typed)');

    const payload = nt(`<${EX}x> <${EX}v> "MiXed" .`);
    const out = runNative(alignment, payload);
    expect(isomorphic(out, nt(`<${EX}x> <${EX}up> "MIXED" .\n<${EX}x> <${EX}low> "mixed" .`))).toBe(true);
    expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });

  it('escapes literals and keeps language tags in the rendered SPARQL', async () => {
    const alignment = await compileAlignment(
      oneCellAlignment({
        entity1: 'var:s ex:old "quote \\" and backslash \\\\" .',
        entity2: 'var:s ex:label "Waage"@de ; ex:note """two\nlines""" ; ex:text "tab\\there" .',
      }),
    );
    const sparql = sparqlOf(alignment);
    expect(sparql).toContain('"Waage"@de');
    expect(sparql).toContain('"two\\nlines"');
    expect(sparql).toContain('"tab\\there"');
    expect(sparql).toContain('"quote \\" and backslash \\\\"');

    const payload = nt(`<${EX}x> <${EX}old> "quote \\" and backslash \\\\" .`);
    const out = runNative(alignment, payload);
    const label = out.find((q) => q.predicate.value === `${EX}label`)?.object as RDF.Literal | undefined;
    expect(label?.value).toBe('Waage');
    expect(label?.language).toBe('de');
    expect(out.find((q) => q.predicate.value === `${EX}note`)?.object.value).toBe('two\nlines');
    expect(out.some((q) => q.predicate.value === `${EX}old`)).toBe(false);
    // oxigraph parses the text (it would throw on a raw newline or a lost quote) and agrees.
    expect(isomorphic(out, runWithOxigraph(payload, [alignment]))).toBe(true);
  });
});
