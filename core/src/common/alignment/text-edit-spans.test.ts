/**
 * A reading carried across an edit of one text node (issue 42) against a new scan of the edited
 * text, over seeded random edits of every shared alignment: the spans are the ones a scan finds,
 * the cells the ones a new reading gives, and the splicer's next edit the same bytes. Edits that
 * may touch markup are generated too, and must be left to a new scan.
 */
import { describe, expect, it } from 'vitest';
import { alignmentFiles, readData } from '../../test-support/shared-data.js';
import { seededRandom } from '../../test-support/payload-variants.js';
import { applyCellEdit, forgetReadingForTest, newAlignmentText, readCells, type CellEdit } from './edit-cells.js';
import { textChange } from './text-change.js';
import { spansAfterTextEdit } from './text-edit-spans.js';
import { scanXml, type XmlSpan } from './xml-spans.js';

type Random = () => number;
const pick = <T>(r: Random, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

// Mostly what typing puts in a pattern; now and then markup, a CR or half of a reference.
const PIECES = ['a', 'Z', ' ', '\n', '.', 'é', '&amp;', '&', ';', 'var:x ', '\t', '😀', '<', '>', '\r', '-->', '<!--'];

/** Every offset a span of `text` records: where edits next to markup happen. */
function spanOffsets(text: string): number[] {
  const out: number[] = [];
  const visit = (s: XmlSpan) => {
    out.push(s.start, s.openEnd, s.closeStart, s.end);
    s.children.forEach(visit);
  };
  visit(scanXml(text).root);
  return out;
}

/** A random edit of `text` at a random place or next to a tag: an insertion, a deletion or both. */
function randomTextEdit(r: Random, text: string): string {
  const at = r() < 0.5 ? Math.floor(r() * (text.length + 1)) : Math.max(0, pick(r, spanOffsets(text)) + Math.floor(r() * 3) - 1);
  const cut = r() < 0.5 ? at : Math.min(text.length, at + 1 + Math.floor(r() * 6));
  let insert = '';
  for (let k = Math.floor(r() * 4); k > 0; k--) insert += pick(r, PIECES);
  return text.slice(0, at) + insert + text.slice(cut);
}

/** What readCells gives, or the message it throws. */
function reading(text: string): unknown {
  try {
    return readCells(text);
  } catch (error) {
    return { threw: (error as Error).message };
  }
}

function spliced(text: string, edit: CellEdit): string {
  try {
    return applyCellEdit(text, edit);
  } catch (error) {
    return `threw: ${(error as Error).message}`;
  }
}

/** The shared alignments, a new one with three cells added by the form (elements with empty content: `<a></a>`), and other line ends. */
function documents(): Array<[string, string]> {
  let fresh = newAlignmentText({ name: 'New', version: '1' });
  for (let i = 0; i < 3; i++) fresh = applyCellEdit(fresh, { kind: 'add' });
  const co = readData('alignments/CO_FIWARE.rdf');
  return [
    ...alignmentFiles().map((f): [string, string] => [f, readData(`alignments/${f}`)]),
    ['new alignment', fresh],
    // Windows line ends, and a byte order mark: line numbers count them as the reader does.
    ['CO_FIWARE with CRLF', co.replace(/\n/g, '\r\n')],
    ['CO_FIWARE with a BOM and lone CRs', `\uFEFF${co.replace(/\n(?=\s*<align:Cell)/g, '\r')}`],
  ];
}

describe('a reading carried across a text edit', () => {
  it('moves the spans to where a new scan finds them, for every edit it takes (shared alignments, 300 seeded edits each)', () => {
    let carried = 0;
    let refused = 0;
    for (const [file, original] of documents()) {
      const r = seededRandom(file.length * 7919);
      let text = original;
      for (let i = 0; i < 300; i++) {
        const next = randomTextEdit(r, text);
        const moved = spansAfterTextEdit(text, scanXml(text).root, textChange(text, next));
        if (moved === undefined) {
          refused++;
          continue;
        }
        carried++;
        expect(moved.root, `${file}, edit ${i}`).toEqual(scanXml(next).root);
        expect(moved.lines).toBe(next.split('\n').length - text.split('\n').length);
        text = next;
      }
    }
    // Both paths are taken: most random places are in text, some edits touch markup.
    expect(carried).toBeGreaterThan(refused / 4);
    expect(refused).toBeGreaterThan(0);
  });

  it('refuses an edit that could end a comment, CDATA section or processing instruction early, or start one (edits at their ends, 400 seeded)', () => {
    const r = seededRandom(31);
    // Markup whose end is '>' after '--', ']]' or '?': removing or typing next to it moves that end.
    const base = readData('alignments/CO_FIWARE.rdf')
      .replace(/(<align:Cell [^>]*>)/g, '$1<!-- a note -- on the cell -->')
      .replace(/(<align:relation>)/g, '$1<?keep this?>')
      .replace(/(<align:entity1[^>]*>)/g, '$1<![CDATA[ kept ]]>');
    const ends = [...base.matchAll(/-->|\]\]>|\?>|<!--|<!\[CDATA\[|<\?/g)].map((m) => m.index);
    let carried = 0;
    for (let i = 0; i < 400; i++) {
      const at = pick(r, ends) + Math.floor(r() * 9) - 4;
      const cut = r() < 0.5 ? at : at + 1 + Math.floor(r() * 2);
      const next = base.slice(0, at) + pick(r, ['-', '--', ']', ']]', '?', 'a', ' ', '!', '[']) + base.slice(cut);
      const moved = spansAfterTextEdit(base, scanXml(base).root, textChange(base, next));
      if (moved === undefined) continue;
      carried++;
      expect(moved.root, `edit ${i} at ${at}: ${JSON.stringify(next.slice(at - 10, at + 10))}`).toEqual(scanXml(next).root);
    }
    // Some of these places are plain text (just before '<!--', in the cell's whitespace): taken.
    expect(carried).toBeGreaterThan(0);
  });

  it('gives the cells and the next splice a new reading gives, across typing and form edits (shared alignments, 120 seeded steps each)', () => {
    for (const [file, original] of documents()) {
      const r = seededRandom(file.length * 104_729);
      let text = original;
      forgetReadingForTest();
      for (let i = 0; i < 120; i++) {
        const cells = readCells(text);
        const index = Math.floor(r() * cells.length);
        const next =
          r() < 0.6 || cells.length === 0
            ? randomTextEdit(r, text)
            : spliced(text, {
                kind: 'set-text',
                index,
                field: pick(r, ['entity1', 'entity2', 'relation'] as const),
                value: `${cells[index]?.relation ?? ''}${pick(r, PIECES)}`,
              });
        if (next.startsWith('threw: ')) continue;
        const carriedCells = reading(next);
        const nextEdit: CellEdit = pick(r, [
          { kind: 'set-text', index, field: 'relation', value: '<' },
          { kind: 'delete', index },
          { kind: 'move', index, delta: 1 },
          { kind: 'duplicate', index },
        ] as const);
        const carriedSplice = spliced(next, nextEdit);
        forgetReadingForTest();
        expect(carriedCells, `${file}, step ${i}`).toEqual(reading(next));
        forgetReadingForTest();
        expect(carriedSplice, `${file}, step ${i}`).toBe(spliced(next, nextEdit));
        // Carry on from a well-formed text only, read anew so that the next step carries it.
        forgetReadingForTest();
        if (!('threw' in (reading(next) as object))) text = next;
      }
    }
  });
});
