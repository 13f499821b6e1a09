import { kinds } from './index.js';

export const load = kinds;
