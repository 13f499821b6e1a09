/**
 * Compares two cell SPARQL Update texts up to blank-node variable names, triple order inside a
 * block and whitespace: the equivalence the engine issue asks of `compile` against the
 * reference's `cells.sparql`. Triples become quads (blocks as graph names, blank-node variables
 * and labels as blank nodes) and are compared by graph isomorphism; FILTER and BIND lines are
 * compared in order with whitespace removed.
 */
import { factory, type RDF } from '../common/rdf/terms.js';
import { isomorphic } from './isomorphism.js';

const TERM = /<[^>]*>|\?[\w]+|_:[\w]+|"(?:[^"\\]|\\.)*"(?:\^\^<[^>]*>|@[A-Za-z][\w-]*)?/g;

export interface ParsedUpdate {
  readonly prefixes: string[];
  readonly quads: RDF.Quad[];
  readonly expressions: string[];
}

function toTerm(token: string, blank: (name: string) => RDF.BlankNode): RDF.Term {
  if (token.startsWith('<')) return factory.namedNode(token.slice(1, -1));
  if (token.startsWith('?BN_') || token.startsWith('_:')) return blank(token.replace(/^(\?|_:)/, ''));
  if (token.startsWith('?')) return factory.namedNode(`urn:var:${token.slice(1)}`);
  const m = /^"((?:[^"\\]|\\.)*)"(?:\^\^<([^>]*)>|@([\w-]+))?$/.exec(token);
  if (m === null) throw new Error(`cannot read term ${token}`);
  const value = JSON.parse(`"${m[1] ?? ''}"`) as string;
  if (m[2] !== undefined) return factory.literal(value, factory.namedNode(m[2]));
  if (m[3] !== undefined) return factory.literal(value, m[3]);
  return factory.literal(value);
}

export function parseCellUpdate(text: string): ParsedUpdate {
  const prefixes = [...text.matchAll(/^PREFIX\s+([^\s:]*):\s*<([^>]*)>/gm)].map((m) => `${m[1]}: <${m[2]}>`).sort();
  const d = text.indexOf('DELETE {');
  const i = text.indexOf('} INSERT {');
  const w = text.indexOf('} WHERE {');
  const end = text.lastIndexOf('}');
  if (d < 0 || i < 0 || w < 0) throw new Error('not a DELETE/INSERT/WHERE update');
  const blocks: Array<[string, string]> = [
    ['delete', text.slice(d + 'DELETE {'.length, i)],
    ['insert', text.slice(i + '} INSERT {'.length, w)],
    ['where', text.slice(w + '} WHERE {'.length, end)],
  ];
  const blanks = new Map<string, RDF.BlankNode>();
  const blank = (name: string) => {
    let b = blanks.get(name);
    if (b === undefined) blanks.set(name, (b = factory.blankNode(`x${blanks.size}`)));
    return b;
  };
  const quads: RDF.Quad[] = [];
  const expressions: string[] = [];
  for (const [graph, body] of blocks) {
    for (const raw of body.split('\n')) {
      const line = raw.trim();
      if (line === '') continue;
      if (/^(BIND|FILTER)/.test(line) || line.includes('BIND(')) {
        // A typed-parameter BIND may share a line with its function BIND (reference section 3.8).
        for (const part of line.split(/(?=\bBIND\()/)) if (part.trim() !== '') expressions.push(part.replace(/\s+/g, ''));
        continue;
      }
      const tokens = line.match(TERM);
      if (tokens === null || tokens.length !== 3) throw new Error(`cannot read triple line: ${line}`);
      const [s, p, o] = tokens.map((t) => toTerm(t, blank)) as [RDF.Term, RDF.Term, RDF.Term];
      quads.push(factory.quad(s as RDF.Quad_Subject, p as RDF.Quad_Predicate, o as RDF.Quad_Object, factory.namedNode(`urn:block:${graph}`)));
    }
  }
  return { prefixes, quads, expressions };
}

/** Undefined when equivalent, else a description of the first difference. */
export function sparqlDifference(ours: string, reference: string): string | undefined {
  const a = parseCellUpdate(ours);
  const b = parseCellUpdate(reference);
  if (a.prefixes.join('\n') !== b.prefixes.join('\n')) return `prefixes differ:\n${a.prefixes.join('\n')}\nvs\n${b.prefixes.join('\n')}`;
  if (!isomorphic(a.quads, b.quads)) return 'triple patterns differ';
  // Typing BINDs are independent of each other; the reference emits them in hash-map order.
  const typing = (e: string) => e.startsWith('BIND(STRDT(STR(');
  const ordered = (x: ParsedUpdate) => x.expressions.filter((e) => !typing(e)).join('\n');
  const unordered = (x: ParsedUpdate) => x.expressions.filter(typing).sort().join('\n');
  if (ordered(a) !== ordered(b) || unordered(a) !== unordered(b)) {
    return `FILTER/BIND differ:\n${a.expressions.join('\n')}\nvs\n${b.expressions.join('\n')}`;
  }
  return undefined;
}
