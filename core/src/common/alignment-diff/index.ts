export { diffAlignments, isEmptyDiff } from './diff-alignments.js';
export { diffCellTexts, cellText } from './cell-texts.js';
export { differingParts, cellSignature, type CellInContext } from './cell-compare.js';
export { diffSteps } from './steps-diff.js';
export { diffHeaders } from './header-diff.js';
