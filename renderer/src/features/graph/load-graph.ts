import type * as Draw from './cytoscape-draw.js';

let loading: Promise<typeof Draw> | undefined;

/** The graph library is a separate chunk, loaded on the first graph shown. */
export function loadGraphDrawing(): Promise<typeof Draw> {
  loading ??= import('./cytoscape-draw.js');
  return loading;
}
