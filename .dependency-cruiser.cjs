// The dependency rules of the code base (issue 26), checked by `npm test` (the lint suite) and
// `npm run lint` through scripts/check-dependencies.mjs, which adds what a rule here cannot say:
// no cycle between folders (modules collapsed to their folder, see folderOf there).
//
// The layers (STYLE.md, "Layout and dependency direction"): core/src/common runs anywhere,
// core/src/node is Node-only, the renderer speaks HTTP and takes only types from core's common
// entry point, electron may use core; test support is for tests only. ESLint's
// no-restricted-imports (eslint.config.js) says the same per file with friendlier messages;
// these rules see the resolved module graph, so an import that a path pattern misses (a re-export
// chain, a relative path spelled another way) is caught here too.
//
// Every path is relative to the folder the check runs in (the repository root, or a fixture tree
// laid out like it in core/src/dependency-rules.test.ts).

/** Test files and test support: checked for cycles, but the layer rules below are for shipped code. */
const TESTS = '(^|/)(test-support|tests|fixtures)/|\\.(test|spec)\\.tsx?$|\\.test-support\\.tsx?$|^e2e/';
const TEST_SUPPORT = '(^|/)test-support/|\\.test-support\\.tsx?$';
const UI_PACKAGES = 'node_modules/(electron|react|react-dom|monaco-editor|zustand|cytoscape[^/]*)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A module must not reach itself through its imports (type-only imports count: a cycle of types is still a knot).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'common-not-node',
      severity: 'error',
      comment: 'core/src/common runs anywhere: nothing from core/src/node.',
      from: { path: '^core/src/common/', pathNot: TESTS },
      to: { path: '^core/src/node/' },
    },
    {
      name: 'common-no-node-builtins',
      severity: 'error',
      comment: 'core/src/common runs anywhere: no Node built-ins (node:* or bare).',
      from: { path: '^core/src/common/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-no-ui',
      severity: 'error',
      comment: 'core never imports the desktop shell or the UI: no electron, react, monaco-editor, zustand, and nothing under renderer/ or electron/.',
      from: { path: '^core/' },
      to: { path: [UI_PACKAGES, '^renderer/', '^electron/'] },
    },
    {
      name: 'renderer-not-node',
      severity: 'error',
      comment: 'The renderer runs in a browser too: no Node built-ins and nothing from core/src/node.',
      from: { path: '^renderer/src/', pathNot: TESTS },
      to: { path: '^core/src/node/' },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      comment: 'The renderer runs in a browser too: no Node built-ins.',
      from: { path: '^renderer/src/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-no-electron',
      severity: 'error',
      comment:
        'The renderer runs in a browser too: no Electron (native needs go through the preload bridge). The one exception is the IPC contract, which runs anywhere and imports nothing at run time: the page takes the bridge name and payload types from it, so main, preload and page share one declaration (issue 26).',
      from: { path: '^renderer/src/' },
      to: { path: ['node_modules/electron/', '^electron/'], pathNot: '^electron/src/common/ipc-contract\\.ts$' },
    },
    {
      name: 'renderer-core-entry-only',
      severity: 'error',
      comment: 'The renderer takes from core only its common entry point (core/src/index.ts), never a deep path.',
      from: { path: '^renderer/src/' },
      to: { path: '^core/', pathNot: '^core/src/index\\.ts$' },
    },
    {
      name: 'test-support-only-from-tests',
      severity: 'error',
      comment: 'Test support (test-support/ folders, *.test-support.ts) is for tests: shipped code never imports it.',
      from: { pathNot: TESTS },
      to: { path: TEST_SUPPORT },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing on disk.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    // The graph is the project's own code; packages are leaves.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist(-types)?/', '(^|/)test-results/', '^scripts/dependency-check-fixtures/'] },
    // `import type` counts: the renderer's type-only imports of core are dependencies too.
    tsPreCompilationDeps: true,
    // Resolves @mediator/core and @mediator/core/node to core's sources, not its build output.
    tsConfig: { fileName: 'tsconfig.dependency-cruiser.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.cts', '.mts', '.js', '.mjs', '.cjs', '.json'],
      // Type-only packages (@rdfjs/types) have no main, only types.
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: {
      // The folders of the folder graph (scripts/check-dependencies.mjs, `depcruise -T archi`): the
      // first folder under each unit's root; a file directly in a root is its own node.
      archi: {
        collapsePattern:
          '^(core/src/(common|node)/[^/]+/|core/src/(?!common/|node/)[^/]+/|renderer/src/features/[^/]+/|renderer/src/(?!features/)[^/]+/|electron/src/[^/]+/|electron/(?!src/)[^/]+/|e2e/[^/]+/|bench/|scripts/)',
      },
    },
  },
};
