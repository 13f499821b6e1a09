/**
 * Cell coverage (issue 12, part 3): over a corpus of messages, how often each cell of a chain
 * fired (deleted or inserted anything) and on which messages, and the cells that never fired.
 * The same shape is `mediator coverage --json`, POST /coverage and GET /channels/{id}/coverage.
 */
import { Type, type Static } from 'typebox';
import { AlignmentId } from './common.js';
import { ref } from './schema-support.js';

export const CellCoverage = Type.Object(
  {
    alignment: Type.String({ description: 'Alignment name (dcelem:title)' }),
    version: Type.String(),
    cell: Type.String({ description: 'Cell id' }),
    fired: Type.Integer({ minimum: 0, description: 'How many times the cell deleted or inserted anything' }),
    messages: Type.Array(Type.String(), { description: 'The messages it fired on, in corpus order, each once' }),
    failed: Type.Integer({ minimum: 0, description: 'How many times the cell failed at run time (and was skipped)' }),
    inSteps: Type.Boolean({ description: 'False for a cell that no step runs: it can never fire' }),
  },
  { $id: 'CellCoverage' },
);
export type CellCoverage = Static<typeof CellCoverage>;

export const CellRef = Type.Object({ alignment: Type.String(), version: Type.String(), cell: Type.String() }, { $id: 'CellRef' });
export type CellRef = Static<typeof CellRef>;

export const CoverageReport = Type.Object(
  {
    messages: Type.Integer({ minimum: 0, description: 'Messages translated (those that could not be read are in `unreadable`)' }),
    cells: Type.Array(ref(CellCoverage), { description: 'Every cell of every alignment of the chain, in document order' }),
    neverFired: Type.Array(ref(CellRef), { description: 'The cells with `fired` 0' }),
    unreadable: Type.Array(Type.Object({ message: Type.String(), error: Type.String() }), { description: 'Messages that could not be read' }),
  },
  { $id: 'CoverageReport' },
);
export type CoverageReport = Static<typeof CoverageReport>;

export const CoverageRequest = Type.Object(
  {
    alignIDs: Type.Array(ref(AlignmentId), { minItems: 1, description: 'The chain, in order' }),
    messages: Type.Array(Type.Object({ name: Type.String({ description: 'A label, e.g. the file name' }), graphStr: Type.String() }), {
      description: 'The corpus',
    }),
  },
  { $id: 'CoverageRequest' },
);
export type CoverageRequest = Static<typeof CoverageRequest>;
