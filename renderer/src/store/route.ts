/**
 * The workbench's state in the URL (issue 25, point 8): the screen, the open alignment and the
 * translate chain, so a link or a fresh browser shows the same thing. Pure.
 *   #/alignments/<name>/<version>     the alignment open in the editor
 *   #/alignments/<name>/<version>/<cell>  ... with that cell shown (a suite's or a trace's link to a cell)
 *   #/translate/<name>/<version>/...  the chain, in order
 *   #/<screen>                        any other screen
 */
import type { AlignmentId } from '../api/index.js';
import { SCREENS, type Screen } from './navigation-slice.js';

export interface Route {
  readonly screen: Screen;
  /** Alignments: the stored alignment to show in the editor. */
  readonly alignment?: AlignmentId;
  /** Alignments: the cell of that alignment to show. */
  readonly cell?: string;
  /** Translate: the chain of alignments. */
  readonly chain?: readonly AlignmentId[];
}

function pairs(segments: readonly string[]): AlignmentId[] {
  const ids: AlignmentId[] = [];
  for (let i = 0; i + 1 < segments.length; i += 2) ids.push({ name: segments[i] ?? '', version: segments[i + 1] ?? '' });
  return ids;
}

export function parseRoute(hash: string): Route | undefined {
  const segments = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const screen = SCREENS.find((s) => s === segments[0]);
  if (screen === undefined) return undefined;
  const rest = segments.slice(1);
  if (screen === 'alignments' && rest.length >= 2) {
    const alignment = pairs(rest)[0] ?? { name: '', version: '' };
    return rest[2] === undefined ? { screen, alignment } : { screen, alignment, cell: rest[2] };
  }
  if (screen === 'translate' && rest.length >= 2) return { screen, chain: pairs(rest) };
  return { screen };
}

const encodeId = (id: AlignmentId) => `${encodeURIComponent(id.name)}/${encodeURIComponent(id.version)}`;

export function formatRoute(route: Route): string {
  if (route.screen === 'alignments' && route.alignment !== undefined)
    return `#/alignments/${encodeId(route.alignment)}${route.cell === undefined ? '' : `/${encodeURIComponent(route.cell)}`}`;
  if (route.screen === 'translate' && route.chain !== undefined && route.chain.length > 0) return `#/translate/${route.chain.map(encodeId).join('/')}`;
  return `#/${route.screen}`;
}

/** The link that opens a cell of a stored alignment in the editor. */
export function cellHref(id: AlignmentId, cell: string): string {
  return formatRoute({ screen: 'alignments', alignment: id, cell });
}
