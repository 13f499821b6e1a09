/**
 * The sample alignments shipped with the workbench (README.md here), loaded on demand ("Open
 * samples" imports this module, so the main bundle does not carry them).
 */
import type { UploadDocument } from '../store/index.js';
import bodyCloud from './BodyCloud_CO.rdf?raw';
import coFiware from './CO_FIWARE.rdf?raw';
import legacy from './CO_FIWARE_legacy.xml?raw';
import universaal from './UniversAAL_CO.rdf?raw';

/** Uploaded by "Open samples", in this order (the chain's order). */
export const SAMPLE_ALIGNMENTS: readonly UploadDocument[] = [
  { fileName: 'UniversAAL_CO.rdf', text: universaal },
  { fileName: 'CO_FIWARE.rdf', text: coFiware },
  { fileName: 'BodyCloud_CO.rdf', text: bodyCloud },
];

/** A legacy pure-XML alignment, opened in the editor to try "Convert to IPSM-AF". */
export const LEGACY_SAMPLE: UploadDocument = { fileName: 'CO_FIWARE_legacy.xml', text: legacy };
