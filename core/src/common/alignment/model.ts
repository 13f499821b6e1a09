/**
 * The in-memory form of an IPSM-AF alignment (reference-mediator.md section 1), as read from XML
 * and before compilation. Plain data plus RDF/JS terms for the entity patterns.
 */
import type { RDF } from '../rdf/terms.js';
import type { Problem } from '../errors.js';

export type CellFormat = 'turtle' | 'rdfxml';

/** Where something was written in the alignment document (1-based). */
export interface Located {
  readonly line: number;
  readonly column: number;
}

export interface AlignmentHeader {
  /** `dcelem:title`: the alignment name, half of its identity. */
  readonly name: string;
  /** `exmo:version`: the other half of its identity. */
  readonly version: string;
  readonly creator: string;
  readonly description: string;
  /** `dcelem:date`, informative. */
  readonly date: string;
  /** `align:onto1/align:Ontology/@rdf:about`. */
  readonly sourceOntology: string;
  /** `align:onto2/align:Ontology/@rdf:about`. */
  readonly targetOntology: string;
  readonly cellFormat: CellFormat;
}

export interface Step extends Located {
  /** Cell id after removing the sripas namespace (section 1.5). */
  readonly cellId: string;
  /** The `order` attribute as written; ignored for execution (document order rules). */
  readonly order: string | undefined;
}

/** The text or markup of `align:entity1`/`align:entity2`, kept for error positions and conversion. */
export interface EntitySource extends Located {
  readonly format: CellFormat;
  /** Turtle text, or the RDF/XML fragment (standalone, namespaces declared). */
  readonly text: string;
}

export type FunctionParam =
  | { readonly kind: 'variable'; readonly order: number; readonly variable: string }
  | { readonly kind: 'value'; readonly order: number; readonly value: string; readonly datatype: string | undefined };

export interface CellFunction extends Located {
  /** The function name exactly as written (`str`, `IRI`, `fn:upper-case`, `+`, `<iri>`). */
  readonly name: string;
  /** Parameters sorted by `order` (stable). */
  readonly params: readonly FunctionParam[];
  /** Variable name (without `?`) that receives the result. */
  readonly result: string;
}

export interface DatatypeConstraint extends Located {
  /** Variable name without `?` (the sripas local name). */
  readonly variable: string;
  readonly datatype: string;
}

export interface Cell extends Located {
  readonly id: string;
  /** The cell's IRI as written in `rdf:about`, resolved against the sripas base. */
  readonly iri: string;
  readonly entity1: readonly RDF.Quad[];
  readonly entity2: readonly RDF.Quad[];
  readonly entity1Source: EntitySource;
  readonly entity2Source: EntitySource;
  readonly relation: string | undefined;
  readonly measure: string | undefined;
  readonly functions: readonly CellFunction[];
  readonly typings: readonly DatatypeConstraint[];
  readonly filters: readonly DatatypeConstraint[];
}

export interface Alignment {
  readonly header: AlignmentHeader;
  /**
   * Every `xmlns` declaration in the document (prefix, IRI), later ones overriding earlier ones
   * with the same prefix; `''` is the default namespace. This is the prefix map Turtle cells are
   * parsed with and the PREFIX block of compiled SPARQL (section 1.7, 3.2).
   */
  readonly prefixes: ReadonlyArray<readonly [string, string]>;
  readonly steps: readonly Step[];
  /** Cells in document order. */
  readonly cells: readonly Cell[];
}

/** The result of reading an alignment: the model when it could be built, and every problem found. */
export interface ReadResult {
  readonly alignment: Alignment | undefined;
  readonly problems: readonly Problem[];
}

export const SRIPAS_BASE = 'http://www.inter-iot.eu/sripas#';
