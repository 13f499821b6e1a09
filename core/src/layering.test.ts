/**
 * One direction of imports (STYLE.md, "Layout and dependency direction") is enforced by ESLint's
 * `no-restricted-imports` in eslint.config.js, which `npm test` runs over the whole tree (issue 14).
 * This test proves the rules can fail: the repository's own config lints small snippets placed at
 * paths in each unit, and must refuse what the layering forbids and accept what it allows.
 * Type information is switched off here (the layering rules need none), so a snippet costs
 * milliseconds instead of a TypeScript program.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';

const eslint = new ESLint({ cwd: repoRoot, overrideConfig: [tseslint.configs.disableTypeChecked] });

/** The rules a snippet breaks, when linted as if it were the file at `path`. */
async function broken(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = 1;\n`, { filePath: `${repoRoot}/${path}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`).filter((rule) => rule !== '@typescript-eslint/no-unused-vars');
}

const IMPORTS = '@typescript-eslint/no-restricted-imports';

const refused: Array<[string, string]> = [
  // core/src/common runs anywhere.
  ['core/src/common/rdf/x.ts', "import { readFile } from 'node:fs/promises';"],
  ['core/src/common/rdf/x.ts', "import { join } from 'path';"],
  ['core/src/common/rdf/x.ts', "import Database from 'better-sqlite3';"],
  ['core/src/common/rdf/x.ts', "import fastify from 'fastify';"],
  ['core/src/common/rdf/x.ts', "import { openStore } from '../../node/store/index.js';"],
  ['core/src/common/x.ts', "export { openStore } from '../node/store/index.js';"],
  ['core/src/common/rdf/x.ts', "import { app } from 'electron';"],
  // Nothing in core imports the shell or the UI.
  ['core/src/node/x.ts', "import { app } from 'electron';"],
  ['core/src/node/x.ts', "import { useState } from 'react';"],
  ['core/src/node/x.ts', "import * as monaco from 'monaco-editor';"],
  ['core/src/node/x.ts', "import { App } from '../../../renderer/src/app/App.js';"],
  // The renderer: no Node, no Electron, no core internals, only types from core.
  ['renderer/src/store/x.ts', "import { readFile } from 'node:fs/promises';"],
  ['renderer/src/store/x.ts', "import { ipcRenderer } from 'electron';"],
  ['renderer/src/store/x.ts', "import { startServer } from '@mediator/core/node';"],
  ['renderer/src/store/x.ts', "import { ErrorCodes } from '@mediator/core/common/errors.js';"],
  ['renderer/src/store/x.ts', "import { x } from '../../../core/src/common/index.js';"],
  ['renderer/src/store/x.ts', "import { ErrorCodes } from '@mediator/core';"],
  ['renderer/src/store/x.ts', "import { x } from '@mediator/core/authoring/edit-cells.js';"],
  ['renderer/src/store/x.ts', "import { app } from 'electron/main';"],
  ['renderer/src/app/x.ts', "import { startDesktop } from '../../../electron/src/main/main.js';"],
  ['renderer/src/app/x.ts', "import type { Settings } from '../../../electron/src/main/desktop-settings.js';"],
  // The desktop shell: Electron at run time only in main.ts and the preload; the preload takes
  // nothing else at run time; common/ imports nothing at run time.
  ['electron/src/main/x.ts', "import { app } from 'electron';"],
  ['electron/src/preload/x.cts', "import { channels } from '../common/ipc-contract.js';"],
  ['electron/src/preload/x.cts', "import { readFile } from 'node:fs';"],
  ['electron/src/common/x.ts', "import { join } from 'node:path';"],
];

const allowed: Array<[string, string]> = [
  ['core/src/common/rdf/x.ts', "import { factory } from './terms.js';"],
  ['core/src/node/x.ts', "import { readFile } from 'node:fs/promises';"],
  ['renderer/src/store/x.ts', "import type { ErrorCode } from '@mediator/core';"],
  ['renderer/src/store/x.ts', "import { createElement } from 'react';"],
  // Core's authoring entry point: pure helpers the cell editor runs in the page (issue 39).
  ['renderer/src/store/x.ts', "import { applyCellEdit } from '@mediator/core/authoring';"],
  // The one IPC contract: the page takes the desktop bridge's name and types from it (issue 26).
  ['renderer/src/app/x.ts', "import { BRIDGE_NAME, type OpenedFile } from '../../../electron/src/common/ipc-contract.js';"],
  ['electron/src/main/main.ts', "import { app } from 'electron';"],
  ['electron/src/main/x.ts', "import type { BrowserWindow } from 'electron';"],
  ['electron/src/main/x.ts', "import { startServer } from '@mediator/core/node';"],
  ['electron/src/preload/x.cts', "import { ipcRenderer } from 'electron';"],
  ['electron/src/preload/x.cts', "import type { DesktopApi } from '../common/ipc-contract.js';"],
];

describe('layering rules (eslint.config.js)', () => {
  it.each(refused)('refuses in %s: %s', async (path, code) => {
    expect(await broken(path, code)).toEqual([IMPORTS]);
  });

  it.each(allowed)('allows in %s: %s', async (path, code) => {
    expect(await broken(path, code)).toEqual([]);
  });

  it('keeps requests in the renderer API client', async () => {
    expect(await broken('renderer/src/features/x.ts', 'void fetch("/alignments");')).toEqual(['no-restricted-globals']);
    expect(await broken('renderer/src/features/x.ts', 'void window.fetch("/alignments");')).toEqual(['no-restricted-syntax']);
    expect(await broken('renderer/src/features/x.ts', 'new WebSocket("ws://x");')).toEqual(['no-restricted-globals']);
    expect(await broken('renderer/src/api/x.ts', 'void fetch("/alignments");')).toEqual([]);
  });

  it('keeps the desktop shell free of default exports and synchronous calls', async () => {
    expect(await broken('electron/src/main/x.ts', 'export default 1;')).toEqual(['no-restricted-exports']);
    expect(await broken('electron/src/main/x.ts', "import { readFileSync } from 'node:fs';\nreadFileSync('x');")).toEqual(['no-restricted-syntax']);
    expect(await broken('electron/src/main/x.ts', "import { dialog } from 'electron';\ndialog.showMessageBoxSync({ message: 'x' });")).toEqual([
      IMPORTS,
      'no-restricted-syntax',
    ]);
  });
});
