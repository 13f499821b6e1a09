/**
 * Conversion of a legacy pure-XML alignment (IPSM <= 0.5.4.2; reference-mediator.md section 1.8)
 * into IPSM-AF with RDF/XML cells, as `POST /convert` would have done (section 6.9). The
 * reference's version always failed (its XML Schema was missing, section 12 item 12); this one
 * checks the structure itself and reports every problem with its position.
 *
 * Legacy shape: root `Alignment` in no namespace with attributes name, version, creator,
 * description; children in the sripas namespace: onto1/onto2 -> Ontology@about -> formalism ->
 * Formalism@name@uri; steps/step@order@cell; map/Cell@id with entity1/entity2 (RDF/XML node
 * elements), relation, measure, transformation, typings, filters.
 *
 * Differences from the reference, on purpose: cell ids are rewritten to
 * `http://www.inter-iot.eu/sripas#<id>` in the cells and steps the converter writes, not by a
 * textual replace over the whole document (which also changed matching `rdf:about`/`rdf:resource`
 * values inside entity content, turning constants into variables); `dcelem:date` is ISO 8601.
 */
import { ProblemCodes } from '../problem-codes.js';
import { NS } from '../rdf/terms.js';
import { attribute, copyElement, element, parseXml, serializeDocument, text, type XmlDocument, type XmlElement, type XmlNode } from '../xml/index.js';
import { CELL_FORMAT_IRIS, ensurePrefix } from './convert-support.js';
import { SRIPAS_BASE } from './model.js';
import { ProblemList } from './problem-list.js';
import { cellIdFromIri, resolveAgainstSripas } from './read-alignment.js';

export interface ConvertLegacyOptions {
  /** Time written to `dcelem:date` (default: now). */
  readonly now?: Date;
  /** Names the input in XML parse errors (a file name, `upload`, ...). */
  readonly source?: string;
}

/** Header defaults of the reference converter (section 6.9). */
const DEFAULTS = {
  name: 'new alignment',
  version: '1.0',
  creator: 'IPSM automated converter',
  // Sic: "xn XML version" is the reference's text.
  description: 'Alignment automatically converted from xn XML version into RDF/XML',
} as const;

const CELL_CHILDREN = ['entity1', 'entity2', 'relation', 'measure', 'transformation', 'typings', 'filters'] as const;
type CellChild = (typeof CELL_CHILDREN)[number];

/** Characters that cannot be part of a cell IRI. */
const BAD_ID = /[\s<>"{}|^`\\]/;

/** Attribute by local name: the unprefixed one, else one in any namespace (the reference re-added attributes by local name). */
function localAttr(el: XmlElement, local: string): string | undefined {
  const plain = el.attrAny(local);
  if (plain !== undefined) return plain;
  return el.attributes.find((a) => a.local === local)?.value;
}

/** A copy of the element's namespace declarations, for a new element to carry. */
function declarationsOf(el: XmlElement): Record<string, string> {
  return Object.assign(Object.create(null) as Record<string, string>, el.namespaceDeclarations);
}

function hasText(el: XmlElement): boolean {
  return el.children.some((c) => c.kind === 'text' && c.text.trim() !== '');
}

class LegacyReader {
  readonly problems = new ProblemList();

  /** Child elements, each checked to be a sripas element with one of the allowed local names. */
  children(parent: XmlElement, allowed: readonly string[], where: string): XmlElement[] {
    const out: XmlElement[] = [];
    for (const child of parent.elements()) {
      if (!allowed.includes(child.local)) {
        this.problems.error(ProblemCodes.legacyUnexpectedElement, `unexpected element <${child.qname}> in ${where} (expected ${allowed.join(', ')})`, child);
      } else if (child.uri !== NS.sripas) {
        this.problems.error(
          ProblemCodes.legacyWrongNamespace,
          `<${child.qname}> must be in the sripas namespace ${NS.sripas} (found ${child.uri === '' ? 'no namespace' : child.uri})`,
          child,
        );
      } else {
        out.push(child);
      }
    }
    if (hasText(parent)) {
      const t = parent.children.find((c) => c.kind === 'text' && c.text.trim() !== '');
      this.problems.error(ProblemCodes.legacyUnexpectedText, `unexpected text in ${where}`, t ?? parent);
    }
    return out;
  }

  /** At most one (or exactly one when required) of the elements named `local`. */
  single(found: readonly XmlElement[], local: string, parent: XmlElement, where: string, required: boolean): XmlElement | undefined {
    const matching = found.filter((e) => e.local === local);
    const first = matching[0];
    if (first === undefined && required) this.problems.error(ProblemCodes.legacyMissingElement, `${where} has no <${local}>`, parent);
    for (const extra of matching.slice(1)) this.problems.error(ProblemCodes.legacyRepeatedElement, `${where} has more than one <${local}>`, extra);
    return first;
  }

  /**
   * Descendants of a transformation/typings/filters block whose local name the reader matches
   * only in the sripas namespace: elsewhere they would be silently ignored.
   */
  checkNamespaces(el: XmlElement, names: readonly string[], cellId: string): void {
    for (const child of el.elements()) {
      if (names.includes(child.local) && child.uri !== NS.sripas) {
        this.problems.error(
          ProblemCodes.legacyWrongNamespace,
          `<${child.qname}> in cell ${cellId} must be in the sripas namespace ${NS.sripas}, or it would be ignored`,
          child,
          cellId,
        );
      }
      this.checkNamespaces(child, names, cellId);
    }
  }
}

interface Prefixes {
  readonly rdf: string;
  readonly align: string;
  readonly sripas: string;
  readonly iiot: string;
  readonly dc: string;
  readonly exmo: string;
}

/**
 * Legacy pure-XML alignment -> IPSM-AF with RDF/XML cells, pretty-printed (2-space indent) with an
 * XML declaration. Throws ParseError for malformed XML and ValidationError (code CONVERSION_FAILED,
 * one problem per finding, with line and column) when the document is not a well-formed legacy
 * alignment. Callers should still compile the result: entity RDF/XML syntax is checked then.
 */
export function convertLegacyAlignment(xml: string, options: ConvertLegacyOptions = {}): string {
  const doc = parseXml(xml, options.source === undefined ? {} : { source: options.source });
  const legacy = doc.root;
  const r = new LegacyReader();
  const problems = r.problems;
  if (!(legacy.local === 'Alignment' && legacy.uri === '')) {
    problems.error(
      ProblemCodes.notLegacyFormat,
      legacy.uri === NS.rdf && legacy.local === 'RDF'
        ? 'this file is already an IPSM-AF alignment (root rdf:RDF), not a legacy one: to change its cell format, use "Convert to Turtle cells" in the workbench, `mediator convert FILE --turtle`, or POST /convert/TTL (POST /convert/RDFXML back)'
        : `not a legacy alignment: the root element must be <Alignment> in no namespace, found <${legacy.qname}>${legacy.uri === '' ? '' : ` in namespace ${legacy.uri}`}`,
      legacy,
    );
    problems.throwIfAny('cannot convert the legacy alignment');
  }

  // ---- read and check
  const top = r.children(legacy, ['onto1', 'onto2', 'steps', 'map'], '<Alignment>');
  const onto1 = readOntology(r, top, legacy, 'onto1');
  const onto2 = readOntology(r, top, legacy, 'onto2');
  const cells = readCells(r, top, legacy);
  const stepsEl = r.single(top, 'steps', legacy, '<Alignment>', true);
  const steps = stepsEl === undefined ? [] : readSteps(r, stepsEl, cells);
  problems.throwIfAny('cannot convert the legacy alignment');

  // ---- write
  const w = new LegacyWriter(doc.namespaceDeclarations, legacy);
  const alignment = element(`${w.p.align}:Alignment`);
  w.root.children.push(alignment);
  alignment.children.push(...w.header(legacy, options.now ?? new Date()));
  for (const [local, o] of [
    ['onto1', onto1],
    ['onto2', onto2],
  ] as const) {
    if (o !== undefined) alignment.children.push(w.ontology(local, o));
  }
  if (stepsEl !== undefined) alignment.children.push(w.steps(stepsEl, steps));
  alignment.children.push(element(`${w.p.sripas}:cellFormat`, [], [element(`${w.p.iiot}:DataFormat`, [w.rdfAttr('about', CELL_FORMAT_IRIS.rdfxml)])]));
  for (const cell of cells) alignment.children.push(w.cell(cell));
  return serializeDocument(w.root, doc.entities);
}

interface LegacyOntology {
  readonly holder: XmlElement;
  readonly ontology: XmlElement;
  readonly about: string;
  readonly formalism: XmlElement | undefined;
}

interface LegacyCell {
  readonly el: XmlElement;
  readonly map: XmlElement;
  readonly id: string;
  readonly parts: Partial<Record<CellChild, XmlElement>>;
}

interface LegacyStep {
  readonly el: XmlElement;
  readonly cell: string;
  readonly order: string | undefined;
}

/** A cell's IRI: a legacy id with a colon is already one, else it is local to sripas. */
function cellIri(id: string): string {
  return id.includes(':') ? id : `${SRIPAS_BASE}${id}`;
}

/** The id the IPSM-AF reader will derive from a cell IRI. */
function readerId(value: string): string {
  return cellIdFromIri(resolveAgainstSripas(value));
}

function readOntology(r: LegacyReader, top: readonly XmlElement[], legacy: XmlElement, local: 'onto1' | 'onto2'): LegacyOntology | undefined {
  const holder = r.single(top, local, legacy, '<Alignment>', true);
  if (holder === undefined) return undefined;
  const ontology = r.single(r.children(holder, ['Ontology'], `<${holder.qname}>`), 'Ontology', holder, `<${holder.qname}>`, true);
  if (ontology === undefined) return undefined;
  const about = localAttr(ontology, 'about')?.trim();
  if (about === undefined || about === '') {
    r.problems.error(ProblemCodes.legacyOntologyWithoutAbout, `the Ontology of ${local} has no about attribute (the ontology IRI)`, ontology);
    return undefined;
  }
  const formalismHolder = r.single(r.children(ontology, ['formalism'], `<${ontology.qname}>`), 'formalism', ontology, `<${ontology.qname}>`, false);
  const formalism =
    formalismHolder === undefined
      ? undefined
      : r.single(r.children(formalismHolder, ['Formalism'], `<${formalismHolder.qname}>`), 'Formalism', formalismHolder, `<${formalismHolder.qname}>`, true);
  return { holder, ontology, about, formalism };
}

function readCells(r: LegacyReader, top: readonly XmlElement[], legacy: XmlElement): LegacyCell[] {
  const problems = r.problems;
  const cells: LegacyCell[] = [];
  const maps = top.filter((e) => e.local === 'map');
  if (maps.length === 0) problems.error(ProblemCodes.legacyNoCells, 'the alignment has no <map> with cells', legacy);
  const cellAt = new Map<string, XmlElement>();
  for (const map of maps) {
    const cellEls = r.children(map, ['Cell'], `<${map.qname}>`);
    if (cellEls.length === 0) problems.error(ProblemCodes.legacyNoCells, `<${map.qname}> holds no <Cell>`, map);
    for (const cellEl of cellEls) {
      const id = localAttr(cellEl, 'id')?.trim();
      if (id === undefined || id === '') {
        problems.error(ProblemCodes.legacyCellWithoutId, 'a <Cell> has no id attribute, so no step can name it', cellEl);
        continue;
      }
      if (BAD_ID.test(id)) {
        problems.error(ProblemCodes.legacyBadCellId, `cell id "${id}" cannot be part of an IRI (no spaces, <, >, quotes, braces, |, ^, \` or \\)`, cellEl, id);
        continue;
      }
      const previous = cellAt.get(id);
      if (previous !== undefined) {
        problems.error(
          ProblemCodes.legacyDuplicateCellId,
          `cell id ${id} is used by more than one cell (first at line ${previous.line}, column ${previous.column})`,
          cellEl,
          id,
        );
        continue;
      }
      cellAt.set(id, cellEl);
      cells.push({ el: cellEl, map, id, parts: readCellParts(r, cellEl, id) });
    }
  }
  return cells;
}

function readCellParts(r: LegacyReader, cellEl: XmlElement, id: string): Partial<Record<CellChild, XmlElement>> {
  const problems = r.problems;
  const where = `cell ${id}`;
  const found = r.children(cellEl, CELL_CHILDREN, where);
  const parts: Partial<Record<CellChild, XmlElement>> = {};
  for (const local of CELL_CHILDREN) {
    const el = r.single(found, local, cellEl, where, local === 'entity1' || local === 'entity2');
    if (el !== undefined) parts[local] = el;
  }
  for (const label of ['entity1', 'entity2'] as const) {
    const entity = parts[label];
    if (entity !== undefined && hasText(entity)) {
      problems.error(ProblemCodes.legacyEntityText, `${label} of cell ${id} must hold RDF/XML node elements, not text`, entity, id);
    }
  }
  for (const label of ['relation', 'measure'] as const) {
    const el = parts[label];
    if (el !== undefined && el.elements().length > 0)
      problems.error(ProblemCodes.legacyUnexpectedElement, `${label} of cell ${id} must hold text only`, el, id);
  }
  if (parts.transformation !== undefined) r.checkNamespaces(parts.transformation, ['function', 'param', 'return'], id);
  if (parts.filters !== undefined) r.checkNamespaces(parts.filters, ['filter'], id);
  return parts;
}

function readSteps(r: LegacyReader, stepsEl: XmlElement, cells: readonly LegacyCell[]): LegacyStep[] {
  const problems = r.problems;
  const knownIds = new Set(cells.map((c) => readerId(cellIri(c.id))));
  const legacyIds = new Set(cells.map((c) => c.id));
  const steps: LegacyStep[] = [];
  const stepEls = r.children(stepsEl, ['step'], `<${stepsEl.qname}>`);
  if (stepEls.length === 0) problems.error(ProblemCodes.legacyNoSteps, `<${stepsEl.qname}> lists no <step>, so nothing would run`, stepsEl);
  for (const stepEl of stepEls) {
    const ref = localAttr(stepEl, 'cell')?.trim();
    if (ref === undefined || ref === '') {
      problems.error(ProblemCodes.legacyStepWithoutCell, 'a <step> has no cell attribute naming the cell to run', stepEl);
      continue;
    }
    const cell = legacyIds.has(ref) ? cellIri(ref) : ref;
    if (!knownIds.has(readerId(cell))) {
      problems.error(ProblemCodes.legacyStepUnknownCell, `a <step> names cell "${ref}", which no <Cell> defines`, stepEl, ref);
      continue;
    }
    steps.push({ el: stepEl, cell, order: localAttr(stepEl, 'order') });
  }
  return steps;
}

/** Writes the IPSM-AF elements standing for the legacy ones, under one rdf:RDF root. */
class LegacyWriter {
  readonly root: XmlElement;
  readonly p: Prefixes;

  constructor(documentDeclarations: XmlDocument['namespaceDeclarations'], legacy: XmlElement) {
    const root = element('', [], [], declarationsOf(legacy));
    this.p = {
      rdf: ensurePrefix(root, NS.rdf, 'rdf', documentDeclarations),
      align: ensurePrefix(root, NS.align, 'align', documentDeclarations),
      sripas: ensurePrefix(root, NS.sripas, 'sripas', documentDeclarations),
      iiot: ensurePrefix(root, NS.iiot, 'iiot', documentDeclarations),
      dc: ensurePrefix(root, NS.dc, 'dcelem', documentDeclarations),
      exmo: ensurePrefix(root, NS.exmo, 'exmo', documentDeclarations),
    };
    // Named only now: its prefix is chosen among the declarations it carries.
    Object.assign(root, { qname: `${this.p.rdf}:RDF`, prefix: this.p.rdf, local: 'RDF', uri: NS.rdf });
    this.root = root;
  }

  rdfAttr(local: string, value: string): ReturnType<typeof attribute> {
    return attribute(this.p.rdf, NS.rdf, local, value);
  }

  literalType(): ReturnType<typeof attribute> {
    return this.rdfAttr('parseType', 'Literal');
  }

  /** A new element standing for a legacy one: its namespace declarations come along, so names inside keep their meaning. */
  from(legacyEl: XmlElement, qname: string, attributes: ReturnType<typeof attribute>[] = [], children: XmlNode[] = []): XmlElement {
    return element(qname, attributes, children, declarationsOf(legacyEl));
  }

  copies(legacyEl: XmlElement): XmlNode[] {
    return legacyEl.children.map((c) => (c.kind === 'text' ? text(c.text) : copyElement(c)));
  }

  header(legacy: XmlElement, now: Date): XmlElement[] {
    const p = this.p;
    const value = (local: 'name' | 'version' | 'creator' | 'description'): string => {
      const given = legacy.attrAny(local)?.trim();
      return given === undefined || given === '' ? DEFAULTS[local] : given;
    };
    return [
      element(`${p.dc}:title`, [], [text(value('name'))]),
      element(`${p.exmo}:version`, [], [text(value('version'))]),
      element(`${p.dc}:creator`, [], [text(value('creator'))]),
      element(`${p.dc}:description`, [], [text(value('description'))]),
      // The reference wrote Java's Date.toString() here ("Sun Jan 20 21:30:50 CET 2019"); the field
      // is informative, ISO 8601 is unambiguous.
      element(`${p.dc}:date`, [], [text(now.toISOString())]),
    ];
  }

  ontology(local: 'onto1' | 'onto2', o: LegacyOntology): XmlElement {
    const p = this.p;
    const ontology = this.from(o.ontology, `${p.align}:Ontology`, [this.rdfAttr('about', o.about)]);
    if (o.formalism !== undefined) {
      const attributes = [];
      const name = localAttr(o.formalism, 'name');
      const uri = localAttr(o.formalism, 'uri');
      if (name !== undefined) attributes.push(attribute(p.align, NS.align, 'name', name));
      if (uri !== undefined) attributes.push(attribute(p.align, NS.align, 'uri', uri));
      const holder = o.formalism.parent;
      const formalism = this.from(o.formalism, `${p.align}:Formalism`, attributes);
      ontology.children.push(holder === undefined ? formalism : this.from(holder, `${p.align}:formalism`, [], [formalism]));
    }
    return this.from(o.holder, `${p.align}:${local}`, [], [ontology]);
  }

  steps(stepsEl: XmlElement, steps: readonly LegacyStep[]): XmlElement {
    const p = this.p;
    return this.from(
      stepsEl,
      `${p.sripas}:steps`,
      [this.literalType()],
      steps.map((s) =>
        this.from(s.el, `${p.sripas}:step`, [
          ...(s.order === undefined ? [] : [attribute(p.sripas, NS.sripas, 'order', s.order)]),
          attribute(p.sripas, NS.sripas, 'cell', s.cell),
        ]),
      ),
    );
  }

  /** The cell inside its own align:map, as the legacy cell sat in its map. */
  cell(cell: LegacyCell): XmlElement {
    const p = this.p;
    const out = this.from(cell.el, `${p.align}:Cell`, [this.rdfAttr('about', cellIri(cell.id))]);
    for (const local of CELL_CHILDREN) {
      const part = cell.parts[local];
      if (part === undefined) continue;
      switch (local) {
        case 'entity1':
        case 'entity2':
          out.children.push(
            this.from(
              part,
              `${p.align}:${local}`,
              [this.literalType()],
              part.elements().map((e) => copyElement(e)),
            ),
          );
          break;
        case 'relation':
        case 'measure':
          out.children.push(this.from(part, `${p.align}:${local}`, [], [text(part.text().trim())]));
          break;
        default:
          out.children.push(this.from(part, `${p.sripas}:${local}`, [this.literalType()], this.copies(part)));
      }
    }
    return this.from(cell.map, `${p.align}:map`, [], [out]);
  }
}
