import { readFile } from 'node:fs/promises';
import { run } from '../../common/translation/run.js';

export const openStore = [readFile, run];
