/**
 * A cell's entity pattern (Turtle, as the view API gives it, with the alignment's prefixes declared
 * apart) as graph input for graph-model.ts: the alignment view draws patterns the same way the
 * translate screen draws payloads. Parsed with N3.js; loaded with the graph chunk only.
 */
import { Parser, type Quad, type Term } from 'n3';
import type { GraphTerm, GraphTriple } from '../../api/index.js';
import type { GraphInput } from './graph-model.js';

import { prefixedName, type Prefix } from './prefixed-name.js';

export { prefixedName, type Prefix };

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

function graphTerm(term: Term, prefixes: readonly Prefix[]): GraphTerm {
  switch (term.termType) {
    case 'Literal': {
      const quoted = JSON.stringify(term.value);
      if (term.language !== '') return { kind: 'literal', value: term.value, display: `${quoted}@${term.language}`, language: term.language };
      const datatype = term.datatype.value;
      return { kind: 'literal', value: term.value, display: datatype === XSD_STRING ? quoted : `${quoted}^^${prefixedName(datatype, prefixes)}`, datatype };
    }
    case 'BlankNode':
      return { kind: 'blank', value: term.value, display: `_:${term.value}` };
    default:
      return { kind: 'iri', value: term.value, display: prefixedName(term.value, prefixes) };
  }
}

const RDF: Prefix = { prefix: 'rdf', iri: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#' };

/** Parses the pattern; throws N3.js's error (with its line) for text that is not Turtle. */
export function patternGraph(turtle: string, declared: readonly Prefix[]): GraphInput {
  // `a` in a pattern is rdf:type, named so even when the alignment declares no rdf prefix.
  const prefixes = declared.some((p) => p.prefix === RDF.prefix) ? declared : [...declared, RDF];
  const declarations = prefixes.map((p) => `@prefix ${p.prefix}: <${p.iri}> .`).join('\n');
  const quads: Quad[] = new Parser({ format: 'text/turtle' }).parse(`${declarations}\n${turtle}`);
  const terms: GraphTerm[] = [];
  const index = new Map<string, number>();
  const id = (term: Term): number => {
    const key = `${term.termType}|${term.id}`;
    let i = index.get(key);
    if (i === undefined) {
      i = terms.length;
      index.set(key, i);
      terms.push(graphTerm(term, prefixes));
    }
    return i;
  };
  const triples: GraphTriple[] = quads.map((q) => ({ s: id(q.subject), p: id(q.predicate), o: id(q.object) }));
  return { terms, triples };
}
