// common must run anywhere: no Node built-in, nothing from core/src/node.
export { readFile } from 'node:fs/promises';
export { openStore } from '../../node/store/store.js';
