/** The codec's public shapes, shared by its readers and writers and the facade (message-codec.ts). */
import type * as RDF from '@rdfjs/types';

export interface ParsedMessage {
  /** The whole dataset; graph terms are NamedNode for named graphs, DefaultGraph otherwise. */
  quads: RDF.Quad[];
  /** Every string-valued entry of the top-level @context object, in document order (prefix -> IRI). */
  prefixes: Array<[string, string]>;
  /** True when the fast path handled the message. */
  fastPath: boolean;
}

export interface SerializeOptions {
  /** Pretty-print with a 2-space indent (default true), as the reference does. */
  pretty?: boolean;
  /**
   * The text as a JSON string literal (what JSON.stringify of the text gives), written in one
   * walk: for a reply that carries the message as a string (POST /translation's graphStr).
   */
  asJsonString?: boolean;
}
