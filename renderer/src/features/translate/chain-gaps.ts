/**
 * Where a translation chain does not meet (issue 25, point 9): each alignment says which ontology
 * it maps from and to (align:onto1, align:onto2), so a chain whose step ends in one ontology while
 * the next step starts from another cannot be what the engineer meant (CO_FIWARE then UniversAAL_CO
 * "succeeded" and changed nothing). Ontology IRIs are compared without a trailing `#` or `/`, the
 * two spellings of one namespace seen in real alignments. Pure: the screen shows what it returns.
 */
import type { AlignmentId, AlignmentInfo } from '../../api/types.js';

export interface ChainGap {
  /** 0-based position of the step whose target does not meet the next step's source. */
  readonly index: number;
  readonly from: AlignmentId & { readonly target: string };
  readonly to: AlignmentId & { readonly source: string };
}

const namespace = (iri: string) => iri.trim().replace(/[#/]+$/u, '');

export function chainGaps(sequence: readonly AlignmentId[], alignments: readonly AlignmentInfo[]): ChainGap[] {
  const infoOf = (id: AlignmentId) => alignments.find((a) => a.name === id.name && a.version === id.version);
  const gaps: ChainGap[] = [];
  for (let i = 0; i + 1 < sequence.length; i++) {
    const from = infoOf(sequence[i]!);
    const to = infoOf(sequence[i + 1]!);
    // An alignment not listed (deleted meanwhile) or without ontologies tells nothing.
    if (from === undefined || to === undefined || from.targetOntologyURI === '' || to.sourceOntologyURI === '') continue;
    if (namespace(from.targetOntologyURI) === namespace(to.sourceOntologyURI)) continue;
    gaps.push({
      index: i,
      from: { name: from.name, version: from.version, target: from.targetOntologyURI },
      to: { name: to.name, version: to.version, source: to.sourceOntologyURI },
    });
  }
  return gaps;
}
