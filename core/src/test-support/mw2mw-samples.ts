/** The shipped mw2mw API samples (core/samples/mw2mw), for the change-history tests. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './shared-data.js';

export const mw2mwSamplesDir = join(repoRoot, 'core', 'samples', 'mw2mw');

export function mw2mwSamplePath(version: string): string {
  return join(mw2mwSamplesDir, `mw2mw-${version}.yaml`);
}

export function readMw2mwSample(version: string): string {
  return readFileSync(mw2mwSamplePath(version), 'utf8');
}
