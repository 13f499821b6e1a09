import { loadMonaco } from '../editor/load-monaco.js';

type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Issue 27, the workbench cold path: the first alignment opened waited about a second for Monaco's
 * 2.7 MB editor chunk (download, parse, evaluate). It stays out of the first screen's bundle, but
 * is fetched and evaluated once the page is idle after its first paint, so the first open finds it
 * loaded (or already on its way: the loaders share one promise). The graph library is preloaded
 * the same way by the screen that draws graphs (TranslateScreen), not here: its warm-up is 200 ms
 * of uninterruptible main-thread work that, run on the alignments screen, delayed the first click
 * on an alignment by as much (measured in a Chromium trace of the cold open).
 */
export function preloadChunksWhenIdle(win: IdleWindow, loaders: ReadonlyArray<() => Promise<unknown>> = [loadMonaco]): void {
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
