import type * as Draw from './cytoscape-draw.js';

let loading: Promise<typeof Draw> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The graph library is a separate chunk, loaded on the first graph shown or when the translate screen is first
 * idle (ui/preload-chunks.ts). A failed load is forgotten, so the next graph tries again.
 */
export function loadGraphDrawing(): Promise<typeof Draw> {
  loading ??= import('./cytoscape-draw.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

const warmed = new Set<number>();

/**
 * The idle-time preload of the screen that draws payload graphs (ui/preload-chunks.ts): loading
 * the library, then one warm-up drawing per layout (cytoscape-draw.ts, warmUpDrawing), each a
 * separate step so the page gets the main thread back between them. Each size is drawn once.
 */
export const warmGraphDrawing: ReadonlyArray<() => Promise<unknown>> = [
  loadGraphDrawing,
  ...[0, 1].map((i) => async () => {
    const draw = await loadGraphDrawing();
    const size = draw.WARM_UP_SIZES[i];
    if (size === undefined || warmed.has(size)) return;
    warmed.add(size);
    await inDrawingQueue(() => draw.warmUpDrawing(size));
  }),
];

/**
 * Runs drawings one after the other. Layout is synchronous work on the main thread: two graphs laid
 * out at once would both appear only when both are done, and each one's time would include the other's.
 */
export function inDrawingQueue<T>(draw: () => Promise<T>): Promise<T> {
  const next = queue.then(draw, draw);
  queue = next.catch(() => undefined);
  return next;
}
