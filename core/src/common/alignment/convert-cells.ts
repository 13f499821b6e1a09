/**
 * Cell-format conversion of IPSM-AF alignments (reference-mediator.md section 6.9,
 * `POST /convert/TTL`, and its reverse, which the reference implemented but did not expose).
 *
 * `convertCellsToTurtle`: RDF/XML cells (`rdf:parseType="Literal"` entity content) become Turtle
 * cells (`rdf:datatype` xsd:string text). `convertCellsToRdfXml`: the reverse. Everything else in the
 * document keeps its meaning; the document is re-serialised (2-space indent, comments dropped,
 * entity references expanded). Fixes over the reference (section 12, items 12 and 29): cells are
 * found in the XML, not matched by IRI, so relative cell ids work; namespaces declared only inside
 * an RDF/XML entity (and lost with it) are declared on the root when the Turtle text needs them.
 */
import { ErrorCodes, type Problem } from '../errors.js';
import { ProblemCodes } from '../problem-codes.js';
import { NS, XSD_STRING, type RDF } from '../rdf/terms.js';
import {
  attribute,
  copyElement,
  element,
  parseXml,
  removeAttributes,
  serializeDocument,
  serializeNodes,
  text,
  type XmlDocument,
  type XmlElement,
} from '../xml/index.js';
import { CELL_FORMAT_IRIS, declaredPrefixes, documentPrefixMap, ensureCorePrefixes, freshPrefix, type CorePrefixes } from './convert-support.js';
import { ProblemList } from './problem-list.js';
import { RdfXmlWriteError, RdfXmlWriter, TurtleWriter } from './convert-writers.js';
import { parseRdfXmlEntity, parseTurtleEntity } from './entity-patterns.js';
import type { CellFormat, EntitySource } from './model.js';
import { cellIdFromIri, resolveAgainstSripas } from './read-alignment.js';

export interface ConvertCellsOptions {
  /** Names the input in XML parse errors (a file name, `upload`, ...). */
  readonly source?: string;
}

/** One `align:entity1`/`align:entity2` element of a cell. */
interface EntityRef {
  readonly cellId: string;
  readonly label: 'entity1' | 'entity2';
  readonly el: XmlElement;
}

function is(el: XmlElement, uri: string, local: string): boolean {
  return el.uri === uri && el.local === local;
}

function attr(el: XmlElement, uri: string, local: string): string | undefined {
  return el.attr(uri, local) ?? el.attrAny(local);
}

/** The align:Alignment element of an IPSM-AF document, or a CONVERSION_FAILED error. */
function alignmentElement(doc: XmlDocument): XmlElement {
  const root = doc.root;
  const problems = new ProblemList();
  if (root.local === 'Alignment' && root.uri === '') {
    problems.error(
      ProblemCodes.legacyFormat,
      'this file is a legacy pure-XML alignment: convert it to IPSM-AF first (the workbench\'s "Convert to IPSM-AF", `mediator convert FILE`, or POST /convert)',
      root,
    );
  } else if (!is(root, NS.rdf, 'RDF')) {
    problems.error(ProblemCodes.notRdfXml, `not an IPSM-AF alignment: the root element must be rdf:RDF, found <${root.qname}>`, root);
  } else {
    const alignment = root.elements().find((e) => is(e, NS.align, 'Alignment'));
    if (alignment !== undefined) return alignment;
    problems.error(ProblemCodes.noAlignment, 'not an IPSM-AF alignment: no align:Alignment element under rdf:RDF', root);
  }
  problems.throwIfAny('cannot convert the alignment');
  throw new Error('unreachable');
}

/** Cell format as the reader decides it (section 1.3): the local name of the format IRI; default RDF/XML. */
function cellFormatOf(alignment: XmlElement): CellFormat {
  const formatEl = alignment.elements().find((e) => is(e, NS.sripas, 'cellFormat'));
  if (formatEl === undefined) return 'rdfxml';
  const iri =
    formatEl
      .elements()
      .map((e) => attr(e, NS.rdf, 'about'))
      .find((v) => v !== undefined) ?? formatEl.attr(NS.rdf, 'resource');
  return iri !== undefined && iri.replace(/^.*[#/]/, '') === 'turtle' ? 'turtle' : 'rdfxml';
}

function entities(alignment: XmlElement): EntityRef[] {
  const out: EntityRef[] = [];
  for (const map of alignment.elements().filter((e) => is(e, NS.align, 'map'))) {
    for (const cell of map.elements().filter((e) => is(e, NS.align, 'Cell'))) {
      const about = attr(cell, NS.rdf, 'about')?.trim();
      const cellId = about === undefined || about === '' ? `(cell at line ${cell.line})` : cellIdFromIri(resolveAgainstSripas(about));
      for (const el of cell.elements()) {
        if (is(el, NS.align, 'entity1')) out.push({ cellId, label: 'entity1', el });
        else if (is(el, NS.align, 'entity2')) out.push({ cellId, label: 'entity2', el });
      }
    }
  }
  return out;
}

interface Prepared {
  readonly doc: XmlDocument;
  readonly root: XmlElement;
  readonly copies: Map<XmlElement, XmlElement>;
  readonly alignment: XmlElement;
  readonly entities: EntityRef[];
}

function prepare(doc: XmlDocument, alignment: XmlElement): Prepared {
  const copies = new Map<XmlElement, XmlElement>();
  const root = copyElement(doc.root, (source, copy) => copies.set(source, copy));
  return { doc, root, copies, alignment, entities: entities(alignment) };
}

function copyOf(p: Prepared, el: XmlElement): XmlElement {
  const copy = p.copies.get(el);
  if (copy === undefined) throw new Error(`internal: no copy of <${el.qname}>`);
  return copy;
}

/** Sets `sripas:cellFormat/iiot:DataFormat rdf:about`, creating it before the first align:map if missing. */
function setCellFormat(p: Prepared, core: CorePrefixes, format: CellFormat): void {
  const dataFormat = element(`${core.iiot}:DataFormat`, [attribute(core.rdf, NS.rdf, 'about', CELL_FORMAT_IRIS[format])]);
  const existing = p.alignment.elements().find((e) => is(e, NS.sripas, 'cellFormat'));
  if (existing !== undefined) {
    const copy = copyOf(p, existing);
    removeAttributes(copy, NS.rdf, 'resource');
    copy.children = [dataFormat];
    return;
  }
  const cellFormat = element(`${core.sripas}:cellFormat`, [], [dataFormat]);
  const alignmentCopy = copyOf(p, p.alignment);
  const firstMap = p.alignment.elements().find((e) => is(e, NS.align, 'map'));
  const at = firstMap === undefined ? -1 : alignmentCopy.children.indexOf(copyOf(p, firstMap));
  if (at === -1) alignmentCopy.children.push(cellFormat);
  else alignmentCopy.children.splice(at, 0, cellFormat);
}

function hasText(el: XmlElement): boolean {
  return el.children.some((c) => c.kind === 'text' && c.text.trim() !== '');
}

function mismatch(problems: ProblemList, e: EntityRef, holds: string, declared: string): void {
  problems.error(
    ProblemCodes.cellFormatMismatch,
    `align:${e.label} of cell ${e.cellId} holds ${holds}, but the alignment's cellFormat is ${declared}`,
    e.el,
    e.cellId,
  );
}

function errorsOf(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === 'error');
}

/** Turtle prefix names the reader can declare (as entity-patterns.ts filters them). */
const TURTLE_PREFIX = /^([A-Za-z\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*[\w\-\u00B7\u00C0-\uFFFF]|[A-Za-z\u00C0-\uFFFF])?$/;

/** A short prefix name suggested by a namespace IRI (`http://www.w3.org/ns/sosa/` -> `sosa`). */
function suggestPrefix(ns: string): string {
  const segment = ns
    .replace(/[#/:]+$/, '')
    .replace(/^.*[#/:]/, '')
    .replace(/\.[A-Za-z]+$/, '');
  const name = segment.replace(/[^A-Za-z0-9_]/g, '').slice(0, 12);
  return /^[A-Za-z]/.test(name) ? name : 'ns';
}

function iriTermsOf(quads: readonly RDF.Quad[]): string[] {
  const out: string[] = [];
  for (const q of quads) {
    for (const t of [q.subject, q.predicate, q.object]) {
      if (t.termType === 'NamedNode') out.push(t.value);
      else if (t.termType === 'Literal') out.push(t.datatype.value);
    }
  }
  return out;
}

/** Namespace declarations made inside the entity's content (not on the entity element itself). */
function innerDeclarations(el: XmlElement, out: Array<[string, string]> = []): Array<[string, string]> {
  for (const child of el.elements()) {
    for (const prefix in child.namespaceDeclarations) out.push([prefix, child.namespaceDeclarations[prefix] ?? '']);
    innerDeclarations(child, out);
  }
  return out;
}

/**
 * RDF/XML cells -> Turtle cells. A document that already has Turtle cells is returned unchanged
 * (byte for byte). Throws ParseError for malformed XML, ValidationError (CONVERSION_FAILED) when
 * the document is not IPSM-AF or a cell entity is not valid RDF/XML.
 */
export async function convertCellsToTurtle(xml: string, options: ConvertCellsOptions = {}): Promise<string> {
  const doc = parseXml(xml, options.source === undefined ? {} : { source: options.source });
  const alignment = alignmentElement(doc);
  if (cellFormatOf(alignment) === 'turtle') return xml;
  const p = prepare(doc, alignment);

  const problems = new ProblemList();
  const parsed: Array<{ e: EntityRef; quads: RDF.Quad[] }> = [];
  for (const e of p.entities) {
    if (e.el.elements().length === 0 && hasText(e.el)) {
      mismatch(problems, e, 'text', 'RDF/XML (or not declared, which means RDF/XML)');
      continue;
    }
    const first = e.el.elements()[0] ?? e.el;
    const source: EntitySource = { format: 'rdfxml', text: serializeNodes(e.el.elements()), line: first.line, column: first.column };
    const result = await parseRdfXmlEntity(source, e.cellId, e.label);
    problems.add(errorsOf(result.problems));
    parsed.push({ e, quads: result.quads });
  }
  problems.throwIfAny('cannot convert the cells to Turtle');

  // Entity content goes; so do the namespace declarations inside it.
  for (const { e } of parsed) copyOf(p, e.el).children = [];
  const core = ensureCorePrefixes(p.root);

  // Section 12.29: a namespace declared only inside an entity's content would be lost; declare it
  // on the root (under a name nobody else uses) when the cell's IRIs need it.
  let prefixMap = documentPrefixMap(p.root);
  for (const { e, quads } of parsed) {
    const iris = iriTermsOf(quads);
    for (const [prefix, ns] of innerDeclarations(e.el)) {
      if (ns === '' || [...prefixMap.values()].includes(ns) || !iris.some((i) => i.startsWith(ns))) continue;
      const name = freshPrefix(prefix === '' || !TURTLE_PREFIX.test(prefix) ? suggestPrefix(ns) : prefix, declaredPrefixes(p.root));
      p.root.namespaceDeclarations[name] = ns;
      prefixMap = documentPrefixMap(p.root);
    }
  }
  const usable = [...prefixMap.entries()].filter(([prefix, iri]) => TURTLE_PREFIX.test(prefix) && !/[<>"{}|^`\\\s]/.test(iri));
  const writer = new TurtleWriter(usable);

  for (const { e, quads } of parsed) {
    const copy = copyOf(p, e.el);
    removeAttributes(copy, NS.rdf, 'parseType');
    removeAttributes(copy, NS.rdf, 'datatype');
    copy.attributes.push(attribute(core.rdf, NS.rdf, 'datatype', XSD_STRING));
    const turtle = writer.write(quads);
    copy.children = turtle === '' ? [] : [text(turtle, true)];
  }
  setCellFormat(p, core, 'turtle');
  return serializeDocument(p.root, doc.entities);
}

/**
 * Turtle cells -> RDF/XML cells (`rdf:parseType="Literal"` node elements). A document that already
 * has RDF/XML cells is returned unchanged. Sripas IRIs stay IRIs (`rdf:about="...sripas#node_x"`);
 * the reader makes them variables in both formats. Errors as for convertCellsToTurtle.
 */
export async function convertCellsToRdfXml(xml: string, options: ConvertCellsOptions = {}): Promise<string> {
  const doc = parseXml(xml, options.source === undefined ? {} : { source: options.source });
  const alignment = alignmentElement(doc);
  if (cellFormatOf(alignment) === 'rdfxml') return xml;
  const p = prepare(doc, alignment);

  // The prefix map Turtle cells are read with: every xmlns declaration, later ones winning.
  const readerPrefixes = new Map<string, string>();
  for (const { prefix, uri } of doc.namespaceDeclarations) readerPrefixes.set(prefix, uri);
  const prefixList = [...readerPrefixes.entries()] as Array<readonly [string, string]>;

  const problems = new ProblemList();
  const parsed: Array<{ e: EntityRef; quads: RDF.Quad[] }> = [];
  for (const e of p.entities) {
    if (e.el.elements().length > 0) {
      mismatch(problems, e, 'XML elements', 'Turtle');
      continue;
    }
    const firstText = e.el.children.find((c) => c.kind === 'text');
    const at = firstText ?? e.el;
    const source: EntitySource = { format: 'turtle', text: e.el.text(), line: at.line, column: at.column };
    const result = parseTurtleEntity(source, prefixList, e.cellId, e.label);
    problems.add(errorsOf(result.problems));
    parsed.push({ e, quads: result.quads });
  }
  problems.throwIfAny('cannot convert the cells to RDF/XML');

  const core = ensureCorePrefixes(p.root);
  const taken = new Set(declaredPrefixes(p.root).keys());
  for (const { e, quads } of parsed) {
    const copy = copyOf(p, e.el);
    removeAttributes(copy, NS.rdf, 'datatype');
    removeAttributes(copy, NS.rdf, 'parseType');
    copy.attributes.push(attribute(core.rdf, NS.rdf, 'parseType', 'Literal'));
    // Element names use the prefixes in scope at the entity; new ones are declared on it.
    const scope = new Map<string, string>();
    for (const prefix in e.el.namespacesInScope) {
      const uri = e.el.namespacesInScope[prefix];
      if (prefix !== '' && prefix !== 'xml' && uri !== undefined) scope.set(prefix, uri);
    }
    for (const [prefix, uri] of Object.entries(p.root.namespaceDeclarations)) if (prefix !== '' && !scope.has(prefix)) scope.set(prefix, uri);
    const qname = (ns: string, local: string): string => {
      for (const [prefix, uri] of scope) if (uri === ns) return `${prefix}:${local}`;
      const name = freshPrefix(suggestPrefix(ns), taken);
      taken.add(name);
      scope.set(name, ns);
      copy.namespaceDeclarations[name] = ns;
      return `${name}:${local}`;
    };
    try {
      copy.children = new RdfXmlWriter({ rdf: core.rdf, qname }).write(quads);
    } catch (error) {
      if (!(error instanceof RdfXmlWriteError)) throw error;
      problems.error(ErrorCodes.conversionFailed, `align:${e.label} of cell ${e.cellId}: ${error.message}`, e.el, e.cellId);
    }
  }
  problems.throwIfAny('cannot convert the cells to RDF/XML');
  setCellFormat(p, core, 'rdfxml');
  return serializeDocument(p.root, doc.entities);
}
