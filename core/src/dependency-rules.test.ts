/**
 * The dependency check of the lint suite (scripts/check-dependencies.mjs over .dependency-cruiser.cjs,
 * issue 26) can fail: run as `npm test` runs it, on two small trees laid out like this repository
 * (scripts/dependency-check-fixtures/), it must refuse every layer violation and cycle planted in
 * `broken/` (a folder cycle with no file cycle among them, which a file-level rule alone would
 * miss) and accept `clean/`, whose imports are the allowed forms of the same (a test driving its
 * code from above, the renderer taking types from core's entry point).
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';

const run = promisify(execFile);
const script = join(repoRoot, 'scripts/check-dependencies.mjs');
const fixtures = join(repoRoot, 'scripts/dependency-check-fixtures');

/** Exit code and the violation lines (the indented detail lines and the summary left out). */
async function check(tree: string): Promise<{ code: number; violations: string[]; summary: string }> {
  const result = await run(process.execPath, [script, '--base', join(fixtures, tree)], { cwd: repoRoot, timeout: 60_000 }).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ code: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  const lines = result.stdout.split('\n').filter((line) => line !== '');
  return {
    code: result.code,
    violations: lines.filter((line) => !line.startsWith(' ') && !line.startsWith('dependencies:')).sort(),
    summary: lines.find((line) => line.startsWith('dependencies:')) ?? '',
  };
}

describe('dependency rules (.dependency-cruiser.cjs, scripts/check-dependencies.mjs)', () => {
  it('refuse every planted layer violation, file cycle and folder cycle, and exit 1', async () => {
    const { code, violations, summary } = await check('broken');
    expect(violations).toEqual(
      [
        'common-no-node-builtins: core/src/common/rdf/terms.ts -> fs/promises',
        'common-not-node: core/src/common/rdf/terms.ts -> core/src/node/store/store.ts',
        'core-no-ui: core/src/node/server/ui.ts -> ../../../node_modules/react/index.js',
        'core-no-ui: core/src/node/server/ui.ts -> renderer/src/app/app.ts',
        'no-circular: core/src/node/transports/index.ts -> core/src/node/transports/load.ts -> core/src/node/transports/index.ts',
        'renderer-core-entry-only: renderer/src/store/files.ts -> core/src/node/store/store.ts',
        'renderer-no-electron: renderer/src/store/files.ts -> ../../../node_modules/electron/index.js',
        'renderer-no-node-builtins: renderer/src/store/files.ts -> fs',
        'renderer-not-node: renderer/src/store/files.ts -> core/src/node/store/store.ts',
        'test-support-only-from-tests: core/src/node/server/start.ts -> core/src/test-support/wait.ts',
        'folder-cycle: core/src/common/alignment <-> core/src/common/translation',
      ].sort(),
    );
    expect(summary).toMatch(/; 11 violation\(s\)$/);
    expect(code).toBe(1);
  });

  it('accept the allowed forms and exit 0', async () => {
    const { code, violations, summary } = await check('clean');
    expect(violations).toEqual([]);
    expect(summary).toMatch(/^dependencies: 9 modules, \d+ folders; no violations$/);
    expect(code).toBe(0);
  });
});
