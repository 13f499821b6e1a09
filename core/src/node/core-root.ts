/**
 * Where core/ is on disk, found by walking up from this module to core's package.json, so that
 * the files core ships beside its code (the mw2mw samples, the translation worker, the workbench
 * UI next door) are found alike from src/ (tests), dist/ (the compiled modules) and dist/bundle/
 * (the start-up bundle, where every module shares the bundle's URL).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = '@mediator/core';

function findCoreRoot(start: string): string {
  for (let dir = start; ;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${PACKAGE_NAME} above ${start}`);
    dir = parent;
  }
}

let cached: string | undefined;

/** The absolute path of core/ (the directory of its package.json). */
export function coreRoot(): string {
  cached ??= findCoreRoot(dirname(fileURLToPath(import.meta.url)));
  return cached;
}

/** A path under core/, e.g. `corePath('samples', 'mw2mw')`. */
export function corePath(...segments: string[]): string {
  return join(coreRoot(), ...segments);
}
