/**
 * Reads an IPSM-AF alignment document (reference-mediator.md sections 1.1-1.7) into the model.
 * Structure problems are collected, not thrown, so validation can list every one of them with its
 * position; only XML that is not well-formed (or hostile) throws.
 */
import { ParseError } from '../errors.js';
import { ProblemCodes } from '../problem-codes.js';
import { NS } from '../rdf/terms.js';
import { parseXml, serializeNodes, type XmlDocument, type XmlElement, type XmlLimits } from '../xml/index.js';
import { parseRdfXmlEntity, parseTurtleEntity } from './entity-patterns.js';
import {
  SRIPAS_BASE,
  type Alignment,
  type AlignmentHeader,
  type Cell,
  type CellFormat,
  type CellFunction,
  type DatatypeConstraint,
  type EntitySource,
  type FunctionParam,
  type ReadResult,
  type Step,
} from './model.js';
import { ProblemList } from './problem-list.js';

export interface ReadOptions {
  /** A file name or label used in error messages. */
  readonly source?: string;
  readonly limits?: Partial<XmlLimits>;
}

const INTER_IOT_ROOT = 'http://www.inter-iot.eu/';

/** Resolves an `rdf:about`-style value against the sripas base, as RDF/XML parsing would. */
export function resolveAgainstSripas(value: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) return value;
  try {
    return new URL(value, SRIPAS_BASE).href;
  } catch {
    return value;
  }
}

/**
 * Cell id from a cell IRI: the sripas namespace removed, else the `http://www.inter-iot.eu/` root
 * (section 1.6), so `sripas#c1`, `#c1` and a relative `c1` all name cell `c1`.
 */
export function cellIdFromIri(iri: string): string {
  if (iri.startsWith(SRIPAS_BASE) && iri.length > SRIPAS_BASE.length) return iri.slice(SRIPAS_BASE.length);
  if (iri.startsWith(INTER_IOT_ROOT) && iri.length > INTER_IOT_ROOT.length) return iri.slice(INTER_IOT_ROOT.length);
  return iri;
}

/** Variable name of a sripas IRI (`...sripas#node_x` -> `node_x`), undefined for other IRIs. */
export function sripasLocal(iri: string): string | undefined {
  return iri.startsWith(SRIPAS_BASE) && iri.length > SRIPAS_BASE.length ? iri.slice(SRIPAS_BASE.length) : undefined;
}

function is(el: XmlElement, uri: string, local: string): boolean {
  return el.uri === uri && el.local === local;
}

/** Namespaced attribute if present, else the unprefixed one of the same local name (section 1.6). */
function attribute(el: XmlElement, uri: string, local: string): string | undefined {
  return el.attr(uri, local) ?? el.attrAny(local);
}

/** Parses the XML; throws ParseError for malformed or hostile XML. */
export function parseAlignmentXml(text: string, options: ReadOptions = {}): XmlDocument {
  return parseXml(text, {
    ...(options.source === undefined ? {} : { source: options.source }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
  });
}

export async function readAlignment(text: string, options: ReadOptions = {}): Promise<ReadResult> {
  const doc = parseAlignmentXml(text, options);
  return readAlignmentDocument(doc);
}

export async function readAlignmentDocument(doc: XmlDocument): Promise<ReadResult> {
  const problems = new ProblemList();
  const root = doc.root;
  if (root.local === 'Alignment' && root.uri === '') {
    problems.error(
      ProblemCodes.legacyFormat,
      'this file is an alignment in the legacy pure-XML format: convert it to IPSM-AF first (the workbench\'s "Convert to IPSM-AF", `mediator convert FILE`, or POST /convert)',
      root,
    );
    return { alignment: undefined, problems: problems.items };
  }
  if (!is(root, NS.rdf, 'RDF')) {
    problems.error(ProblemCodes.notRdfXml, `the root element must be rdf:RDF, found <${root.qname}>`, root);
    return { alignment: undefined, problems: problems.items };
  }
  const alignments = root.elements().filter((e) => is(e, NS.align, 'Alignment'));
  const alignmentEl = alignments[0];
  if (alignmentEl === undefined) {
    problems.error(ProblemCodes.noAlignment, 'no align:Alignment element under rdf:RDF', root);
    return { alignment: undefined, problems: problems.items };
  }
  for (const extra of alignments.slice(1)) {
    problems.error(ProblemCodes.multipleAlignments, 'only one align:Alignment per document is supported', extra);
  }

  const prefixMap = new Map<string, string>();
  for (const { prefix, uri } of doc.namespaceDeclarations) prefixMap.set(prefix, uri);
  const prefixes = [...prefixMap.entries()] as Array<readonly [string, string]>;

  const header = readHeader(alignmentEl, problems);
  const steps = readSteps(alignmentEl, problems);
  const cells = await readCells(alignmentEl, header.cellFormat, prefixes, problems);
  checkReferences(steps, cells, problems, alignmentEl);

  const alignment: Alignment = { header, prefixes, steps, cells };
  return { alignment, problems: problems.items };
}

/** Text of the single child element `uri`/`local`; problems for missing or repeated ones (SHACL shape, section 2.1). */
function singleText(parent: XmlElement, uri: string, local: string, label: string, problems: ProblemList, required = true): string {
  const found = parent.elements().filter((e) => is(e, uri, local));
  const first = found[0];
  if (first === undefined) {
    if (required) problems.error(ProblemCodes.headerMissing, `the alignment has no ${label}`, parent);
    return '';
  }
  for (const extra of found.slice(1)) problems.error(ProblemCodes.headerRepeated, `${label} is given more than once`, extra);
  return first.text().trim();
}

function ontology(parent: XmlElement, local: 'onto1' | 'onto2', problems: ProblemList): string {
  const holders = parent.elements().filter((e) => is(e, NS.align, local));
  const holder = holders[0];
  if (holder === undefined) {
    problems.error(ProblemCodes.headerMissing, `the alignment has no align:${local}`, parent);
    return '';
  }
  for (const extra of holders.slice(1)) problems.error(ProblemCodes.headerRepeated, `align:${local} is given more than once`, extra);
  const onto = holder.elements().find((e) => e.local === 'Ontology');
  const about = onto === undefined ? undefined : attribute(onto, NS.rdf, 'about');
  if (about === undefined) {
    // The reference also accepted `rdf:resource` on the property element through RDF/XML.
    const resource = holder.attr(NS.rdf, 'resource');
    if (resource !== undefined) return resource;
    problems.error(ProblemCodes.headerMissing, `align:${local} must hold an align:Ontology with rdf:about`, holder);
    return '';
  }
  return about;
}

function readHeader(el: XmlElement, problems: ProblemList): AlignmentHeader {
  const name = singleText(el, NS.dc, 'title', 'dcelem:title (the alignment name)', problems);
  const version = singleText(el, NS.exmo, 'version', 'exmo:version', problems);
  const creator = singleText(el, NS.dc, 'creator', 'dcelem:creator', problems);
  const description = singleText(el, NS.dc, 'description', 'dcelem:description', problems);
  const date = singleText(el, NS.dc, 'date', 'dcelem:date', problems, false);
  const sourceOntology = ontology(el, 'onto1', problems);
  const targetOntology = ontology(el, 'onto2', problems);
  if (name === '' && el.elements().some((e) => is(e, NS.dc, 'title'))) {
    problems.error(ProblemCodes.headerEmpty, 'dcelem:title (the alignment name) is empty', el);
  }
  if (version === '' && el.elements().some((e) => is(e, NS.exmo, 'version'))) {
    problems.error(ProblemCodes.headerEmpty, 'exmo:version is empty', el);
  }
  let cellFormat: CellFormat = 'rdfxml';
  const formats = el.elements().filter((e) => is(e, NS.sripas, 'cellFormat'));
  for (const extra of formats.slice(1)) problems.error(ProblemCodes.headerRepeated, 'sripas:cellFormat is given more than once', extra);
  const formatEl = formats[0];
  if (formatEl !== undefined) {
    const formatIri =
      formatEl
        .elements()
        .map((e) => attribute(e, NS.rdf, 'about'))
        .find((v) => v !== undefined) ?? formatEl.attr(NS.rdf, 'resource');
    // Section 1.3: only the local name of the format individual decides.
    const local = formatIri === undefined ? '' : formatIri.replace(/^.*[#/]/, '');
    if (local === 'turtle') cellFormat = 'turtle';
    else if (local !== 'rdfxml') {
      problems.warning(ProblemCodes.cellFormatUnknown, `unknown sripas:cellFormat ${formatIri ?? '(none)'}; cells are read as RDF/XML`, formatEl);
    }
  }
  return { name, version, creator, description, date, sourceOntology, targetOntology, cellFormat };
}

function readSteps(el: XmlElement, problems: ProblemList): Step[] {
  const stepsEls = el.elements().filter((e) => e.local === 'steps');
  const stepsEl = stepsEls[0];
  if (stepsEl === undefined) {
    problems.error(ProblemCodes.stepsMissing, 'the alignment has no sripas:steps, so nothing would run', el);
    return [];
  }
  for (const extra of stepsEls.slice(1)) problems.error(ProblemCodes.headerRepeated, 'sripas:steps is given more than once', extra);
  const steps: Step[] = [];
  for (const stepEl of stepsEl.elements()) {
    if (!is(stepEl, NS.sripas, 'step')) {
      problems.warning(ProblemCodes.stepsUnknownElement, `<${stepEl.qname}> inside sripas:steps is ignored`, stepEl);
      continue;
    }
    const cell = attribute(stepEl, NS.sripas, 'cell');
    if (cell === undefined || cell.trim() === '') {
      problems.error(ProblemCodes.stepWithoutCell, 'a sripas:step has no sripas:cell attribute', stepEl);
      continue;
    }
    steps.push({
      cellId: cellIdFromIri(resolveAgainstSripas(cell.trim())),
      order: attribute(stepEl, NS.sripas, 'order'),
      line: stepEl.line,
      column: stepEl.column,
    });
  }
  if (steps.length === 0) problems.warning(ProblemCodes.stepsEmpty, 'sripas:steps lists no step, so nothing runs', stepsEl);
  // Section 1.5 / 12.8: document order runs; say so when the order attributes disagree.
  let previous = -Infinity;
  for (const step of steps) {
    const n = step.order === undefined ? NaN : Number(step.order);
    if (Number.isNaN(n)) continue;
    if (n < previous) {
      problems.warning(
        ProblemCodes.stepOrderIgnored,
        `step for cell ${step.cellId} has order ${step.order}, lower than an earlier step; steps run in document order`,
        step,
        step.cellId,
      );
    } else if (n === previous) {
      problems.warning(
        ProblemCodes.stepOrderDuplicate,
        `step for cell ${step.cellId} repeats order ${step.order}; steps run in document order`,
        step,
        step.cellId,
      );
    }
    previous = n;
  }
  return steps;
}

async function readCells(el: XmlElement, format: CellFormat, prefixes: ReadonlyArray<readonly [string, string]>, problems: ProblemList): Promise<Cell[]> {
  const cells: Cell[] = [];
  const seen = new Map<string, XmlElement>();
  const maps = el.elements().filter((e) => is(e, NS.align, 'map'));
  if (maps.length === 0) problems.error(ProblemCodes.cellsMissing, 'the alignment has no align:map cells', el);
  for (const map of maps) {
    const cellEls = map.elements();
    if (cellEls.length === 0) problems.error(ProblemCodes.cellMissing, 'align:map holds no align:Cell', map);
    for (const cellEl of cellEls) {
      if (!is(cellEl, NS.align, 'Cell')) {
        problems.error(ProblemCodes.cellNotAlignCell, `align:map must hold align:Cell, found <${cellEl.qname}>`, cellEl);
        continue;
      }
      const about = attribute(cellEl, NS.rdf, 'about');
      if (about === undefined || about.trim() === '') {
        problems.error(ProblemCodes.cellWithoutId, 'an align:Cell has no rdf:about, so no step can name it', cellEl);
        continue;
      }
      const iri = resolveAgainstSripas(about.trim());
      const id = cellIdFromIri(iri);
      const previous = seen.get(id);
      if (previous !== undefined) {
        problems.error(ProblemCodes.cellDuplicateId, `cell id ${id} is used by more than one cell (first at line ${previous.line})`, cellEl, id);
        continue;
      }
      seen.set(id, cellEl);
      const cell = await readCell(cellEl, id, iri, format, prefixes, problems);
      if (cell !== undefined) cells.push(cell);
    }
  }
  return cells;
}

function entitySource(entityEl: XmlElement, format: CellFormat): EntitySource {
  if (format === 'turtle') {
    const firstText = entityEl.children.find((c) => c.kind === 'text');
    const at = firstText ?? entityEl;
    return { format, text: entityEl.text(), line: at.line, column: at.column };
  }
  const firstChild = entityEl.elements()[0];
  const at = firstChild ?? entityEl;
  return { format, text: serializeNodes(entityEl.elements()), line: at.line, column: at.column };
}

async function readCell(
  cellEl: XmlElement,
  id: string,
  iri: string,
  format: CellFormat,
  prefixes: ReadonlyArray<readonly [string, string]>,
  problems: ProblemList,
): Promise<Cell | undefined> {
  const entities: Partial<Record<'entity1' | 'entity2', { source: EntitySource; quads: Cell['entity1'] }>> = {};
  for (const label of ['entity1', 'entity2'] as const) {
    const found = cellEl.elements().filter((e) => is(e, NS.align, label));
    const entityEl = found[0];
    if (entityEl === undefined) {
      problems.error(ProblemCodes.cellEntityMissing, `cell ${id} has no align:${label}`, cellEl, id);
      continue;
    }
    for (const extra of found.slice(1)) problems.error(ProblemCodes.cellEntityRepeated, `cell ${id} has more than one align:${label}`, extra, id);
    const hasElements = entityEl.elements().length > 0;
    if (format === 'turtle' && hasElements) {
      problems.error(
        ProblemCodes.cellFormatMismatch,
        `align:${label} of cell ${id} holds XML elements, but the alignment's cellFormat is Turtle`,
        entityEl,
        id,
      );
      continue;
    }
    if (format === 'rdfxml' && !hasElements && entityEl.text().trim() !== '') {
      problems.error(
        ProblemCodes.cellFormatMismatch,
        `align:${label} of cell ${id} holds text, but the alignment's cellFormat is RDF/XML (declare sripas:cellFormat turtle)`,
        entityEl,
        id,
      );
      continue;
    }
    const source = entitySource(entityEl, format);
    const parsed = format === 'turtle' ? parseTurtleEntity(source, prefixes, id, label) : await parseRdfXmlEntity(source, id, label);
    problems.items.push(...parsed.problems);
    entities[label] = { source, quads: parsed.quads };
  }

  const functions = readFunctions(cellEl, id, problems);
  const typings = readConstraints(cellEl, 'typings', 'typing', id, problems, false);
  const filters = readConstraints(cellEl, 'filters', 'filter', id, problems, true);
  const relationEl = cellEl.elements().find((e) => e.local === 'relation');
  const measureEl = cellEl.elements().find((e) => e.local === 'measure');
  const e1 = entities.entity1;
  const e2 = entities.entity2;
  if (e1 === undefined || e2 === undefined) return undefined;
  return {
    id,
    iri,
    line: cellEl.line,
    column: cellEl.column,
    entity1: e1.quads,
    entity2: e2.quads,
    entity1Source: e1.source,
    entity2Source: e2.source,
    relation: relationEl?.text().trim(),
    measure: measureEl?.text().trim(),
    functions,
    typings,
    filters,
  };
}

function descendants(el: XmlElement, predicate: (e: XmlElement) => boolean, out: XmlElement[] = []): XmlElement[] {
  for (const child of el.elements()) {
    if (predicate(child)) out.push(child);
    else descendants(child, predicate, out);
  }
  return out;
}

function variableOf(value: string | undefined): string | undefined {
  return value === undefined ? undefined : sripasLocal(resolveAgainstSripas(value.trim()));
}

/** SPARQL VARNAME: what a sripas local name must look like to be a variable. */
const VARNAME = /^[A-Za-z0-9_\u00B7\u00C0-\uFFFF]+$/;

function checkVariableName(name: string, at: { line: number; column: number }, cellId: string, problems: ProblemList): void {
  if (!VARNAME.test(name)) {
    problems.error(ProblemCodes.cellBadVariable, `sripas:${name} cannot be a SPARQL variable name (letters, digits and _ only)`, at, cellId);
  }
}

function readFunctions(cellEl: XmlElement, cellId: string, problems: ProblemList): CellFunction[] {
  const holders = cellEl.elements().filter((e) => e.local === 'transformation');
  const out: CellFunction[] = [];
  for (const holder of holders) {
    for (const fnEl of descendants(holder, (e) => is(e, NS.sripas, 'function'))) {
      const name = attribute(fnEl, NS.sripas, 'about');
      if (name === undefined || name.trim() === '') {
        problems.error(ProblemCodes.functionWithoutName, 'a sripas:function has no about attribute naming the function', fnEl, cellId);
        continue;
      }
      const params: FunctionParam[] = [];
      let broken = false;
      for (const paramEl of fnEl.elements().filter((e) => is(e, NS.sripas, 'param'))) {
        const orderText = attribute(paramEl, NS.sripas, 'order');
        const about = attribute(paramEl, NS.sripas, 'about');
        const val = attribute(paramEl, NS.sripas, 'val');
        if (orderText === undefined) {
          // The reference silently dropped such parameters (section 3.4); say so.
          problems.warning(
            ProblemCodes.paramWithoutOrder,
            `a parameter of ${name} has no order attribute and is ignored, as in the reference mediator`,
            paramEl,
            cellId,
          );
          continue;
        }
        const order = Number(orderText.trim());
        if (!Number.isInteger(order)) {
          problems.error(ProblemCodes.paramBadOrder, `parameter order "${orderText}" of ${name} is not an integer`, paramEl, cellId);
          broken = true;
          continue;
        }
        if (about !== undefined) {
          const variable = variableOf(about);
          if (variable === undefined) {
            problems.error(
              ProblemCodes.paramNotVariable,
              `parameter ${order} of ${name} refers to ${about}, which is not a sripas variable IRI`,
              paramEl,
              cellId,
            );
            broken = true;
            continue;
          }
          checkVariableName(variable, paramEl, cellId, problems);
          params.push({ kind: 'variable', order, variable });
        } else if (val !== undefined) {
          params.push({ kind: 'value', order, value: val, datatype: attribute(paramEl, NS.sripas, 'datatype') });
        } else {
          problems.warning(
            ProblemCodes.paramEmpty,
            `parameter ${order} of ${name} has neither about nor val and is ignored, as in the reference mediator`,
            paramEl,
            cellId,
          );
        }
      }
      params.sort((a, b) => a.order - b.order);
      const returns = fnEl.elements().filter((e) => is(e, NS.sripas, 'return'));
      const returnEl = returns[0];
      if (returnEl === undefined) {
        problems.error(ProblemCodes.functionWithoutReturn, `function ${name} has no sripas:return, so its result goes nowhere`, fnEl, cellId);
        continue;
      }
      for (const extra of returns.slice(1))
        problems.error(ProblemCodes.functionReturnRepeated, `function ${name} has more than one sripas:return`, extra, cellId);
      const result = variableOf(attribute(returnEl, NS.sripas, 'about'));
      if (result === undefined) {
        problems.error(ProblemCodes.returnNotVariable, `the sripas:return of ${name} must name a sripas variable IRI`, returnEl, cellId);
        continue;
      }
      checkVariableName(result, returnEl, cellId, problems);
      if (broken) continue;
      out.push({ name: name.trim(), params, result, line: fnEl.line, column: fnEl.column });
    }
  }
  return out;
}

function readConstraints(
  cellEl: XmlElement,
  holderLocal: 'typings' | 'filters',
  itemLocal: 'typing' | 'filter',
  cellId: string,
  problems: ProblemList,
  itemNeedsSripasNs: boolean,
): DatatypeConstraint[] {
  const out: DatatypeConstraint[] = [];
  for (const holder of cellEl.elements().filter((e) => e.local === holderLocal)) {
    const items = descendants(holder, (e) => e.local === itemLocal && (!itemNeedsSripasNs || e.uri === NS.sripas));
    for (const item of items) {
      const about = attribute(item, NS.sripas, 'about');
      const datatype = attribute(item, NS.sripas, 'datatype');
      if (about === undefined || datatype === undefined || datatype.trim() === '') {
        problems.error(ProblemCodes.constraintIncomplete, `sripas:${itemLocal} needs both about and datatype`, item, cellId);
        continue;
      }
      const variable = variableOf(about);
      if (variable === undefined) {
        // Section 3.3: typings on non-sripas IRIs are ignored by the reference.
        problems.warning(ProblemCodes.constraintNotVariable, `sripas:${itemLocal} about ${about} is not a sripas variable and is ignored`, item, cellId);
        continue;
      }
      out.push({ variable, datatype: datatype.trim(), line: item.line, column: item.column });
    }
  }
  return out;
}

function checkReferences(steps: readonly Step[], cells: readonly Cell[], problems: ProblemList, el: XmlElement): void {
  const ids = new Set(cells.map((c) => c.id));
  for (const step of steps) {
    if (!ids.has(step.cellId)) {
      problems.error(ProblemCodes.stepUnknownCell, `a step names cell ${step.cellId}, which the alignment does not define`, step, step.cellId);
    }
  }
  const used = new Set(steps.map((s) => s.cellId));
  for (const cell of cells) {
    if (!used.has(cell.id)) problems.warning(ProblemCodes.cellNeverUsed, `cell ${cell.id} is not named by any step, so it never runs`, cell, cell.id);
  }
  void el;
}

/** Throws a ParseError-compatible error for callers that want the first fatal XML problem only. */
export function isParseError(error: unknown): error is ParseError {
  return error instanceof ParseError;
}
