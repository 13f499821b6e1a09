/**
 * Cell-format conversion (reference-mediator.md 6.9, 12.29): meaning is kept in both directions,
 * proved by translating every golden pair with converted alignments; the sample alignments
 * convert both ways; Turtle input passes through unchanged; relative cell ids and namespaces
 * declared only inside entity content work; broken input gives positioned errors.
 */
import { Parser } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError, ValidationError } from '../errors.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, type RDF } from '../rdf/terms.js';
import { readMessage, translateMessage } from '../translation/index.js';
import { alignmentFiles, goldenFile, goldenPairs, goldenSteps, readData } from '../../test-support/shared-data.js';
import { compileAlignment, type CompiledAlignment } from '../translation/index.js';
import { convertCellsToRdfXml, convertCellsToTurtle } from './convert-cells.js';
import type { Cell } from './model.js';

const SRIPAS = 'http://www.inter-iot.eu/sripas#';

/** Per alignment file: the original and both conversions (RDF/XML first, then back to Turtle). */
const versions = new Map<string, { original: string; rdfxml: string; turtle: string }>();

beforeAll(async () => {
  const files = new Set([...alignmentFiles().map((f) => `alignments/${f}`), ...goldenPairs().flatMap((p) => p.alignments)]);
  for (const file of files) {
    const original = readData(file);
    const rdfxml = await convertCellsToRdfXml(original, { source: file });
    const turtle = await convertCellsToTurtle(rdfxml, { source: `${file} (RDF/XML cells)` });
    versions.set(file, { original, rdfxml, turtle });
  }
});

function version(file: string, which: 'original' | 'rdfxml' | 'turtle'): string {
  const v = versions.get(file);
  if (v === undefined) throw new Error(`no versions of ${file}`);
  return v[which];
}

function graphOf(quads: readonly RDF.Quad[], graph: string): RDF.Quad[] {
  return quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === graph);
}

/** The payload quads moved to the default graph, as output-payload.nt has them. */
function payloadTriples(quads: readonly RDF.Quad[]): RDF.Quad[] {
  const nt = graphOf(quads, MESSAGE_GRAPHS.payload).map((q) => `${nt1(q.subject)} ${nt1(q.predicate)} ${nt1(q.object)} .`);
  return new Parser({ format: 'N-Triples' }).parse(nt.join('\n'));
}

function nt1(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  if (t.termType === 'BlankNode') return `_:${t.value}`;
  const lit = t as RDF.Literal;
  const lex = JSON.stringify(lit.value);
  if (lit.language !== '') return `${lex}@${lit.language}`;
  return `${lex}^^<${lit.datatype.value}>`;
}

async function compileAll(texts: readonly string[]): Promise<CompiledAlignment[]> {
  const out: CompiledAlignment[] = [];
  for (const t of texts) out.push(await compileAlignment(t));
  return out;
}

describe.each(goldenPairs())('golden pair $pair with converted alignments', (pair) => {
  it.each(['rdfxml', 'turtle'] as const)('translates as the reference did with %s cells (converted)', async (which) => {
    const texts = pair.alignments.map((f) => version(f, which));
    // The conversion really happened: the cell format and entity markup are the converted ones.
    for (const t of texts) {
      if (which === 'rdfxml') {
        expect(t).toContain('rdf:about="http://inter-iot.eu/sripas#rdfxml"');
        expect(t).toMatch(/<align:entity1 rdf:parseType="Literal">/);
      } else {
        expect(t).toContain('rdf:about="http://inter-iot.eu/sripas#turtle"');
        expect(t).not.toMatch(/<align:entity[12] rdf:parseType/);
      }
    }
    const alignments = await compileAll(texts);
    for (const a of alignments) expect(a.header.cellFormat).toBe(which);
    const input = readData(pair.message);
    const result = await translateMessage(input, alignments, { trace: true });
    expect(result.failures).toEqual([]);
    if (pair.outputPayloadTriples < 0) {
      expect(result.emptyPayload).toBe(true);
      expect(result.message).toBe(input);
      return;
    }
    const payload = payloadTriples((await readMessage(result.message)).quads);
    const expected = new Parser({ format: 'N-Triples' }).parse(goldenFile(pair.pair, 'output-payload.nt')) as unknown as RDF.Quad[];
    expect(payload.length).toBe(pair.outputPayloadTriples);
    expect(isomorphic(payload, expected)).toBe(true);
    const steps = (result.trace ?? []).map((t) => [t.cellId, t.deleted, t.inserted]);
    expect(steps).toEqual(goldenSteps(pair.pair).map((s) => [s.cell, s.deleted, s.inserted]));
  });
});

/** What a cell means, positions left out. */
function meaning(cell: Cell): unknown {
  const strip = (items: readonly object[]): unknown[] =>
    items.map((item) => {
      const { line: _line, column: _column, ...rest } = item as Record<string, unknown>;
      return rest;
    });
  return {
    id: cell.id,
    iri: cell.iri,
    relation: cell.relation,
    functions: strip(cell.functions),
    typings: strip(cell.typings),
    filters: strip(cell.filters),
  };
}

describe.each(alignmentFiles())('sample alignment %s', (file) => {
  const path = `alignments/${file}`;

  it.each(['rdfxml', 'turtle'] as const)('converts (%s cells) and compiles to the same cells, entities isomorphic', async (which) => {
    const original = await compileAlignment(version(path, 'original'));
    const converted = await compileAlignment(version(path, which));
    expect(converted.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(converted.header).toEqual({ ...original.header, cellFormat: which });
    expect(converted.alignment.steps.map((s) => s.cellId)).toEqual(original.alignment.steps.map((s) => s.cellId));
    expect(converted.alignment.cells.length).toBe(original.alignment.cells.length);
    expect(converted.alignment.cells.length).toBeGreaterThan(0);
    for (const [i, cell] of original.alignment.cells.entries()) {
      const other = converted.alignment.cells[i]!;
      expect(meaning(other)).toEqual(meaning(cell));
      expect(isomorphic(other.entity1, cell.entity1), `${cell.id} entity1`).toBe(true);
      expect(isomorphic(other.entity2, cell.entity2), `${cell.id} entity2`).toBe(true);
      expect(other.entity1.length + other.entity2.length).toBe(cell.entity1.length + cell.entity2.length);
    }
  });

  it('passes Turtle input through byte for byte, and RDF/XML input the other way', async () => {
    const original = version(path, 'original');
    expect(await convertCellsToTurtle(original)).toBe(original);
    const rdfxml = version(path, 'rdfxml');
    expect(await convertCellsToRdfXml(rdfxml)).toBe(rdfxml);
  });
});

it('plans the Port_CO cells with functions and filters the same way after conversion', async () => {
  const path = 'alignments/Port_CO.rdf';
  const original = await compileAlignment(version(path, 'original'));
  for (const which of ['rdfxml', 'turtle'] as const) {
    const converted = await compileAlignment(version(path, which));
    const withFunctions = [...original.cells.values()].filter((c) => c.cell.functions.length > 0 && c.cell.filters.length > 0);
    expect(withFunctions.length).toBeGreaterThan(0);
    for (const c of withFunctions) {
      const other = converted.cells.get(c.cell.id)!;
      // Same plan shape: binds and filters identical; patterns as many.
      expect(other.plan.binds).toEqual(c.plan.binds);
      expect(other.plan.filters).toEqual(c.plan.filters);
      expect(other.plan.where.length).toBe(c.plan.where.length);
      expect(other.plan.insertTemplate.length).toBe(c.plan.insertTemplate.length);
    }
  }
});

// ---------------------------------------------------------------------------------------------
// Hand-written documents

function rdfxmlAlignment(cells: string, steps: string, extraNs = ''): string {
  return `<?xml version="1.0"?>
<!DOCTYPE rdf:RDF [
  <!ENTITY sripas "${SRIPAS}">
  <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#">
]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#"
         xmlns:sripas="${SRIPAS}"
         xmlns:dcelem="http://purl.org/dc/elements/1.1/"
         xmlns:exmo="http://exmo.inrialpes.fr/align/ext/1.0/#"${extraNs}>
  <align:Alignment>
    <dcelem:title>hand</dcelem:title>
    <exmo:version>1</exmo:version>
    <dcelem:creator>test</dcelem:creator>
    <dcelem:description>hand-written RDF/XML cells</dcelem:description>
    <align:onto1><align:Ontology rdf:about="http://example.org/a#"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="http://example.org/b#"/></align:onto2>
    <sripas:steps rdf:parseType="Collection">
${steps}
    </sripas:steps>
${cells}
  </align:Alignment>
</rdf:RDF>
`;
}

const RELATIVE = rdfxmlAlignment(
  `    <align:map>
      <align:Cell rdf:about="c1">
        <align:entity1 rdf:parseType="Literal">
          <ex:Thing xmlns:ex="http://example.org/ns#" rdf:about="&sripas;node_x">
            <ex:label xml:lang="en">a &lt;b&gt; &amp; "c"
second line</ex:label>
            <ex:count rdf:datatype="&xsd;int">7</ex:count>
            <ex:part><sripas:node_y/></ex:part>
            <ex:other rdf:resource="http://example.org/ns#const"/>
          </ex:Thing>
        </align:entity1>
        <align:entity2 rdf:parseType="Literal">
          <rdf:Description rdf:about="&sripas;node_x" xmlns:tgt="http://example.org/target/">
            <tgt:has>
              <tgt:Value>
                <tgt:is rdf:resource="&sripas;node_y"/>
              </tgt:Value>
            </tgt:has>
            <tgt:shared rdf:nodeID="n1"/>
            <tgt:again rdf:nodeID="n1"/>
          </rdf:Description>
        </align:entity2>
        <align:relation>=</align:relation>
      </align:Cell>
    </align:map>`,
  `      <sripas:step sripas:order="1" sripas:cell="c1"/>`,
);

describe('hand-written RDF/XML cells', () => {
  it('converts relative cell ids, typed blank nodes and namespaces declared inside entities to Turtle', async () => {
    const turtle = await convertCellsToTurtle(RELATIVE);
    // Namespaces declared only inside entity content are declared on the root (12.29) ...
    expect(turtle).toMatch(/<rdf:RDF[^>]*xmlns:ex="http:\/\/example.org\/ns#"/);
    expect(turtle).toMatch(/<rdf:RDF[^>]*xmlns:tgt="http:\/\/example.org\/target\/"/);
    // ... and used by the Turtle text; the typed blank node reads as written by hand.
    expect(turtle).toContain('sripas:node_x a ex:Thing ;');
    expect(turtle).toContain('ex:part [ a sripas:node_y ]');
    expect(turtle).toContain('rdf:about="c1"');
    expect(turtle).toContain('<align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">');
    expect(turtle).not.toContain('parseType="Literal"');

    const before = await compileAlignment(RELATIVE);
    const after = await compileAlignment(turtle);
    expect(after.header.cellFormat).toBe('turtle');
    expect([...after.cells.keys()]).toEqual(['c1']);
    expect(after.steps.map((s) => s.cell.id)).toEqual(['c1']);
    const [b, a] = [before.alignment.cells[0]!, after.alignment.cells[0]!];
    expect(a.entity1.length).toBe(6);
    expect(isomorphic(a.entity1, b.entity1)).toBe(true);
    expect(isomorphic(a.entity2, b.entity2)).toBe(true);
    // The literal survived escaping both ways.
    const label = a.entity1.find((q) => q.predicate.value === 'http://example.org/ns#label')!.object as RDF.Literal;
    expect(label.value).toBe('a <b> & "c"\nsecond line');
    expect(label.language).toBe('en');

    // And back: RDF/XML again, same meaning.
    const back = await convertCellsToRdfXml(turtle);
    const again = await compileAlignment(back);
    expect(again.header.cellFormat).toBe('rdfxml');
    expect(isomorphic(again.alignment.cells[0]!.entity1, b.entity1)).toBe(true);
    expect(isomorphic(again.alignment.cells[0]!.entity2, b.entity2)).toBe(true);
    expect(back).toContain('<tgt:shared rdf:nodeID="b0"/>');
  });

  it('inserts the cell format when the document has none, and uses full IRIs where no prefix fits', async () => {
    const doc = RELATIVE.replace('xmlns:tgt="http://example.org/target/"', 'xmlns:tgt="http://example.org/target/" xmlns=""').replace(
      '<tgt:again rdf:nodeID="n1"/>',
      '<tgt:again rdf:nodeID="n1"/><unusual xmlns="http://example.org/odd:" rdf:resource="http://example.org/z"/>',
    );
    const turtle = await convertCellsToTurtle(doc);
    const formatAt = turtle.indexOf('<sripas:cellFormat>');
    expect(formatAt).toBeGreaterThan(0);
    expect(formatAt).toBeLessThan(turtle.indexOf('<align:map>'));
    const compiled = await compileAlignment(turtle);
    expect(isomorphic(compiled.alignment.cells[0]!.entity2, (await compileAlignment(doc)).alignment.cells[0]!.entity2)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Broken input

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the conversion to fail');
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not found: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

const coFiware = readData('alignments/CO_FIWARE.rdf');

describe('broken input', () => {
  it.each([
    ['convertCellsToTurtle', convertCellsToTurtle],
    ['convertCellsToRdfXml', convertCellsToRdfXml],
  ] as const)('%s: not XML is a ParseError with its position', async (_name, convert) => {
    const text = coFiware.replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>SRIPAS</dcelem:creatr>');
    const error = await failure(() => convert(text, { source: 'co.rdf' }));
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe(ErrorCodes.xmlMalformed);
    expect((error as ParseError).line).toBe(lineOf(text, '</dcelem:creatr>'));
    expect((error as ParseError).column).toBeGreaterThan(1);
    expect((error as ParseError).source).toBe('co.rdf');
  });

  const cases: Array<{ name: string; run: () => Promise<unknown>; code: string; line: number | undefined; message: RegExp }> = [
    (() => {
      const text = RELATIVE.replace(
        '<ex:Thing xmlns:ex="http://example.org/ns#" rdf:about="&sripas;node_x">',
        '<ex:Thing xmlns:ex="http://example.org/ns#" rdf:about="&sripas;node_x" rdf:nodeID="n9">',
      );
      return {
        name: 'an RDF/XML cell that is not RDF/XML',
        run: () => convertCellsToTurtle(text),
        code: 'CELL_RDFXML_SYNTAX',
        line: lineOf(text, '<ex:Thing'),
        message: /invalid RDF\/XML in entity1 of cell c1/,
      };
    })(),
    (() => {
      const text = RELATIVE.replace('<align:entity2 rdf:parseType="Literal">', '<align:entity2 rdf:parseType="Literal">ex:a ex:b ex:c .<!-- -->');
      return {
        name: 'an RDF/XML cell holding text and elements',
        run: () => convertCellsToTurtle(text.replace(/<rdf:Description[\s\S]*?<\/rdf:Description>/, '')),
        code: 'CELL_FORMAT_MISMATCH',
        line: lineOf(text, '<align:entity2'),
        message: /holds text/,
      };
    })(),
    (() => {
      const text = coFiware.replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ,, .');
      return {
        name: 'a Turtle cell that is not Turtle',
        run: () => convertCellsToRdfXml(text),
        code: 'CELL_TURTLE_SYNTAX',
        line: lineOf(text, ',, .'),
        message: /invalid Turtle in entity1 of cell cell2_weight/,
      };
    })(),
    (() => {
      const text = coFiware.replace('var:CTX a phd:WeighingScale .', 'var:CTX &lt;http://example.org/123> var:CTY .');
      return {
        name: 'a predicate that is no XML name',
        run: () => convertCellsToRdfXml(text),
        code: 'CONVERSION_FAILED',
        line: lineOf(text, '<align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">\n                    var:CTX &lt;http'),
        message: /<http:\/\/example.org\/123> cannot be written as an XML element name/,
      };
    })(),
    (() => {
      const text = '<Alignment xmlns:s="http://www.inter-iot.eu/sripas#" name="x"/>';
      return { name: 'a legacy document', run: () => convertCellsToTurtle(text), code: 'LEGACY_FORMAT', line: 1, message: /legacy pure-XML alignment/ };
    })(),
    (() => {
      const text = '<?xml version="1.0"?>\n<html><body/></html>';
      return {
        name: 'another XML document',
        run: () => convertCellsToRdfXml(text),
        code: 'NOT_RDF_XML',
        line: 2,
        message: /root element must be rdf:RDF, found <html>/,
      };
    })(),
  ];

  it.each(cases)('$name: CONVERSION_FAILED with the problem and its position', async ({ run, code, line, message }) => {
    const error = await failure(run);
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.code).toBe('CONVERSION_FAILED');
    expect(v.message).toMatch(message);
    expect(v.message).toMatch(/line \d+, column \d+/);
    const first = v.problems[0]!;
    expect(first.code).toBe(code);
    expect(first.severity).toBe('error');
    expect(first.line).toBe(line);
    expect(first.column).toBeGreaterThan(0);
  });
});
