/**
 * Header changes between two alignments: the fields of reference-mediator.md 1.2 that identify and
 * describe an alignment. Whitespace runs count as one space (XML layout is not content).
 */
import { HEADER_FIELDS, type HeaderDiff } from '../api/alignment-diff.js';
import type { AlignmentHeader } from '../alignment/model.js';
import { normalizeSpace } from './cell-compare.js';

export function diffHeaders(a: AlignmentHeader, b: AlignmentHeader): HeaderDiff {
  const out: { -readonly [K in keyof HeaderDiff]: HeaderDiff[K] } = {};
  for (const field of HEADER_FIELDS) {
    const before = normalizeSpace(a[field]);
    const after = normalizeSpace(b[field]);
    if (before !== after) out[field] = { old: before, new: after };
  }
  return out;
}
