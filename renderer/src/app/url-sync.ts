/**
 * Keeps the URL and the workbench in step (store/route.ts): the URL's route is applied on load and
 * on back/forward; the state's route is written back with replaceState whenever it changes (a link
 * click has already pushed its own history entry). Routes pass through the store's own actions, so
 * an unsaved editor still asks before it is left.
 */
import type { AlignmentId } from '../api/index.js';
import { sameAlignment, type WorkbenchStore } from '../store/index.js';
import { formatRoute, parseRoute, type Route } from '../store/route.js';
import type { WorkbenchState } from '../store/types.js';

export interface UrlTarget {
  readonly location: { readonly hash: string };
  readonly history: { replaceState(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'hashchange', listener: () => void): void;
  removeEventListener(type: 'hashchange', listener: () => void): void;
}

export function routeOf(state: WorkbenchState): Route {
  const editor = state.editor;
  if (state.screen === 'alignments' && editor?.source.kind === 'stored')
    return editor.cellFocus === undefined
      ? { screen: 'alignments', alignment: editor.source.id }
      : { screen: 'alignments', alignment: editor.source.id, cell: editor.cellFocus.cellId };
  if (state.screen === 'translate') return { screen: 'translate', chain: state.sequence };
  return { screen: state.screen };
}

const sameChain = (a: readonly AlignmentId[], b: readonly AlignmentId[]) =>
  a.length === b.length && a.every((id, i) => b[i] !== undefined && sameAlignment(id, b[i]));

function apply(store: WorkbenchStore, route: Route): void {
  const state = store.getState();
  if (state.screen !== route.screen) state.navigate(route.screen);
  const now = store.getState();
  if (now.screen !== route.screen) return;
  if (route.alignment !== undefined) {
    const open = now.editor?.source.kind === 'stored' ? now.editor.source.id : undefined;
    const cell = route.cell;
    if (open === undefined || !sameAlignment(open, route.alignment)) {
      const opening = now.openStoredAlignment(route.alignment);
      if (cell !== undefined) void opening.then(() => store.getState().focusCell(cell));
    } else if (cell !== undefined && now.editor?.cellFocus?.cellId !== cell) now.focusCell(cell);
  }
  if (route.chain !== undefined && !sameChain(route.chain, now.sequence)) now.setSequence(route.chain);
}

/** Applies the URL now and follows both ways until disposed. */
export function syncUrl(store: WorkbenchStore, target: UrlTarget): () => void {
  // The hash last read or written here. The URL can move before its hashchange event arrives (a
  // typed address, a test's goto); a state change in that gap must not write the old screen back
  // over the new URL, so a hash that is not this one is applied first.
  let synced = target.location.hash;
  let applying = false;
  const fromUrl = () => {
    applying = true;
    try {
      const route = parseRoute(target.location.hash);
      if (route !== undefined) apply(store, route);
    } finally {
      applying = false;
    }
    synced = target.location.hash;
    toUrl();
  };
  const toUrl = () => {
    if (applying) return;
    if (target.location.hash !== synced) return fromUrl();
    const hash = formatRoute(routeOf(store.getState()));
    if (hash !== target.location.hash) target.history.replaceState(null, '', hash);
    synced = target.location.hash;
  };
  fromUrl();
  const unsubscribe = store.subscribe(toUrl);
  target.addEventListener('hashchange', fromUrl);
  return () => {
    unsubscribe();
    target.removeEventListener('hashchange', fromUrl);
  };
}
