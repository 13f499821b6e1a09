/**
 * An alignment shaped like the INTER-MW integration-test alignment: a cell whose entity1 uses a
 * sripas IRI (`sripas:pred_P`) in predicate position. The reference ran it with that IRI as a
 * constant predicate (reference-mediator.md 1.7 "Predicates are never variables"), so we accept
 * it with a warning (CONTRACT.md "Translation"). Shared by the core, server and CLI tests.
 */

import { oneCellAlignment } from './one-cell-alignment.js';

export const SRIPAS_PREDICATE_IRI = 'http://www.inter-iot.eu/sripas#pred_P';
export const SRIPAS_PREDICATE_CELL = 'pred_cell';
/** The alignment text; `name` is its dcelem:title, so each test can store its own copy. */
export function sripasPredicateAlignment(name = 'sripas-predicate'): string {
  return oneCellAlignment(
    { id: SRIPAS_PREDICATE_CELL, entity1: '\n          var:s sripas:pred_P var:o .\n        ', entity2: '\n          var:s ex:seen var:o .\n        ' },
    { title: name, description: "A sripas IRI in predicate position, as in the middleware's test alignment" },
  );
}

/** 1-based line of the cell's entity1 element, where the warning points. */
export function sripasPredicateEntity1Line(text: string): number {
  return text.slice(0, text.indexOf('<align:entity1')).split('\n').length;
}
