import type { CellEntry } from '@mediator/core/authoring';
import { useEffect } from 'react';
import { List, useListRef, type RowComponentProps } from 'react-window';
import { prefixedName } from '../graph/prefixed-name.js';
import type { Prefix } from './cell-authoring.js';

/** One row of the picker, in pixels: a single line (a long name is cut, its whole IRI in the title). */
const PICKER_ROW_HEIGHT = 26;
const PICKER_MAX_HEIGHT = 480;

interface RowProps {
  readonly cells: readonly CellEntry[];
  readonly currentIndex: number | undefined;
  readonly prefixes: readonly Prefix[];
  readonly onSelect: (index: number) => void;
}

function PickerRow({ index, style, ariaAttributes, cells, currentIndex, prefixes, onSelect }: RowComponentProps<RowProps>) {
  const c = cells[index];
  if (c === undefined) return null;
  return (
    <div style={style} {...ariaAttributes}>
      <button type="button" className="link" title={c.iri} aria-current={c.index === currentIndex ? 'true' : undefined} onClick={() => onSelect(c.index)}>
        {prefixedName(c.iri, prefixes)}
        {!c.inSteps && <span className="hint"> (not in steps)</span>}
      </button>
    </div>
  );
}

/**
 * The cells to pick in the cell form, drawn only where the box shows them (react-window): at 2,000
 * cells a button per cell was about half of the Cells tab's click, in layout and React's render
 * (issue 42). The picked cell is scrolled into view when it changes (an added or duplicated cell
 * is picked at its place, often out of view).
 */
export function CellPicker({ cells, currentIndex, prefixes, onSelect }: RowProps) {
  const list = useListRef(null);
  const position = cells.findIndex((c) => c.index === currentIndex);
  useEffect(() => {
    if (position >= 0) list.current?.scrollToRow({ index: position, align: 'smart' });
  }, [list, position]);
  return (
    <List
      listRef={list}
      className="cell-picker"
      aria-label="Cells to edit"
      rowComponent={PickerRow}
      rowCount={cells.length}
      rowHeight={PICKER_ROW_HEIGHT}
      rowProps={{ cells, currentIndex, prefixes, onSelect }}
      style={{ height: Math.min(PICKER_MAX_HEIGHT, cells.length * PICKER_ROW_HEIGHT) }}
      defaultHeight={PICKER_MAX_HEIGHT}
      overscanCount={8}
    />
  );
}
