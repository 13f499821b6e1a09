import type { Monaco } from './monaco-setup.js';

/**
 * Monaco's plain light theme draws several XML/JSON tokens below 4.5:1 on white (WCAG 1.4.3, which
 * axe reports); this light theme keeps its look with darker token colours. Dark uses 'vs-dark'.
 */
const LIGHT_RULES: ReadonlyArray<{ token: string; foreground: string }> = [
  { token: '', foreground: '1d2330' },
  { token: 'comment', foreground: '3b6321' },
  { token: 'metatag', foreground: '5a2ea6' },
  { token: 'metatag.content', foreground: '5a2ea6' },
  { token: 'delimiter', foreground: '1d2330' },
  { token: 'tag', foreground: '8b1a1a' },
  { token: 'attribute.name', foreground: 'a3141e' },
  { token: 'attribute.value', foreground: '0b3d91' },
  { token: 'string', foreground: '0b3d91' },
  { token: 'string.key.json', foreground: '8b1a1a' },
  { token: 'string.value.json', foreground: '0b3d91' },
  { token: 'number', foreground: '0b5d3b' },
  { token: 'keyword', foreground: '1f3fb3' },
  { token: 'type', foreground: '0b5d5d' },
];

/**
 * Monaco's theme follows the system's colour scheme, like the page (styles.css). Monaco has one
 * theme for all its editors, so this is set once, and again whenever the setting changes.
 */
export function followSystemTheme(monaco: Monaco, media: Pick<MediaQueryList, 'matches' | 'addEventListener'> | undefined): void {
  monaco.editor.defineTheme('workbench-light', {
    base: 'vs',
    inherit: true,
    // The base theme has language-specific rules ('metatag.xml' is #808080) that win over plain ones.
    rules: LIGHT_RULES.flatMap((r) => (r.token === '' || r.token.endsWith('.json') ? [r] : [r, { ...r, token: `${r.token}.xml` }])),
    colors: { 'editorLineNumber.foreground': '#5b6475' },
  });
  const apply = () => monaco.editor.setTheme(media?.matches === true ? 'vs-dark' : 'workbench-light');
  apply();
  media?.addEventListener('change', apply);
}
