/**
 * Reading the W3C test suites' files: manifests (Turtle, mf:/qt: vocabulary), data (Turtle or
 * N-Triples) and expected results (.srx XML, .srj JSON, or a Turtle result set in the rs:
 * vocabulary). Terms come out as the core's RDF/JS terms, language tags in lower case (the data's
 * parser lowers them, and tags compare without case).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Parser } from 'n3';
import { SaxesParser } from 'saxes';
import { factory, NS, type RDF } from '../../common/rdf/terms.js';

const MF = 'http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#';
const QT = 'http://www.w3.org/2001/sw/DataAccess/tests/test-query#';
const RS = 'http://www.w3.org/2001/sw/DataAccess/tests/result-set#';
const RDF_TYPE = `${NS.rdf}type`;

export interface ManifestTest {
  /** `folder/name`, e.g. `functions/if01`. */
  readonly id: string;
  readonly type: string;
  readonly query?: string;
  readonly data: readonly string[];
  readonly graphData: readonly string[];
  readonly result?: string;
}

/** A solution: variable name -> term. */
export type Solution = ReadonlyMap<string, RDF.Term>;
export type Results = { readonly kind: 'boolean'; readonly value: boolean } | { readonly kind: 'solutions'; readonly solutions: readonly Solution[] };

function own(t: RDF.Term): RDF.Term {
  if (t.termType === 'Literal')
    return t.language !== '' ? factory.literal(t.value, t.language.toLowerCase()) : factory.literal(t.value, factory.namedNode(t.datatype.value));
  return (factory.fromTerm as (x: RDF.Term) => RDF.Term)(t);
}

export function readTurtle(file: string): RDF.Quad[] {
  const parser = new Parser({ baseIRI: pathToFileURL(file).href, format: file.endsWith('.nt') ? 'N-Triples' : 'Turtle' });
  return parser
    .parse(readFileSync(file, 'utf8'))
    .map((q) => factory.quad(own(q.subject) as RDF.Quad_Subject, own(q.predicate) as RDF.Quad_Predicate, own(q.object) as RDF.Quad_Object));
}

function objects(quads: readonly RDF.Quad[], s: RDF.Term, p: string): RDF.Term[] {
  return quads.filter((q) => q.subject.equals(s) && q.predicate.value === p).map((q) => q.object);
}

function rdfList(quads: readonly RDF.Quad[], head: RDF.Term): RDF.Term[] {
  const out: RDF.Term[] = [];
  for (let node = head; node.value !== `${NS.rdf}nil`;) {
    const first = objects(quads, node, `${NS.rdf}first`)[0];
    const rest = objects(quads, node, `${NS.rdf}rest`)[0];
    if (first === undefined || rest === undefined) break;
    out.push(first);
    node = rest;
  }
  return out;
}

const pathOf = (t: RDF.Term | undefined): string | undefined => (t?.termType === 'NamedNode' ? fileURLToPath(t.value) : undefined);

/** The tests of a manifest, in its mf:entries order. */
export function readManifest(file: string, folder: string): ManifestTest[] {
  const quads = readTurtle(file);
  const manifest = quads.find((q) => q.predicate.value === RDF_TYPE && q.object.value === `${MF}Manifest`)?.subject;
  const entries = manifest === undefined ? [] : objects(quads, manifest, `${MF}entries`).flatMap((head) => rdfList(quads, head));
  return entries.map((entry) => {
    const action = objects(quads, entry, `${MF}action`)[0];
    const isFile = action?.termType === 'NamedNode';
    const name = entry.value.replace(/^.*[#/]/, '');
    const query = isFile ? pathOf(action) : pathOf(objects(quads, action!, `${QT}query`)[0]);
    return {
      id: `${folder}/${name}`,
      type: (objects(quads, entry, RDF_TYPE)[0]?.value ?? '').replace(MF, 'mf:'),
      ...(query === undefined ? {} : { query }),
      data: isFile || action === undefined ? [] : objects(quads, action, `${QT}data`).map((t) => pathOf(t)!),
      graphData: isFile || action === undefined ? [] : objects(quads, action, `${QT}graphData`).map((t) => pathOf(t)!),
      ...(objects(quads, entry, `${MF}result`)[0] === undefined ? {} : { result: pathOf(objects(quads, entry, `${MF}result`)[0]) }),
    };
  });
}

function readSrx(text: string): Results {
  const parser = new SaxesParser({ xmlns: false });
  const solutions: Array<Map<string, RDF.Term>> = [];
  let boolean: boolean | undefined;
  let current: Map<string, RDF.Term> | undefined;
  let binding = '';
  let element: { name: string; attributes: Record<string, string> } | undefined;
  let text_ = '';
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>;
    if (tag.name === 'result') current = new Map();
    else if (tag.name === 'binding') binding = attributes.name ?? '';
    else if (['uri', 'literal', 'bnode', 'boolean'].includes(tag.name)) {
      element = { name: tag.name, attributes };
      text_ = '';
    }
  });
  parser.on('text', (t) => (text_ += t));
  parser.on('closetag', (tag) => {
    if (tag.name === 'result' && current !== undefined) solutions.push(current);
    else if (tag.name === 'boolean') boolean = text_.trim() === 'true';
    else if (element !== undefined && tag.name === element.name && current !== undefined) {
      const a = element.attributes;
      const term =
        tag.name === 'uri'
          ? factory.namedNode(text_.trim())
          : tag.name === 'bnode'
            ? factory.blankNode(text_.trim())
            : a['xml:lang'] !== undefined
              ? factory.literal(text_, a['xml:lang'].toLowerCase())
              : factory.literal(text_, factory.namedNode(a.datatype ?? `${NS.xsd}string`));
      current.set(binding, term);
      element = undefined;
    }
  });
  parser.write(text).close();
  return boolean === undefined ? { kind: 'solutions', solutions } : { kind: 'boolean', value: boolean };
}

interface SrjTerm {
  type: string;
  value: string;
  datatype?: string;
  'xml:lang'?: string;
}

/** SPARQL 1.1 JSON results (`.srj`, and what the Jena runner prints). */
export function readSrj(text: string): Results {
  const json = JSON.parse(text) as { boolean?: boolean; results?: { bindings: Array<Record<string, SrjTerm>> } };
  if (json.boolean !== undefined) return { kind: 'boolean', value: json.boolean };
  const term = (t: SrjTerm): RDF.Term => {
    if (t.type === 'uri') return factory.namedNode(t.value);
    if (t.type === 'bnode') return factory.blankNode(t.value);
    if (t['xml:lang'] !== undefined) return factory.literal(t.value, t['xml:lang'].toLowerCase());
    return factory.literal(t.value, factory.namedNode(t.datatype ?? `${NS.xsd}string`));
  };
  return { kind: 'solutions', solutions: (json.results?.bindings ?? []).map((b) => new Map(Object.entries(b).map(([k, v]) => [k, term(v)]))) };
}

/** A result set written in RDF (the DAWG rs: vocabulary), or undefined when the file is a graph. */
function readRdfResults(file: string): Results | undefined {
  const quads = readTurtle(file);
  const set = quads.find((q) => q.predicate.value === RDF_TYPE && q.object.value === `${RS}ResultSet`)?.subject;
  if (set === undefined) return undefined;
  const boolean = objects(quads, set, `${RS}boolean`)[0];
  if (boolean !== undefined) return { kind: 'boolean', value: boolean.value === 'true' };
  const solutions = objects(quads, set, `${RS}solution`).map((s) => {
    const solution = new Map<string, RDF.Term>();
    for (const b of objects(quads, s, `${RS}binding`)) {
      const variable = objects(quads, b, `${RS}variable`)[0];
      const value = objects(quads, b, `${RS}value`)[0];
      if (variable !== undefined && value !== undefined) solution.set(variable.value, value);
    }
    return solution;
  });
  return { kind: 'solutions', solutions };
}

/** The expected results of a test, or undefined when they are a graph (CONSTRUCT). */
export function readResults(file: string): Results | undefined {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.srx')) return readSrx(text);
  if (file.endsWith('.srj')) return readSrj(text);
  return readRdfResults(file);
}
