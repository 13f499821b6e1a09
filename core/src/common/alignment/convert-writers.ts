/**
 * Writers for the triples of one cell entity, used by the cell-format converter
 * (convert-cells.ts): Turtle text (prefixed names from the document's prefixes, no `@prefix`
 * lines, since a Turtle cell gets the document's xmlns prefixes prepended when read) and RDF/XML
 * node elements (the content of an `rdf:parseType="Literal"` entity).
 *
 * Both nest a blank node that is the object of exactly one triple inside that triple (`[ ... ]`,
 * a nested node element), so `[ a sripas:node_y ]` and `<sripas:node_y/>` come out as written by
 * hand; other blank nodes get labels (`_:b0`, `rdf:nodeID="b0"`). Sripas IRIs stay IRIs: the
 * reader turns them into variables in both formats.
 */
import { NS, RDF_LANG_STRING, RDF_TYPE, XSD_STRING, escapeLiteral, type RDF } from '../rdf/terms.js';
import { attribute, element, text, type XmlElement } from '../xml/index.js';
import { isNcName } from './convert-support.js';

/** Subjects in order of first appearance with their triples, and how often each blank node is an object. */
class EntityGraph {
  readonly bySubject = new Map<string, { subject: RDF.Quad['subject']; quads: RDF.Quad[] }>();
  private readonly references = new Map<string, number>();
  private readonly labels = new Map<string, string>();
  /** Blank nodes already written (or being written) in full. */
  readonly written = new Set<string>();

  constructor(quads: readonly RDF.Quad[]) {
    for (const q of quads) {
      const key = subjectKey(q.subject);
      let group = this.bySubject.get(key);
      if (group === undefined) this.bySubject.set(key, (group = { subject: q.subject, quads: [] }));
      group.quads.push(q);
      if (q.object.termType === 'BlankNode') this.references.set(q.object.value, (this.references.get(q.object.value) ?? 0) + 1);
    }
  }

  referencesTo(blank: string): number {
    return this.references.get(blank) ?? 0;
  }

  quadsOf(blank: string): RDF.Quad[] {
    return this.bySubject.get(`_:${blank}`)?.quads ?? [];
  }

  /** Whether this blank-node object is written nested at its only reference (now). */
  nestHere(blank: string): boolean {
    return this.referencesTo(blank) === 1 && !this.written.has(blank);
  }

  label(blank: string): string {
    let label = this.labels.get(blank);
    if (label === undefined) this.labels.set(blank, (label = `b${this.labels.size}`));
    return label;
  }

  /**
   * Top-level statements in order: IRI subjects, unreferenced blank nodes and blank nodes with
   * several references. Blank nodes left over afterwards are on reference cycles; `rest` gives
   * them, one at a time, after the others were written.
   */
  *roots(): Generator<{ subject: RDF.Quad['subject']; quads: RDF.Quad[] }> {
    for (const group of this.bySubject.values()) {
      const s = group.subject;
      if (s.termType !== 'BlankNode' || this.referencesTo(s.value) !== 1) yield group;
    }
    for (const group of this.bySubject.values()) {
      const s = group.subject;
      if (s.termType === 'BlankNode' && !this.written.has(s.value)) yield group;
    }
  }
}

function subjectKey(term: RDF.Term): string {
  return term.termType === 'BlankNode' ? `_:${term.value}` : term.value;
}

/** Objects grouped by predicate, predicates in order of first appearance. */
function byPredicate(quads: readonly RDF.Quad[]): Array<{ predicate: RDF.Quad['predicate']; objects: Array<RDF.Quad['object']> }> {
  const groups = new Map<string, { predicate: RDF.Quad['predicate']; objects: Array<RDF.Quad['object']> }>();
  for (const q of quads) {
    let g = groups.get(q.predicate.value);
    if (g === undefined) groups.set(q.predicate.value, (g = { predicate: q.predicate, objects: [] }));
    g.objects.push(q.object);
  }
  return [...groups.values()];
}

// ---------------------------------------------------------------------------------------------
// Turtle

/** A local name written after `prefix:` without escapes (conservative PN_LOCAL). */
const SAFE_LOCAL = /^[A-Za-z0-9_](?:[A-Za-z0-9_.-]*[A-Za-z0-9_-])?$/;
/** Characters IRIREF does not allow; written as \u escapes. */
// eslint-disable-next-line no-control-regex -- IRIREF (Turtle, section 6.5) excludes U+0000-U+0020
const IRI_ESCAPE = /[\u0000-\u0020<>"{}|^`\\]/g;

export class TurtleWriter {
  /** Longest namespace first, so `var:CTX` wins over `sripas:node_CTX`; non-empty names before ''. */
  private readonly prefixes: Array<readonly [string, string]>;

  /** `prefixes`: (name, IRI) pairs the reader of the text will declare. */
  constructor(prefixes: Iterable<readonly [string, string]>) {
    this.prefixes = [...prefixes].filter(([, iri]) => iri !== '').sort((a, b) => b[1].length - a[1].length || (a[0] === '' ? 1 : 0) - (b[0] === '' ? 1 : 0));
  }

  iri(value: string): string {
    for (const [prefix, ns] of this.prefixes) {
      if (value.length > ns.length && value.startsWith(ns)) {
        const local = value.slice(ns.length);
        if (SAFE_LOCAL.test(local)) return `${prefix}:${local}`;
      }
    }
    return `<${value.replace(IRI_ESCAPE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`)}>`;
  }

  /** A literal in Turtle, its datatype prefixed (also the payload diff's display form). */
  literal(term: RDF.Literal): string {
    const lex = `"${escapeLiteral(term.value)}"`;
    if (term.language !== '') return `${lex}@${term.language}`;
    if (term.datatype.value === XSD_STRING) return lex;
    return `${lex}^^${this.iri(term.datatype.value)}`;
  }

  predicate(term: RDF.Term): string {
    return term.value === RDF_TYPE ? 'a' : this.iri(term.value);
  }

  private object(term: RDF.Term, graph: EntityGraph, indent: string): string {
    switch (term.termType) {
      case 'NamedNode':
        return this.iri(term.value);
      case 'Literal':
        return this.literal(term);
      case 'BlankNode': {
        if (!graph.nestHere(term.value)) return `_:${graph.label(term.value)}`;
        graph.written.add(term.value);
        const quads = graph.quadsOf(term.value);
        if (quads.length === 0) return '[]';
        const inner = `${indent}    `;
        const body = this.predicateObjects(quads, graph, inner);
        return body.includes('\n') ? `[\n${inner}${body}\n${indent}]` : `[ ${body} ]`;
      }
      default:
        throw new Error(`cannot write a ${term.termType} in Turtle`);
    }
  }

  private predicateObjects(quads: readonly RDF.Quad[], graph: EntityGraph, indent: string): string {
    return byPredicate(quads)
      .map((g) => `${this.predicate(g.predicate)} ${g.objects.map((o) => this.object(o, graph, indent)).join(', ')}`)
      .join(` ;\n${indent}`);
  }

  /** The triples as Turtle statements, one subject per statement; '' for no triples. */
  write(quads: readonly RDF.Quad[]): string {
    const graph = new EntityGraph(quads);
    const statements: string[] = [];
    for (const { subject, quads: own } of graph.roots()) {
      if (subject.termType === 'BlankNode') {
        if (graph.written.has(subject.value)) continue;
        graph.written.add(subject.value);
        const body = this.predicateObjects(own, graph, '    ');
        // An unreferenced blank node needs no label: `[ p o ] .` is a statement of its own.
        statements.push(
          graph.referencesTo(subject.value) === 0
            ? body.includes('\n')
              ? `[\n    ${body}\n] .`
              : `[ ${body} ] .`
            : `_:${graph.label(subject.value)} ${body} .`,
        );
      } else if (subject.termType === 'NamedNode') {
        statements.push(`${this.iri(subject.value)} ${this.predicateObjects(own, graph, '    ')} .`);
      } else {
        throw new Error(`cannot write a ${subject.termType} subject in Turtle`);
      }
    }
    return statements.join('\n');
  }
}

// ---------------------------------------------------------------------------------------------
// RDF/XML

/** RDF/XML syntax names that cannot be property element names (and rdf:li, which would be renumbered). */
const RDF_SYNTAX_NAMES = new Set([
  'RDF',
  'ID',
  'about',
  'parseType',
  'resource',
  'nodeID',
  'datatype',
  'li',
  'Description',
  'aboutEach',
  'aboutEachPrefix',
  'bagID',
]);

/** Reported by the RDF/XML writer when a triple cannot be written (an IRI that is no XML name). */
export class RdfXmlWriteError extends Error {}

/**
 * Splits an IRI into namespace and local name for an XML element name: the longest suffix that is
 * an NCName. Undefined when there is none (`http://ex.org/123`).
 */
export function splitIri(iri: string): { ns: string; local: string } | undefined {
  for (let i = 0; i < iri.length; i++) {
    const local = iri.slice(i);
    if (isNcName(local)) return i === 0 ? undefined : { ns: iri.slice(0, i), local };
  }
  return undefined;
}

export interface RdfXmlContext {
  /** Prefix bound to the rdf namespace at the entity element. */
  readonly rdf: string;
  /** Qualified element name for the namespace and local name (declaring a prefix if need be). */
  qname(ns: string, local: string): string;
}

export class RdfXmlWriter {
  constructor(private readonly context: RdfXmlContext) {}

  private rdfAttr(local: string, value: string): ReturnType<typeof attribute> {
    return attribute(this.context.rdf, NS.rdf, local, value);
  }

  private elementName(iri: string, what: string): string {
    const split = splitIri(iri);
    if (split === undefined) throw new RdfXmlWriteError(`the ${what} <${iri}> cannot be written as an XML element name`);
    if (split.ns === NS.rdf && RDF_SYNTAX_NAMES.has(split.local)) {
      throw new RdfXmlWriteError(`the ${what} rdf:${split.local} cannot be written in RDF/XML`);
    }
    return this.context.qname(split.ns, split.local);
  }

  private node(subject: RDF.Quad['subject'], quads: readonly RDF.Quad[], graph: EntityGraph, withId: boolean): XmlElement {
    // A typed node element for the first rdf:type that makes a good element name.
    const typeQuad = quads.find((q) => {
      if (q.predicate.value !== RDF_TYPE || q.object.termType !== 'NamedNode') return false;
      const split = splitIri(q.object.value);
      return split !== undefined && split.ns !== NS.rdf;
    });
    const name = typeQuad === undefined ? `${this.context.rdf}:Description` : this.elementName(typeQuad.object.value, 'type');
    const el = element(name);
    if (subject.termType === 'NamedNode') el.attributes.push(this.rdfAttr('about', subject.value));
    else if (subject.termType === 'BlankNode') {
      if (withId) el.attributes.push(this.rdfAttr('nodeID', graph.label(subject.value)));
    } else {
      throw new RdfXmlWriteError(`a ${subject.termType} cannot be a subject in RDF/XML`);
    }
    for (const q of quads) if (q !== typeQuad) el.children.push(this.property(q, graph));
    return el;
  }

  private property(q: RDF.Quad, graph: EntityGraph): XmlElement {
    const el = element(this.elementName(q.predicate.value, 'predicate'));
    const o = q.object;
    switch (o.termType) {
      case 'NamedNode':
        el.attributes.push(this.rdfAttr('resource', o.value));
        break;
      case 'BlankNode':
        if (graph.nestHere(o.value)) {
          graph.written.add(o.value);
          el.children.push(this.node(o, graph.quadsOf(o.value), graph, false));
        } else {
          el.attributes.push(this.rdfAttr('nodeID', graph.label(o.value)));
        }
        break;
      case 'Literal':
        if (o.language !== '') el.attributes.push(attribute('xml', 'http://www.w3.org/XML/1998/namespace', 'lang', o.language));
        else if (o.datatype.value !== XSD_STRING && o.datatype.value !== RDF_LANG_STRING) {
          el.attributes.push(this.rdfAttr('datatype', o.datatype.value));
        }
        if (o.value !== '') el.children.push(text(o.value));
        break;
      default:
        throw new RdfXmlWriteError(`a ${o.termType} cannot be an object in RDF/XML`);
    }
    return el;
  }

  /** Node elements for the triples. */
  write(quads: readonly RDF.Quad[]): XmlElement[] {
    const graph = new EntityGraph(quads);
    const out: XmlElement[] = [];
    for (const { subject, quads: own } of graph.roots()) {
      if (subject.termType === 'BlankNode') {
        if (graph.written.has(subject.value)) continue;
        graph.written.add(subject.value);
        out.push(this.node(subject, own, graph, graph.referencesTo(subject.value) > 0));
      } else {
        out.push(this.node(subject, own, graph, false));
      }
    }
    return out;
  }
}
