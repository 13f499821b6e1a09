/** The RDF vocabulary the codec's readers and writers share, and its source of fresh blank nodes. */
import type * as RDF from '@rdfjs/types';
import { NS, factory } from '../rdf/terms.js';

export const XSD_INTEGER = `${NS.xsd}integer`;
export const XSD_DOUBLE = `${NS.xsd}double`;
export const XSD_BOOLEAN = `${NS.xsd}boolean`;
export const RDF_FIRST = `${NS.rdf}first`;
export const RDF_REST = `${NS.rdf}rest`;
export const RDF_NIL = `${NS.rdf}nil`;
export const RDF_JSON = `${NS.rdf}JSON`;

/*
 * Not a cache and so not owned by a codec instance: blank nodes read from different messages must
 * never be equal anywhere in the process, whichever codec read them, so the counter is
 * process-wide.
 */
let blankCounter = 0;
/** A fresh blank-node label, unique in this process (so messages never share blank nodes). */
export function freshBlank(): RDF.BlankNode {
  return factory.blankNode(`jb${(blankCounter++).toString(36)}`);
}
