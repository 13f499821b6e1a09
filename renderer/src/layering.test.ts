/**
 * The renderer's shape (STYLE.md) beyond what ESLint checks. Its imports (no Node, Electron or
 * core internals; only `import type` from `@mediator/core`) and "requests only in the API client"
 * are rules in eslint.config.js (issue 14; core/src/layering.test.ts proves they can fail). What
 * remains here has no lint rule: api/types.ts declares no API shapes of its own (they come from
 * core's API module), and components only render and dispatch: every request and state change
 * lives in the store slices (tested in store/*.test.ts), so no component calls the network or holds
 * the API client. Checked on the source text of every file, read through Vite's import.meta.glob
 * so the check needs nothing outside the renderer.
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(['./**/*.ts', './**/*.tsx', '!./**/*.test.ts', '!./**/*.test-support.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const components = Object.entries(sources).filter(([path]) => path.endsWith('.tsx'));

/** Value imports (not `import type`) and dynamic imports of a file, with their names. */
function imports(text: string): Array<{ spec: string; names: string; typeOnly: boolean }> {
  return [...text.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?([^'"]*?)\s*from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => ({
    spec: m[4] ?? m[5] ?? '',
    names: m[3] ?? '',
    typeOnly: m[2] !== undefined,
  }));
}

const CORE_PURE = '@mediator/core';
const NETWORK = /\b(fetch|XMLHttpRequest|WebSocket|EventSource)\s*\(|new\s+(XMLHttpRequest|WebSocket|EventSource)\b|\bcreateHttpApi\b|\bMediatorApi\b/;

describe('renderer layering', () => {
  it('reads the sources (the checks below can fail)', () => {
    expect(components.length).toBeGreaterThan(10);
    expect(imports(sources['./main.tsx'] ?? '').map((i) => i.spec)).toContain('./app/App.js');
    expect(NETWORK.test('await fetch(url)')).toBe(true);
    expect(imports(sources['./main.tsx'] ?? '').find((i) => i.spec === './api/index.js')).toEqual({
      spec: './api/index.js',
      names: '{ createHttpApi }',
      typeOnly: false,
    });
    expect(NETWORK.test(sources['./main.tsx'] ?? '')).toBe(true);
  });

  it('takes the API shapes from core: api/types.ts declares none of its own but what the renderer adds', () => {
    const text = (sources['./api/types.ts'] ?? '').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const interfaces = [...text.matchAll(/\binterface\s+(\w+)/g)].map((m) => m[1]);
    expect(interfaces).toEqual(['UploadOutcome', 'ValidationResult']);
    const objectTypes = [...text.matchAll(/\btype\s+(\w+)\s*=\s*\{/g)].map((m) => m[1]);
    expect(objectTypes).toEqual([]);
    expect(imports(text).find((i) => i.spec === CORE_PURE)).toMatchObject({ typeOnly: true });
  });

  it('components make no requests and hold no API client: they go through the store', () => {
    const offending: string[] = [];
    for (const [path, text] of components) {
      // main.tsx wires the store to the client once; that is start-up, not a component.
      if (path === './main.tsx') continue;
      const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      if (NETWORK.test(code)) offending.push(`${path}: calls the network or names the API client`);
      for (const i of imports(code)) {
        // Types and constants of the API are fine; its functions are the store's business.
        if (/\/api\/(index|client)\.js$/.test(i.spec) && !i.typeOnly && !/^\{\s*[A-Z_]+(\s*,\s*[A-Z_]+)*\s*\}$/.test(i.names)) {
          offending.push(`${path}: imports ${i.names} from ${i.spec}`);
        }
      }
    }
    expect(offending).toEqual([]);
  });
});
