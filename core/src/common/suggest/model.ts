/**
 * What the synthesizer makes (issue 30): cells as plain triples plus the functions and typings
 * that compute their values, before they are written as an IPSM-AF document.
 */
import type { RDF } from '../rdf/terms.js';

export type DraftParam = { readonly variable: string } | { readonly value: string; readonly datatype?: string };

/** One `sripas:function` (reference-mediator.md 3.4): a SPARQL built-in or operator over variables and constants. */
export interface DraftFunction {
  readonly name: string;
  readonly params: readonly DraftParam[];
  readonly result: string;
}

/** A constant of entity2 that, given more examples, might turn out to be computed from a literal of entity1. */
export interface ValueSlot {
  /** The placeholder IRI standing for the constant in `entity2`. */
  readonly placeholder: string;
  readonly output: RDF.Literal | RDF.NamedNode;
  /** Literal variables of entity1 and their values in this example. */
  readonly candidates: ReadonlyArray<{ readonly variable: string; readonly term: RDF.Literal }>;
  /** No input explained the value in its example, not even as a guess: a constant, or chosen by an input's value. */
  readonly unexplained?: boolean;
}

export interface CellDraft {
  /** Variables are sripas IRIs (`...sripas#node_x`); blank nodes only in entity2 (new nodes). */
  readonly entity1: readonly RDF.Quad[];
  readonly entity2: readonly RDF.Quad[];
  readonly functions: readonly DraftFunction[];
  readonly typings: ReadonlyArray<{ readonly variable: string; readonly datatype: string }>;
  readonly slots: readonly ValueSlot[];
  /** Literal variables of entity1 that entity2 never uses, with their values here: what a specialisation makes constant. */
  readonly unusedLiterals: ReadonlyMap<string, RDF.Literal>;
  /**
   * For a cell that writes a constant nothing explains and has no unused input literal: entity1
   * triples (the anchor's literals as constants) that would make it apply only to messages like
   * its example's, offered as an answer.
   */
  readonly scopeLiterals?: readonly RDF.Quad[];
  /** Which example it was made from (0-based). */
  readonly example: number;
}

/**
 * A choice the synthesizer could not make from the examples alone; it took `chosen`. The shape is
 * the REST answer's (declared once, in common/api).
 */
export type { SuggestionQuestion, SuggestionCandidate, SuggestionAnswer } from '../api/suggestions.js';
