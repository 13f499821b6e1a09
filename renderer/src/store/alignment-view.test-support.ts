import type { AlignmentView, ViewCell } from '../api/index.js';

/** A cell of the server's alignment view, as GET /alignments/…/view sends it. */
export function viewCell(over: Partial<ViewCell> & Pick<ViewCell, 'id'>): ViewCell {
  const pattern = { format: 'turtle' as const, turtle: '', source: '', triples: 0, line: 1, column: 1 };
  return {
    iri: `http://www.inter-iot.eu/sripas#${over.id}`,
    line: 1,
    column: 1,
    relation: '=',
    measure: null,
    entity1: pattern,
    entity2: pattern,
    functions: [],
    typings: [],
    filters: [],
    steps: [],
    sparql: 'DELETE {\n} INSERT {\n} WHERE {\n}\n',
    ...over,
  };
}

export function alignmentView(cells: readonly ViewCell[], over: Partial<AlignmentView> = {}): AlignmentView {
  return {
    name: 'A',
    version: '1',
    creator: 'c',
    description: '',
    date: '',
    sourceOntology: 's',
    targetOntology: 't',
    cellFormat: 'turtle',
    prefixes: [],
    cells: [...cells],
    steps: cells.map((c, i) => ({ position: i + 1, cellId: c.id, order: String(i), line: 1, column: 1 })),
    ...over,
  };
}
