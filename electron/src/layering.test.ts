/**
 * The shape rules of the desktop shell, checked on the sources (STYLE.md): only the two wiring files
 * touch Electron at run time, the sandboxed preload requires nothing but `electron`, `common/` runs
 * anywhere, and there are no default exports or synchronous file calls.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = fileURLToPath(new URL('.', import.meta.url));

async function sources(): Promise<Array<{ file: string; text: string }>> {
  const entries = await readdir(srcDir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && /\.c?ts$/.test(entry.name)).map((entry) => join(entry.parentPath, entry.name));
  return Promise.all(files.map(async (file) => ({ file: relative(srcDir, file).split('\\').join('/'), text: await readFile(file, 'utf8') })));
}

/** Module specifiers of imports that survive compilation (not `import type`, not all-`type` named imports). */
function runtimeImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+'([^']+)';/gm)) {
    const [, typeOnly, clause = '', specifier = ''] = match;
    if (typeOnly) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (
      named &&
      named[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '))
    )
      continue;
    found.push(specifier);
  }
  for (const match of text.matchAll(/(?:import|require)\(\s*'([^']+)'\s*\)/g)) found.push(match[1]!);
  return found;
}

/**
 * The unsaved-edits question (unload-guard.ts) is the one synchronous call allowed: Electron takes the
 * decision from `preventDefault()` during 'will-prevent-unload', so the answer must be there before
 * the listener returns. Only the call handed to `guardUnload` is exempt.
 */
function withoutUnloadDialog(text: string): string {
  return text.replace(/guardUnload\([^;]*?dialog\.showMessageBoxSync\(/g, 'guardUnload(');
}

describe('desktop shell layering', () => {
  it('only main.ts and the preload import electron at run time (everything else is testable here)', async () => {
    const users = (await sources()).filter(({ text }) => runtimeImports(text).includes('electron')).map(({ file }) => file);
    expect(users.sort()).toEqual(['main/main.ts', 'preload/preload.cts']);
  });

  it('the sandboxed preload requires only electron', async () => {
    const preload = (await sources()).find(({ file }) => file === 'preload/preload.cts');
    expect(runtimeImports(preload!.text)).toEqual(['electron']);
  });

  it('common/ imports nothing from node or electron', async () => {
    for (const { file, text } of await sources()) {
      if (!file.startsWith('common/') || file.endsWith('.test.ts')) continue;
      expect(runtimeImports(text), file).toEqual([]);
    }
  });

  it('has no default exports and no synchronous calls (but the one message box Electron needs)', async () => {
    for (const { file, text } of await sources()) {
      expect(text, file).not.toMatch(/export\s+default\b/);
      if (!file.endsWith('.test.ts')) expect(withoutUnloadDialog(text), file).not.toMatch(/\b\w+Sync\(/);
    }
  });

  it('allows the synchronous message box only where main.ts answers will-prevent-unload', async () => {
    const users = (await sources()).filter(({ text }) => /showMessageBoxSync\(/.test(text) && !text.includes('withoutUnloadDialog')).map(({ file }) => file);
    expect(users).toEqual(['main/main.ts']);
    expect(withoutUnloadDialog('guardUnload(window.webContents, (options) => dialog.showMessageBoxSync(window, options));')).not.toMatch(/Sync\(/);
    expect(withoutUnloadDialog('dialog.showMessageBoxSync(window, options);')).toMatch(/Sync\(/);
  });

  it('recognises the import forms it looks for', () => {
    expect(runtimeImports("import { app } from 'electron';\nimport type { A } from 'x';\nimport { type B, type C } from 'y';")).toEqual(['electron']);
    expect(runtimeImports("const core = await import('@mediator/core/node');")).toEqual(['@mediator/core/node']);
  });
});
