/**
 * Legacy pure-XML alignments (reference-mediator.md 1.8) -> IPSM-AF with RDF/XML cells (6.9). The
 * sample is two CO_FIWARE cells written the legacy way (RDF/XML node elements, `sripas:node_X`
 * resources, a typed blank node); the converted alignment must compile and translate a real
 * message. Broken legacy documents get positioned CONVERSION_FAILED errors.
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError, ValidationError } from '../errors.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, type RDF } from '../rdf/terms.js';
import { readMessage, translateMessage } from '../translation/index.js';
import { readData } from '../../test-support/shared-data.js';
import { LEGACY } from '../../test-support/legacy-alignment.js';
import { compileAlignment } from '../translation/index.js';
import { convertCellsToTurtle } from './convert-cells.js';
import { convertLegacyAlignment } from './convert-legacy.js';

const SRIPAS = 'http://www.inter-iot.eu/sripas#';
const FW = 'http://inter-iot.eu/syntax/FIWAREv2#';
const NOW = new Date('2024-05-06T07:08:09.000Z');

function payload(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload);
}

describe('convertLegacyAlignment', () => {
  const converted = convertLegacyAlignment(LEGACY, { now: NOW });

  it('writes IPSM-AF with RDF/XML cells, pretty-printed, as section 6.9 describes', () => {
    expect(converted.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(converted).toMatch(/\n<rdf:RDF xmlns:sripas="http:\/\/www.inter-iot.eu\/sripas#"/);
    for (const ns of ['xmlns:align=', 'xmlns:dcelem=', 'xmlns:exmo=', 'xmlns:iiot=', 'xmlns:phd=', 'xmlns:hm=']) expect(converted).toContain(ns);
    const expectedLines = [
      '  <align:Alignment>',
      '    <dcelem:title>CO_FIWARE_legacy</dcelem:title>',
      '    <exmo:version>0.5</exmo:version>',
      '    <dcelem:creator>SRIPAS</dcelem:creator>',
      '    <dcelem:description>Two CO_FIWARE cells in the legacy format</dcelem:description>',
      '    <dcelem:date>2024-05-06T07:08:09.000Z</dcelem:date>',
      '      <align:Ontology rdf:about="http://inter-iot.eu/GOIoTPex#">',
      '          <align:Formalism align:name="OWL2.0" align:uri="http://www.w3.org/2002/07/owl#"/>',
      '    <sripas:steps rdf:parseType="Literal">',
      `      <sripas:step sripas:order="1" sripas:cell="${SRIPAS}weight_sensor"/>`,
      '      <iiot:DataFormat rdf:about="http://inter-iot.eu/sripas#rdfxml"/>',
      `      <align:Cell rdf:about="${SRIPAS}weight_sensor">`,
      '        <align:entity1 rdf:parseType="Literal">',
      `          <phd:WeighingScale rdf:about="${SRIPAS}node_CTX"/>`,
      '        <align:relation>=</align:relation>',
      '        <align:measure>1.0</align:measure>',
      '        <sripas:transformation rdf:parseType="Literal">',
      '          <sripas:function about="str">',
      '        <sripas:typings rdf:parseType="Literal">',
    ];
    const lines = converted.split('\n');
    for (const line of expectedLines) expect(lines, line).toContain(line);
    // One align:map per cell, in order; header order as in the reference converter.
    expect(converted.match(/<align:map>/g)?.length).toBe(2);
    const order = [
      '<dcelem:title>',
      '<exmo:version>',
      '<dcelem:creator>',
      '<dcelem:description>',
      '<dcelem:date>',
      '<align:onto1>',
      '<align:onto2>',
      '<sripas:steps',
      '<sripas:cellFormat>',
      '<align:map>',
    ];
    const positions = order.map((tag) => converted.indexOf(tag));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('compiles, and translates weight.UniversAAL_CO.json with both cells firing', async () => {
    const compiled = await compileAlignment(converted, { source: 'converted' });
    expect(compiled.header).toMatchObject({ name: 'CO_FIWARE_legacy', version: '0.5', cellFormat: 'rdfxml', sourceOntology: 'http://inter-iot.eu/GOIoTPex#' });
    expect(compiled.steps.map((s) => s.cell.id)).toEqual(['weight_sensor', 'weight_value']);
    expect(compiled.cells.get('weight_sensor')?.cell.functions.map((f) => f.name)).toEqual(['str']);
    expect(compiled.cells.get('weight_value')?.cell.typings.map((t) => [t.variable, t.datatype])).toEqual([
      ['node_weight', 'http://www.w3.org/2001/XMLSchema#float'],
    ]);

    const result = await translateMessage(readData('messages/weight.UniversAAL_CO.json'), [compiled], { trace: true });
    expect(result.failures).toEqual([]);
    expect(result.trace?.map((t) => [t.cellId, t.inserted > 0])).toEqual([
      ['weight_sensor', true],
      ['weight_value', true],
    ]);
    const out = payload((await readMessage(result.message)).quads);
    expect(out.some((q) => q.predicate.value === `${FW}hasType` && q.object.value === 'WeighingScale')).toBe(true);
    const value = out.find((q) => q.predicate.value === `${FW}hasAttrValue`)?.object as RDF.Literal | undefined;
    expect(value?.datatype.value).toBe('http://www.w3.org/2001/XMLSchema#float');

    // The same alignment with Turtle cells translates identically.
    const turtle = await compileAlignment(await convertCellsToTurtle(converted));
    expect(turtle.header.cellFormat).toBe('turtle');
    const again = await translateMessage(readData('messages/weight.UniversAAL_CO.json'), [turtle]);
    expect(isomorphic(payload((await readMessage(again.message)).quads), out)).toBe(true);
  });

  it('fills the header defaults of the reference when attributes are missing or empty', async () => {
    const text = LEGACY.replace(/name="CO_FIWARE_legacy" version="0.5" creator="SRIPAS"\s+description="[^"]*"/, 'name="" version=" "');
    const out = convertLegacyAlignment(text, { now: NOW });
    const compiled = await compileAlignment(out);
    expect(compiled.header).toMatchObject({
      name: 'new alignment',
      version: '1.0',
      creator: 'IPSM automated converter',
      description: 'Alignment automatically converted from xn XML version into RDF/XML',
    });
  });

  it('picks fresh prefixes when the legacy document binds align or rdf to something else', async () => {
    const text = LEGACY.replace('<Alignment xmlns:sripas', '<Alignment xmlns:align="http://example.org/not-align#" xmlns:sripas').replace(
      '<sripas:Cell id="weight_value">',
      '<sripas:Cell id="weight_value" xmlns:dcelem="http://example.org/not-dc#">',
    );
    const out = convertLegacyAlignment(text, { now: NOW });
    expect(out).toContain('xmlns:align1="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#"');
    expect(out).toContain('xmlns:dcelem1="http://purl.org/dc/elements/1.1/"');
    const compiled = await compileAlignment(out);
    expect(compiled.header.name).toBe('CO_FIWARE_legacy');
    expect(compiled.cells.size).toBe(2);
  });

  it('accepts full sripas IRIs as step references and ids with a colon unchanged', async () => {
    const text = LEGACY.replace('cell="weight_value"', `cell="${SRIPAS}weight_value"`)
      .replace('cell="weight_sensor"', 'cell="urn:cell:sensor"')
      .replace('id="weight_sensor"', 'id="urn:cell:sensor"');
    const compiled = await compileAlignment(convertLegacyAlignment(text, { now: NOW }));
    expect(compiled.steps.map((s) => s.cell.id)).toEqual(['urn:cell:sensor', 'weight_value']);
  });
});

// ---------------------------------------------------------------------------------------------
// Broken input

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not found: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

function failure(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the conversion to fail');
}

interface BrokenCase {
  readonly name: string;
  readonly text: string;
  readonly code: string;
  /** The line the (first) problem must point at: the line of this text in the document. */
  readonly at: string;
  readonly message: RegExp;
}

function broken(name: string, from: string | RegExp, to: string, code: string, at: string, message: RegExp): BrokenCase {
  const text = LEGACY.replace(from, to);
  if (text === LEGACY) throw new Error(`case ${name}: the replacement changed nothing`);
  return { name, text, code, at, message };
}

const CASES: BrokenCase[] = [
  broken(
    'a step naming a missing cell',
    'cell="weight_value"/>',
    'cell="weight_valu"/>',
    'LEGACY_STEP_UNKNOWN_CELL',
    'cell="weight_valu"',
    /names cell "weight_valu", which no <Cell> defines/,
  ),
  broken('a cell without id', '<sripas:Cell id="weight_value">', '<sripas:Cell>', 'LEGACY_CELL_WITHOUT_ID', '<sripas:Cell>', /no id attribute/),
  broken(
    'a duplicate cell id',
    '<sripas:Cell id="weight_value">',
    '<sripas:Cell id="weight_sensor">',
    'LEGACY_DUPLICATE_CELL_ID',
    '<sripas:Cell id="weight_sensor">\n      <sripas:entity1>\n        <hm:',
    /used by more than one cell/,
  ),
  broken('no steps', /<sripas:steps>[\s\S]*<\/sripas:steps>/, '', 'LEGACY_MISSING_ELEMENT', '<Alignment', /has no <steps>/),
  broken('empty steps', /<sripas:steps>[\s\S]*<\/sripas:steps>/, '<sripas:steps/>', 'LEGACY_NO_STEPS', '<sripas:steps/>', /lists no <step>/),
  broken('no cells', /<sripas:map>[\s\S]*<\/sripas:map>/, '<sripas:map></sripas:map>', 'LEGACY_NO_CELLS', '<sripas:map>', /holds no <Cell>/),
  broken(
    'a cell without entity2',
    /<sripas:entity2>\s*<fw:Entity[\s\S]*?<\/sripas:entity2>/,
    '',
    'LEGACY_MISSING_ELEMENT',
    '<sripas:Cell id="weight_sensor">',
    /cell weight_sensor has no <entity2>/,
  ),
  broken(
    'an entity holding text',
    '<phd:WeighingScale rdf:about="&var;CTX"/>',
    'var:CTX a phd:WeighingScale .',
    'LEGACY_ENTITY_TEXT',
    '<sripas:entity1>',
    /must hold RDF\/XML node elements/,
  ),
  broken('a missing ontology', /<sripas:onto2>[\s\S]*?<\/sripas:onto2>/, '', 'LEGACY_MISSING_ELEMENT', '<Alignment', /has no <onto2>/),
  broken(
    'an ontology without about',
    'about="http://inter-iot.eu/onto/syntax/FIWAREv2#"',
    'iri="x"',
    'LEGACY_ONTOLOGY_WITHOUT_ABOUT',
    '<sripas:Ontology iri',
    /no about attribute/,
  ),
  broken(
    'an unknown element in a cell',
    '<sripas:measure>1.0</sripas:measure>',
    '<sripas:weight>1.0</sripas:weight>',
    'LEGACY_UNEXPECTED_ELEMENT',
    '<sripas:weight>',
    /unexpected element <sripas:weight> in cell weight_value/,
  ),
  broken(
    'a cell outside the sripas namespace',
    '<sripas:Cell id="weight_value">',
    '<sripas:Cell xmlns:sripas="urn:other" id="weight_value">',
    'LEGACY_WRONG_NAMESPACE',
    '<sripas:Cell xmlns:sripas',
    /must be in the sripas namespace/,
  ),
  broken(
    'a function outside the sripas namespace',
    '<sripas:function about="str">',
    '<sripas:function xmlns:sripas="urn:x" about="str">',
    'LEGACY_WRONG_NAMESPACE',
    '<sripas:function xmlns',
    /would be ignored/,
  ),
  broken(
    'a root in a namespace',
    '<Alignment xmlns:sripas',
    '<Alignment xmlns="urn:legacy" xmlns:sripas',
    'NOT_LEGACY_FORMAT',
    '<Alignment',
    /root element must be <Alignment> in no namespace/,
  ),
  {
    name: 'an IPSM-AF document',
    text: readData('alignments/CO_FIWARE.rdf'),
    code: 'NOT_LEGACY_FORMAT',
    at: '<rdf:RDF',
    message: /already an IPSM-AF alignment/,
  },
];

describe('broken legacy documents', () => {
  it.each(CASES)('$name: CONVERSION_FAILED with the problem at its line', ({ text, code, at, message }) => {
    const error = failure(() => convertLegacyAlignment(text, { now: NOW, source: 'legacy.xml' }));
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v.code).toBe('CONVERSION_FAILED');
    expect(v.message).toMatch(message);
    expect(v.message).toMatch(/^cannot convert the legacy alignment: line \d+, column \d+: /);
    const first = v.problems[0]!;
    expect(first.code).toBe(code);
    expect(first.line).toBe(lineOf(text, at));
    expect(first.column).toBeGreaterThan(0);
  });

  it('reports every problem, not just the first', () => {
    const text = LEGACY.replace('cell="weight_value"/>', 'cell="nope"/>').replace('<sripas:Cell id="weight_sensor">', '<sripas:Cell>');
    const v = failure(() => convertLegacyAlignment(text)) as ValidationError;
    expect(v.problems.map((p) => p.code).sort()).toEqual(['LEGACY_CELL_WITHOUT_ID', 'LEGACY_STEP_UNKNOWN_CELL', 'LEGACY_STEP_UNKNOWN_CELL']);
  });

  it('not XML is a ParseError with its position', () => {
    const text = LEGACY.replace('</sripas:relation>', '</sripas:relatio>');
    const error = failure(() => convertLegacyAlignment(text, { source: 'legacy.xml' }));
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe(ErrorCodes.xmlMalformed);
    expect((error as ParseError).line).toBe(lineOf(text, '</sripas:relatio>'));
    expect((error as ParseError).source).toBe('legacy.xml');
  });

  it('an entity that is not RDF/XML converts, and compiling says where it is', async () => {
    const text = LEGACY.replace('<phd:WeighingScale rdf:about="&var;CTX"/>', '<phd:WeighingScale rdf:about="&var;CTX" rdf:nodeID="x"/>');
    const out = convertLegacyAlignment(text, { now: NOW });
    const error = await compileAlignment(out).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    const problem = (error as ValidationError).problems.find((p) => p.code === 'CELL_RDFXML_SYNTAX');
    expect(problem?.cellId).toBe('weight_sensor');
    expect(problem?.line).toBe(lineOf(out, '<phd:WeighingScale'));
  });
});
