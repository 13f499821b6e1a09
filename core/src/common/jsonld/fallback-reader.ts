/**
 * The fallback reader: jsonld.js toRDF for the messages the fast reader declines, and the
 * reference the fast reader is tested against. Remote contexts are refused (messages are read
 * offline) and prefixes follow JSON-LD 1.0 (jsonld-prefixes.ts).
 */
import type * as JsonLd from 'jsonld';
import type * as RDF from '@rdfjs/types';
import { ErrorCodes, ParseError } from '../errors.js';
import { XSD_STRING, factory, quadToNTriples } from '../rdf/terms.js';
import { RDF_JSON, freshBlank } from './codec-terms.js';
import type { ParsedMessage } from './codec-types.js';
import { isPlainObject, type JsonDocument } from './json-document.js';
import { numberLexical, type JsonNumbers } from './json-numbers.js';
import { withFlaggedPrefixes } from './jsonld-prefixes.js';
import { loadJsonLd } from './jsonld-library.js';

const defaultGraphTerm = factory.defaultGraph();

/** Refuses every remote context: messages are read offline. */
async function refuseRemote(url: string): Promise<never> {
  throw new ParseError(`Message refers to the remote JSON-LD context ${url}; remote contexts are never loaded (use an inline @context)`, {
    code: ErrorCodes.messageInvalidJsonLd,
  });
}

/** Our own ParseError somewhere in jsonld.js's cause chain (it wraps loader errors). */
function findParseError(error: unknown, depth = 0): ParseError | undefined {
  if (error instanceof ParseError) return error;
  if (depth > 8 || typeof error !== 'object' || error === null) return undefined;
  const e = error as { cause?: unknown; details?: { cause?: unknown } };
  return findParseError(e.cause, depth + 1) ?? findParseError(e.details?.cause, depth + 1);
}

interface JsonLdTerm {
  termType: string;
  value: string;
  language?: string;
  datatype?: { value: string };
}
interface JsonLdQuad {
  subject: JsonLdTerm;
  predicate: JsonLdTerm;
  object: JsonLdTerm;
  graph: JsonLdTerm;
}

/** Markers inside @context objects back to the numbers the message wrote (`"@version": 1.1`). */
function restoreContextNumbers(v: unknown, numbers: JsonNumbers, inContext: boolean): unknown {
  if (typeof v === 'number') return inContext ? numbers.value(v) : v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = restoreContextNumbers(v[i], numbers, inContext);
  } else if (isPlainObject(v)) {
    for (const key in v) v[key] = restoreContextNumbers(v[key], numbers, inContext || key === '@context');
  }
  return v;
}

/** Every string-valued entry of the top-level @context (of each object in a @context array). */
function collectPrefixes(doc: object): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!isPlainObject(doc)) return out;
  const ctx = doc['@context'];
  const objects = Array.isArray(ctx) ? ctx : [ctx];
  for (const c of objects) {
    if (!isPlainObject(c)) continue;
    for (const key in c) {
      const v = c[key];
      if (typeof v === 'string') out.push([key, v]);
    }
  }
  return out;
}

/**
 * jsonld.js toRDF, with every plain prefix flagged `@prefix: true` (JSON-LD 1.0 compact IRIs) and
 * remote contexts refused. JSON numbers reach jsonld.js as markers (json-numbers.ts), so its type
 * coercions apply to them as to any number, and the literals it makes of them get the lexical
 * form jsonld-java gives the token. Deviation from the reference kept here: jsonld.js rewrites a
 * typed xsd:double *string* to its canonical form with 16 significant digits
 * ({"@value":"21.5","@type":"xsd:double"} reads as "2.15E1", where jsonld-java and the fast path
 * keep "21.5"; "0.30000000000000004" becomes "3.0E-1"). Only messages the fast path declines come
 * here.
 */
export async function readWithJsonLd(parsed: JsonDocument): Promise<ParsedMessage> {
  // jsonld.js recurses over the tree.
  parsed.assertDepth();
  const { doc, numbers } = parsed.withNumbers();
  if (numbers !== undefined) restoreContextNumbers(doc, numbers, false);
  let dataset: JsonLdQuad[];
  const jsonld = await loadJsonLd();
  try {
    dataset = (await jsonld.toRDF(withFlaggedPrefixes(doc), {
      documentLoader: refuseRemote,
    } as JsonLd.Options.ToRdf)) as unknown as JsonLdQuad[];
  } catch (error) {
    const own = findParseError(error);
    if (own !== undefined) throw own;
    const detail = error instanceof Error ? error.message : String(error);
    throw new ParseError(`Message is not valid JSON-LD: ${detail}`, {
      code: ErrorCodes.messageInvalidJsonLd,
      cause: error,
    });
  }
  const blanks = new Map<string, RDF.BlankNode>();
  const node = (t: JsonLdTerm): RDF.NamedNode | RDF.BlankNode => {
    if (t.termType !== 'BlankNode') return factory.namedNode(t.value);
    let b = blanks.get(t.value);
    if (b === undefined) {
      b = freshBlank();
      blanks.set(t.value, b);
    }
    return b;
  };
  const quads: RDF.Quad[] = [];
  const seen = new Set<string>();
  for (const q of dataset) {
    const o = q.object;
    let object: RDF.Quad_Object;
    if (o.termType === 'Literal') {
      const dt = o.datatype?.value ?? XSD_STRING;
      let lexical = o.value;
      if (numbers !== undefined && dt !== XSD_STRING && (o.language === undefined || o.language === '')) {
        if (dt === RDF_JSON) {
          lexical = numbers.restoreInJson(lexical);
        } else {
          const token = numbers.tokenOfLiteral(lexical);
          if (token !== undefined) lexical = numberLexical(token, dt);
        }
      }
      object =
        o.language !== undefined && o.language !== ''
          ? factory.literal(o.value, o.language)
          : dt === XSD_STRING
            ? factory.literal(o.value)
            : factory.literal(lexical, factory.namedNode(dt));
    } else {
      object = node(o);
    }
    const graph = q.graph.termType === 'DefaultGraph' ? defaultGraphTerm : node(q.graph);
    const quad = factory.quad(node(q.subject), factory.namedNode(q.predicate.value), object, graph);
    // jsonld.js may state a triple twice (e.g. @type and an explicit rdf:type); a dataset is a set.
    const key = quadToNTriples(quad, true);
    if (seen.has(key)) continue;
    seen.add(key);
    quads.push(quad);
  }
  return { quads, prefixes: collectPrefixes(doc), fastPath: false };
}
