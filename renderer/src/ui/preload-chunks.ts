type IdleWindow = Pick<Window, 'setTimeout'> & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
};

/**
 * Issue 27, the workbench cold path: runs `loaders` one after the other, each once the page is idle,
 * so a chunk the next click needs is loaded (or already on its way: the loaders share one promise)
 * without delaying the first paint. main.tsx preloads Monaco (the first alignment opened waited
 * about a second for its 2.7 MB chunk); the translate screen preloads and warms up the graph
 * library. Not the graph on the first screen: its warm-up is uninterruptible main-thread work that,
 * run on the alignments screen, delayed the first click on an alignment by 200 ms (measured in a
 * Chromium trace of the cold open).
 */
export function preloadChunksWhenIdle(win: IdleWindow, loaders: ReadonlyArray<() => Promise<unknown>>): void {
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
