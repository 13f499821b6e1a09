/**
 * RDF/JS terms for the whole core. Terms are made by one DataFactory (rdf-data-factory, which
 * implements the RDF/JS interfaces) and compared with `.equals()` or by their `termKey`.
 */
import { DataFactory } from 'rdf-data-factory';
import type * as RDF from '@rdfjs/types';

export type { RDF };
/**
 * rdf-data-factory's terms keep `value`, `language` and `datatype` as plain fields; N3.js's terms
 * re-derive them from an id string on every access, which showed up at 3% of translation time.
 */
export const factory: RDF.DataFactory<RDF.Quad, RDF.Quad> = new DataFactory();

export const NS = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
  sripas: 'http://www.inter-iot.eu/sripas#',
  align: 'http://knowledgeweb.semanticweb.org/heterogeneity/alignment#',
  dc: 'http://purl.org/dc/elements/1.1/',
  exmo: 'http://exmo.inrialpes.fr/align/ext/1.0/#',
  iiot: 'http://inter-iot.eu/GOIoTP#',
} as const;

/**
 * A language-tagged literal whose tag keeps the letter case it was given: Jena 3.9 keeps `en-US`
 * where STRLANG made it (and LANG then answers "en-US"), where rdf-data-factory lowercases every
 * tag. Tags are still compared without case where SPARQL compares them (sameTerm, LANGMATCHES,
 * the compatibility of string arguments).
 */
export function languageLiteral(value: string, language: string): RDF.Literal {
  const literal = factory.literal(value, language);
  if (literal.language !== language) (literal as { language: string }).language = language;
  return literal;
}

export const RDF_TYPE = `${NS.rdf}type`;
export const RDF_LANG_STRING = `${NS.rdf}langString`;
export const XSD_STRING = `${NS.xsd}string`;

/** Graph names of an INTER-IoT message (reference-mediator.md 5.1). */
export const MESSAGE_GRAPHS = {
  metadata: 'http://inter-iot.eu/message/metadata',
  payload: 'http://inter-iot.eu/message/payload',
} as const;

/** Escapes a string for an N-Triples / SPARQL quoted literal (ECHAR form for the usual controls). */
export function escapeLiteral(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += '\\\\';
        break;
      case 0x0a:
        out += '\\n';
        break;
      case 0x0d:
        out += '\\r';
        break;
      case 0x09:
        out += '\\t';
        break;
      case 0x08:
        out += '\\b';
        break;
      case 0x0c:
        out += '\\f';
        break;
      default:
        if (c < 0x20) out += `\\u${c.toString(16).padStart(4, '0').toUpperCase()}`;
        else out += value[i];
    }
  }
  return out;
}

/** N-Triples form of a term (blank nodes as `_:label`). */
export function termToNTriples(term: RDF.Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return `<${term.value}>`;
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal': {
      const lex = `"${escapeLiteral(term.value)}"`;
      if (term.language !== '') return `${lex}@${term.language}`;
      if (term.datatype.value === XSD_STRING) return lex;
      return `${lex}^^<${term.datatype.value}>`;
    }
    case 'Variable':
      return `?${term.value}`;
    case 'DefaultGraph':
      return '';
    default:
      return '';
  }
}

/**
 * The key of an IRI: its text, unless that text starts as another kind of key would (`_:` of a
 * blank node, the quote of a literal, `?` of a variable) or as an escaped IRI key (`<`). IRI() of
 * a blank node makes the IRI `_:b1` (Jena 3.9), which must stay distinct from the blank node b1.
 * An absolute IRI starts with a letter, so the common case costs one character test.
 */
export function iriKey(iri: string): string {
  const c = iri.charCodeAt(0);
  return c === 0x5f || c === 0x22 || c === 0x3f || c === 0x3c ? `<${iri}>` : iri;
}

/**
 * A string that identifies a term uniquely among terms of one graph: used as a map key by the
 * translation engine. Distinct term types never collide (IRIs get no prefix unless they would look
 * like another kind's key, blank nodes `_:`, literals a leading quote).
 */
export function termKey(term: RDF.Term): string {
  switch (term.termType) {
    case 'NamedNode':
      return iriKey(term.value);
    case 'BlankNode':
      return `_:${term.value}`;
    case 'Literal':
      if (term.language !== '') return `"${term.value}"@${term.language}`;
      return `"${term.value}"^^${term.datatype.value}`;
    case 'Variable':
      return `?${term.value}`;
    default:
      return '';
  }
}

export function quadToNTriples(q: RDF.Quad, withGraph = false): string {
  const g = withGraph && q.graph.termType !== 'DefaultGraph' ? ` ${termToNTriples(q.graph)}` : '';
  return `${termToNTriples(q.subject)} ${termToNTriples(q.predicate)} ${termToNTriples(q.object)}${g} .`;
}
