/**
 * JSON-LD 1.0 prefix rules for jsonld.js (a 1.1 processor): a prefix whose IRI does not end in a
 * gen-delim character (`"sosa": "http://www.w3.org/ns/sosa"`) only acts as a prefix under 1.1
 * when flagged `@prefix: true`, so the fallback reader and the reference writer flag every plain
 * prefix entry before handing a context to jsonld.js.
 */
import { isPlainObject } from './json-document.js';

const GEN_DELIM_END = /[:/?#[\]@]$/;

/** A context object with every plain prefix entry marked `@prefix: true` (JSON-LD 1.0 prefix rules). */
export function flagPrefixes(ctx: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in ctx) {
    const v = ctx[key];
    out[key] =
      typeof v === 'string' &&
      key !== '' &&
      !key.startsWith('@') &&
      !key.includes(':') &&
      !key.includes('/') &&
      !v.startsWith('@') &&
      !v.startsWith('_:') &&
      !GEN_DELIM_END.test(v)
        ? { '@id': v, '@prefix': true }
        : v;
  }
  return out;
}

/** The document with its top-level @context (or each object of a @context array) flagged. */
export function withFlaggedPrefixes(doc: object): object {
  if (!isPlainObject(doc)) return doc;
  const ctx = doc['@context'];
  if (isPlainObject(ctx)) return { ...doc, '@context': flagPrefixes(ctx) };
  if (Array.isArray(ctx)) return { ...doc, '@context': (ctx as unknown[]).map((c) => (isPlainObject(c) ? flagPrefixes(c) : c)) };
  return doc;
}
