import { openStore } from '../node/store/store.js';

export const wait = openStore;
