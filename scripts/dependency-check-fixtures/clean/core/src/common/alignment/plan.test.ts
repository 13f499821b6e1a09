// A test may drive its code from above: not a layer violation, not a folder cycle.
export { openStore } from '../../node/store/store.js';
export { readFile } from 'node:fs/promises';
