/**
 * Versions of a real alignment for the version-diff tests (issue 12, part 2), made by editing the
 * XML text the way an author would: one with the same meaning but every pattern rewritten (blank
 * nodes relabelled, triples reversed, full IRIs instead of prefixed names) and the layout changed,
 * and one with a cell removed, a cell changed and a cell renamed. The shared alignments all write
 * their cells in Turtle (../shared/data/README.md), which is what these edits handle.
 */
import { cellSignature, readAlignment, escapeLiteral, type Alignment, type Cell, type RDF } from '../common/index.js';

const XSD_STRING = 'http://www.w3.org/2001/XMLSchema#string';

export async function readModel(text: string): Promise<Alignment> {
  const result = await readAlignment(text);
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (result.alignment === undefined || errors.length > 0) throw new Error(`not a valid alignment: ${JSON.stringify(errors)}`);
  return result.alignment;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The pattern as N-Triples-style Turtle, triples reversed, blank nodes given new labels. */
function relabelled(quads: readonly RDF.Quad[], cellIndex: number): string {
  const labels = new Map<string, string>();
  const term = (t: RDF.Term): string => {
    if (t.termType === 'NamedNode') return `<${t.value}>`;
    if (t.termType === 'BlankNode') {
      let label = labels.get(t.value);
      if (label === undefined) {
        label = `renamed_${cellIndex}_${labels.size}`;
        labels.set(t.value, label);
      }
      return `_:${label}`;
    }
    if (t.termType !== 'Literal') throw new Error(`unexpected ${t.termType} in a pattern`);
    const lexical = `"${escapeLiteral(t.value)}"`;
    if (t.language !== '') return `${lexical}@${t.language}`;
    return t.datatype.value === XSD_STRING ? lexical : `${lexical}^^<${t.datatype.value}>`;
  };
  return [...quads]
    .reverse()
    .map((q) => `\n\t\t${term(q.subject)}   ${term(q.predicate)}\n\t\t\t${term(q.object)} .`)
    .join('\n');
}

const ENTITY = /(<(?:[\w.-]+:)?entity([12])\b[^>]*?)(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?entity\2>)/g;

/** Replaces the text of every entity1/entity2 element; `replace(cell, which, old)` gives the new text. */
function replaceEntities(text: string, alignment: Alignment, replace: (cell: Cell, index: number, which: '1' | '2', old: string) => string): string {
  const seen = { '1': 0, '2': 0 };
  const out = text.replace(ENTITY, (_match, open: string, which: '1' | '2', body: string | undefined) => {
    const index = seen[which]++;
    const cell = alignment.cells[index];
    if (cell === undefined) throw new Error(`more entity${which} elements than cells`);
    const tag = /^<([\w.-]+:)?/.exec(open)?.[1] ?? '';
    return `${open}>${replace(cell, index, which, body ?? '')}</${tag}entity${which}>`;
  });
  if (seen['1'] !== alignment.cells.length || seen['2'] !== alignment.cells.length) throw new Error('entity elements and cells do not pair up');
  return out;
}

/**
 * The same alignment written differently: every pattern relabelled (new blank-node labels, full
 * IRIs, triples in reverse order) and every line re-indented with blank lines between them.
 */
export function sameMeaningCopy(text: string, alignment: Alignment): string {
  const rewritten = replaceEntities(text, alignment, (cell, index, which) => xmlEscape(relabelled(which === '1' ? cell.entity1 : cell.entity2, index)));
  return rewritten.replace(/\n/g, '\n\n    ');
}

export interface EditedCopy {
  readonly text: string;
  readonly removed: string;
  readonly changed: string;
  readonly renamed: { readonly from: string; readonly to: string };
  /** How many steps ran the removed cell (they are removed with it). */
  readonly removedSteps: number;
}

export type EditablePart = 'entity1' | 'entity2' | 'relation';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** [start, end) of the cell element with this id. */
function cellSpan(text: string, id: string): [number, number] {
  const open = new RegExp(`<(?:[\\w.-]+:)?Cell\\b[^>]*about="[^"]*[#;/]?${escapeRegExp(id)}"[^>]*>`).exec(text);
  if (open === null) throw new Error(`cell ${id} not found in the text`);
  const close = /<\/(?:[\w.-]+:)?Cell>/g;
  close.lastIndex = open.index;
  const end = close.exec(text);
  if (end === null) throw new Error(`cell ${id} is not closed`);
  return [open.index, end.index + end[0].length];
}

/** Three cells whose contents are unique in the alignment (so a rename can only match one cell). */
function pickCells(alignment: Alignment): [Cell, Cell, Cell] {
  const prefixes = new Map(alignment.prefixes);
  const signatures = alignment.cells.map((cell) => cellSignature({ cell, prefixes }));
  const unique = alignment.cells.filter((_, i) => signatures.filter((s) => s === signatures[i]).length === 1 && alignment.cells[i]?.relation !== undefined);
  const [renamed, changed, removed] = [unique[0], unique[Math.floor(unique.length / 2)], unique[unique.length - 1]];
  if (renamed === undefined || changed === undefined || removed === undefined || new Set([renamed, changed, removed]).size !== 3) {
    throw new Error('the alignment needs three cells with unique contents');
  }
  return [renamed, changed, removed];
}

/** A copy with one cell removed (and its steps), one changed in `part`, one renamed (and its steps). */
export function editedCopy(text: string, alignment: Alignment, part: EditablePart): EditedCopy {
  const [renamedCell, changedCell, removedCell] = pickCells(alignment);
  let out = text;
  // Change first (positions of the other edits do not matter: they search again).
  if (part === 'relation') {
    const [start, end] = cellSpan(out, changedCell.id);
    const block = out.slice(start, end).replace(/(<(?:[\w.-]+:)?relation>)([^<]*)(<\/)/, (_m, a: string, _old: string, c: string) => `${a}&lt;${c}`);
    out = out.slice(0, start) + block + out.slice(end);
  } else {
    const which = part === 'entity1' ? '1' : '2';
    const added = xmlEscape('\n<http://example.org/diff#s> <http://example.org/diff#p> "added in the new version" .\n');
    out = replaceEntities(out, alignment, (cell, _i, w, old) => (cell === changedCell && w === which ? `${old}${added}` : old));
  }
  // The cell goes with the align:map around it (an empty map is an error).
  const [cellStart, cellEnd] = cellSpan(out, removedCell.id);
  const mapOpen = /<(?:[\w.-]+:)?map>\s*$/.exec(out.slice(0, cellStart));
  const mapClose = /^\s*<\/(?:[\w.-]+:)?map>/.exec(out.slice(cellEnd));
  const [start, end] = mapOpen !== null && mapClose !== null ? [mapOpen.index, cellEnd + mapClose[0].length] : [cellStart, cellEnd];
  out = out.slice(0, start) + out.slice(end);
  const stepOf = (id: string) => new RegExp(`<(?:[\\w.-]+:)?step\\b[^>]*cell="[^"]*[#;/]?${escapeRegExp(id)}"[^>]*/>`, 'g');
  const removedSteps = (out.match(stepOf(removedCell.id)) ?? []).length;
  out = out.replace(stepOf(removedCell.id), '');
  const to = `${renamedCell.id}_renamed`;
  out = out.replace(new RegExp(`([#;/]|")${escapeRegExp(renamedCell.id)}"`, 'g'), `$1${to}"`);
  return { text: out, removed: removedCell.id, changed: changedCell.id, renamed: { from: renamedCell.id, to }, removedSteps };
}
