/**
 * One direction of imports (STYLE.md): core/src/common runs anywhere, so it never imports node:*,
 * Node-only packages, core/src/node, or UI/Electron packages; nothing in core imports electron,
 * react or monaco. Checked on the source text of every file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

function imports(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2] ?? '');
}

const core = join(repoRoot, 'core/src');
const NODE_ONLY = /^(node:|fs$|path$|os$|child_process$|better-sqlite3|fastify|@fastify\/|pino|nats|kafkajs|autocannon)/;
const UI = /^(electron|react|react-dom|monaco-editor|zustand)(\/|$)/;

describe('import direction', () => {
  it('core/src/common imports nothing Node-only and nothing from core/src/node', () => {
    const offending: string[] = [];
    for (const file of files(join(core, 'common'))) {
      for (const spec of imports(file)) {
        if (NODE_ONLY.test(spec) || spec.includes('/node/') || spec.startsWith('../node')) offending.push(`${relative(repoRoot, file)} -> ${spec}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('nothing in core imports electron, react, monaco or zustand', () => {
    const offending = files(core).flatMap((file) =>
      imports(file)
        .filter((s) => UI.test(s))
        .map((s) => `${relative(repoRoot, file)} -> ${s}`),
    );
    expect(offending).toEqual([]);
  });

  it('finds imports at all (the check can fail)', () => {
    expect(imports(join(core, 'node/cli.ts'))).toContain('node:fs/promises');
  });
});
