import { loadMonaco } from '../editor/load-monaco.js';
import { loadGraphDrawing } from '../features/graph/load-graph.js';

type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Issue 27, the workbench cold path: the first alignment opened waited about a second for Monaco's
 * 2.7 MB editor chunk (download, parse, evaluate) and the first payload graph for cytoscape's. Both
 * stay out of the first screen's bundle, but are fetched and evaluated once the page is idle after
 * its first paint, so the first open finds them loaded (or already on their way: the loaders share
 * one promise). The graph's layouts are also run once on a small graph, to compile their code. Monaco first: the alignments screen, the default, needs it on the first click.
 */
export function preloadChunksWhenIdle(
  win: IdleWindow,
  loaders: ReadonlyArray<() => Promise<unknown>> = [loadMonaco, () => loadGraphDrawing().then((draw) => draw.warmUpLayouts())],
): void {
  const idle = (run: () => void) => {
    // Bounded: a page that is never idle (a busy tab) still gets the chunks within a second.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 1000 });
    else win.setTimeout(run, 200);
  };
  const next = (i: number) => {
    const load = loaders[i];
    if (load === undefined) return;
    // A failed preload is not an error: the screen that needs the chunk loads it again and reports it.
    idle(
      () =>
        void load().then(
          () => next(i + 1),
          () => next(i + 1),
        ),
    );
  };
  next(0);
}
