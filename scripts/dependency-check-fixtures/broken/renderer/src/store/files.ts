// The renderer runs in a browser: no Node built-in, no Electron, nothing from core/src/node.
export { readFile } from 'node:fs';
export { ipcRenderer } from 'electron';
export { openStore } from '../../../core/src/node/store/store.js';
