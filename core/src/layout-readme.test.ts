/**
 * The README's Layout section names every source folder (issue 26): each folder under core/src,
 * renderer/src, electron/, e2e/, bench/ and scripts/ (build output, dependencies and test results
 * left out) has a line of its own starting with its path, so a folder added without a word on what
 * lives there fails here. The fixture trees of the dependency check mirror the repository and are
 * named as one folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';

const ROOTS = ['core/src', 'renderer/src', 'electron', 'e2e', 'bench', 'scripts'];
/** Not sources: build output, installed packages, recorded results. */
const SKIPPED = new Set(['node_modules', 'dist', 'dist-types', 'test-results', 'playwright-report', 'results', 'release', 'coverage']);
/** Named, but not descended into. */
const OPAQUE = new Set(['scripts/dependency-check-fixtures']);

function sourceFolders(folder: string): string[] {
  const out = [folder];
  if (OPAQUE.has(folder)) return out;
  for (const entry of readdirSync(join(repoRoot, folder), { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED.has(entry.name)) out.push(...sourceFolders(`${folder}/${entry.name}`));
  }
  return out;
}

/** The paths the Layout block names: the first word of each line that starts at the left edge. */
function layoutPaths(readme: string): Set<string> {
  const section = readme.slice(readme.indexOf('\n## Layout\n'));
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return new Set(
    block
      .split('\n')
      .filter((line) => /^\S/.test(line))
      .map((line) => line.split(/\s+/)[0]?.replace(/\/$/, '') ?? ''),
  );
}

describe("the README's Layout section", () => {
  const named = layoutPaths(readFileSync(join(repoRoot, 'README.md'), 'utf8'));
  const folders = ROOTS.flatMap((root) => sourceFolders(root));

  it('is read (the check can fail)', () => {
    expect(folders).toContain('core/src/node/cli');
    expect(folders).toContain('renderer/src/features/translate/samples');
    expect(folders).not.toContain('core/dist');
    expect(named.has('core/src/common/api')).toBe(true);
    expect(named.has('core/src/nowhere')).toBe(false);
  });

  it('names every source folder on a line of its own', () => {
    expect(folders.filter((folder) => !named.has(folder))).toEqual([]);
  });

  it('names no folder that does not exist', () => {
    const rooted = [...named].filter((path) => ROOTS.some((root) => path === root || path.startsWith(`${root}/`)));
    expect(rooted.filter((path) => !folders.includes(path))).toEqual([]);
  });
});
