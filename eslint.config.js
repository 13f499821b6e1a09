// ESLint flat config (issue 14): typescript-eslint's type-aware recommended rules over every unit,
// and the layering of STYLE.md ("Layout and dependency direction") as no-restricted-imports per
// directory, replacing the hand-written import scanners. Prettier formats; eslint-config-prettier
// (last) switches off the stylistic rules that would fight it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Node's built-in modules, bare and `node:`-prefixed, for the units that must run anywhere. */
const NODE_BUILTINS = {
  group: [
    'node:*',
    'fs',
    'fs/*',
    'path',
    'path/*',
    'os',
    'child_process',
    'crypto',
    'http',
    'https',
    'net',
    'url',
    'util',
    'stream',
    'stream/*',
    'events',
    'worker_threads',
    'zlib',
    'buffer',
  ],
  message: 'This unit runs anywhere (STYLE.md): no Node built-ins.',
};
const UI_PACKAGES = {
  group: [
    'electron',
    'electron/*',
    'react',
    'react/*',
    'react-dom',
    'react-dom/*',
    'monaco-editor',
    'monaco-editor/*',
    'zustand',
    'zustand/*',
    '@mediator/renderer',
    '@mediator/renderer/*',
    '@mediator/electron',
    '@mediator/electron/*',
  ],
  message: 'core never imports the desktop shell or the UI (STYLE.md).',
};
const CORE_UI_PATHS = {
  group: ['**/renderer/**', '**/electron/**'],
  message: 'core never imports the desktop shell or the UI (STYLE.md).',
};
const NODE_ONLY_PACKAGES = {
  group: ['better-sqlite3', 'fastify', 'fastify/*', '@fastify/*', 'pino', 'pino/*', 'nats', 'kafkajs', 'autocannon'],
  message: 'core/src/common runs anywhere (STYLE.md): Node-only packages belong in core/src/node.',
};
const CORE_NODE_PATHS = {
  group: ['**/node/**', '../node', '@mediator/core/node', '@mediator/core/node/*'],
  message: 'core/src/common runs anywhere (STYLE.md): nothing from core/src/node.',
};

/** Globals that make requests; in the renderer only its API client (src/api/) may use them. */
const REQUEST_GLOBALS = ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource'].map((name) => ({
  name,
  message: 'The renderer makes requests only in its API client (renderer/src/api/); go through the store.',
}));

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-types/',
      'test-results/',
      '**/test-results/',
      '**/playwright-report/',
      'coverage/',
      'bench/results/',
      '.venv-fuzz/',
      'renderer/src/api/openapi.generated.ts',
      // Deliberately broken trees for core/src/dependency-rules.test.ts; in no TypeScript project.
      'scripts/dependency-check-fixtures/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Off: `async` without `await` is deliberate here. Fastify handlers, fakes in tests and
      // interface implementations are `async` so that their signature is the Promise the interface
      // declares and a synchronous throw becomes a rejection, not an exception at the call site.
      '@typescript-eslint/require-await': 'off',
      // A caught `unknown` is passed on unchanged (rethrown as a rejection), as the original was.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // `_`-prefixed names are deliberately unused (positional parameters, rest-omission).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // core's tests and test support are excluded from core/tsconfig.json (the build); they are
    // type-checked by core/tsconfig.test.json, which the project service would not find.
    files: ['core/src/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: false, project: ['./core/tsconfig.test.json'], tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Plain JavaScript (scripts, the bin shim) and the tool configs that no tsconfig includes are in
    // no TypeScript project: linted without type information.
    files: ['**/*.js', '**/*.mjs', '**/*.cjs', 'vitest.config.ts', 'renderer/vite.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.test.ts', '**/*.test-support.ts', '**/test-support/**/*.ts', 'e2e/**/*.ts', 'electron/tests/**/*.ts'],
    rules: {
      // Off in tests: Vitest's and Playwright's asymmetric matchers (expect.any, expect.stringContaining,
      // expect.objectContaining...) are typed `any` by the libraries, and tests place them in objects.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    // Node's globals everywhere but the renderer, which gets the browser's.
    ignores: ['renderer/src/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // Off: the store's actions are closures made by zustand's creator (no `this`), declared with
      // method syntax in the slice interfaces; components take them out of the store by design.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Each slice merges its interface into the store's WorkbenchState (store/types.ts) with an
    // empty `interface WorkbenchState extends XSlice {}`: that form only.
    files: ['renderer/src/store/*-slice.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }] },
  },
  {
    // Off where non-Error values are thrown on purpose, as control flow inside one function or
    // class: the fast JSON-LD reader throws a sentinel to hand the document to jsonld.js, the JSON
    // error locator throws an offset, and translation's ExpressionError is a plain class without a stack
    // (it is thrown per row on the hot path and always caught by the cell evaluator).
    files: [
      'core/src/common/jsonld/fast-reader.ts',
      'core/src/common/jsonld/json-errors.ts',
      'core/src/common/translation/expression-error.ts',
      'core/src/common/translation/executable-cell.ts',
    ],
    rules: { '@typescript-eslint/only-throw-error': 'off' },
  },

  // --- Layering (STYLE.md, "Layout and dependency direction") ---
  {
    files: ['core/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UI_PACKAGES, CORE_UI_PATHS] }],
    },
  },
  {
    files: ['core/src/common/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UI_PACKAGES, CORE_UI_PATHS, NODE_BUILTINS, NODE_ONLY_PACKAGES, CORE_NODE_PATHS] }],
    },
  },
  {
    files: ['core/src/common/**/*.test.ts', 'core/src/**/test-support/**/*.ts'],
    // Tests and their support read the fixtures from disk; they are not part of what runs anywhere.
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [UI_PACKAGES, CORE_UI_PATHS] }],
    },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mediator/core',
              allowTypeImports: true,
              message: "The renderer takes only types from core's pure entry point (`import type`), so no engine code reaches the bundle.",
            },
          ],
          patterns: [
            { ...NODE_BUILTINS, message: 'The renderer speaks the REST API like any other client (STYLE.md): no Node built-ins.' },
            {
              // Except the one IPC contract (electron/src/common/ipc-contract.ts), which runs anywhere
              // and imports nothing at run time: the page takes the desktop bridge's name and types
              // from it, so it spells neither (issue 26).
              group: ['@mediator/electron', '@mediator/electron/*'],
              message: 'The renderer runs in a browser too (STYLE.md): no Electron; native needs go through the preload.',
            },
            {
              // A regex, not a group: a group's `electron` would match the contract's folder too.
              regex: '^electron$|(^|/)electron/(?!src/common/ipc-contract\\.js$)',
              message: 'The renderer runs in a browser too (STYLE.md): no Electron; native needs go through the preload.',
            },
            {
              // Except core's authoring entry point (issue 39): the cell editor's pure XML splices
              // and the function list, published apart so the bundle takes them and no engine code.
              group: ['@mediator/core/*', '**/core/**', '!@mediator/core/authoring'],
              message: "No deep imports into core and nothing from core's Node part (STYLE.md); types come from `@mediator/core`.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/**/*.ts', 'renderer/src/**/*.tsx'],
    ignores: ['renderer/src/api/**'],
    rules: {
      'no-restricted-globals': ['error', ...REQUEST_GLOBALS],
      'no-restricted-syntax': [
        'error',
        ...REQUEST_GLOBALS.map(({ name, message }) => ({
          selector: `MemberExpression[object.name=/^(window|globalThis|self)$/][property.name='${name}']`,
          message,
        })),
      ],
    },
  },
  {
    // Only the two wiring files touch Electron at run time; everything else is testable in Node.
    files: ['electron/src/**/*.ts', 'electron/src/**/*.cts'],
    ignores: ['electron/src/main/main.ts', 'electron/src/preload/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              allowTypeImports: true,
              message: 'Only main/main.ts and the preload import electron at run time; take its types with `import type`.',
            },
          ],
          patterns: [{ group: ['electron/*'], allowTypeImports: true, message: 'Only main/main.ts and the preload import electron at run time.' }],
        },
      ],
    },
  },
  {
    files: ['electron/src/common/**/*.ts'],
    ignores: ['electron/src/common/**/*.test.ts'],
    rules: {
      // Shared with the renderer and run anywhere: nothing at run time, not Node, not Electron.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*'], allowTypeImports: true, message: 'electron/src/common runs anywhere: it imports nothing at run time (types only).' }] },
      ],
    },
  },
  {
    files: ['electron/src/preload/**/*.cts', 'electron/src/preload/**/*.ts'],
    ignores: ['electron/src/preload/**/*.test.ts'],
    rules: {
      // The sandboxed preload can require only `electron` (Electron's sandbox, "Preload scripts");
      // its own modules and the contract it may take as types only.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '!electron'],
              allowTypeImports: true,
              message: 'The sandboxed preload requires only electron (types from elsewhere via `import type`).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/src/**/*.ts', 'electron/src/**/*.cts'],
    rules: {
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
    },
  },
  {
    // Async I/O only (STYLE.md): no synchronous Node or Electron calls in the shell.
    files: ['electron/src/**/*.ts', 'electron/src/**/*.cts'],
    ignores: ['electron/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'CallExpression[callee.property.name=/Sync$/]', message: 'Async I/O only (STYLE.md): no synchronous calls in the desktop shell.' },
        { selector: 'CallExpression[callee.name=/Sync$/]', message: 'Async I/O only (STYLE.md): no synchronous calls in the desktop shell.' },
      ],
    },
  },
  prettier,
);
