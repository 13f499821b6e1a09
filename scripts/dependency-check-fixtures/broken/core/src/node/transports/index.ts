// A file cycle: index -> load -> index.
export { load } from './load.js';
export const kinds = ['embedded'];
