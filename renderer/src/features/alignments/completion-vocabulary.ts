/**
 * What completion offers while an alignment is written (issue 39), in Monaco and in the cell form:
 * the prefixes the document declares, IRIs met in the stored alignments' patterns and in the
 * sample messages, the IPSM-AF element and attribute names, and snippets for a new cell and a new
 * function. Pure: the store gathers the texts, this reads them.
 */
import type { AlignmentView } from '../../api/index.js';
import type { EditorCompletion } from '../../editor/CodeEditor.js';
import { prefixedName } from '../graph/prefixed-name.js';
import type { Prefix } from './cell-authoring.js';

/** At most this many IRIs are kept from all sources: completion lists stay quick to filter. */
export const MAX_VOCABULARY = 5000;

function expand(name: string, prefixes: readonly Prefix[]): string | undefined {
  const colon = name.indexOf(':');
  if (colon < 0) return undefined;
  const ns = prefixes.find((p) => p.prefix === name.slice(0, colon));
  return ns === undefined ? undefined : ns.iri + name.slice(colon + 1);
}

/** IRIs a Turtle pattern names: `<iri>` and prefixed names of declared prefixes (variables left out). */
export function irisFromTurtle(turtle: string, prefixes: readonly Prefix[]): string[] {
  const found = new Set<string>();
  for (const m of turtle.matchAll(/<([^<>\s"]+)>/g)) if (m[1] !== undefined) found.add(m[1]);
  for (const m of turtle.matchAll(/(?:^|[\s;,.[(])([A-Za-z][\w-]*:[\w-]+(?:[.\w-]*[\w-])?)/g)) {
    const iri = expand(m[1] ?? '', prefixes);
    if (iri !== undefined && !iri.includes('sripas#node_')) found.add(iri);
  }
  return [...found];
}

function walkJson(value: unknown, context: Prefix[], out: Set<string>): void {
  if (Array.isArray(value)) {
    for (const v of value) walkJson(v, context, out);
    return;
  }
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'string') addTerm(value, context, out);
    return;
  }
  const record = value as Record<string, unknown>;
  const ctx = record['@context'];
  if (ctx !== null && typeof ctx === 'object' && !Array.isArray(ctx)) {
    for (const [prefix, iri] of Object.entries(ctx)) if (typeof iri === 'string' && /^https?:/.test(iri)) context.push({ prefix, iri });
  }
  for (const [key, v] of Object.entries(record)) {
    if (key === '@context') continue;
    if (!key.startsWith('@')) addTerm(key, context, out);
    if (key === '@id' || key === '@type' || typeof v === 'object') walkJson(v, context, out);
  }
}

function addTerm(term: string, context: readonly Prefix[], out: Set<string>): void {
  if (/^https?:\/\/\S+$/.test(term)) out.add(term);
  else {
    const iri = expand(term, context);
    if (iri !== undefined && /^https?:/.test(iri)) out.add(iri);
  }
}

/** IRIs of a JSON-LD message: properties, types and node ids, compact ones expanded with its @context. */
export function irisFromMessage(text: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const out = new Set<string>();
  walkJson(parsed, [], out);
  return [...out];
}

/** The IRIs of stored alignments' patterns and of messages, each once, at most MAX_VOCABULARY. */
export function buildVocabulary(views: readonly AlignmentView[], messages: readonly string[]): string[] {
  const out = new Set<string>();
  for (const view of views) {
    for (const cell of view.cells)
      for (const iri of [...irisFromTurtle(cell.entity1.turtle, view.prefixes), ...irisFromTurtle(cell.entity2.turtle, view.prefixes)]) out.add(iri);
  }
  for (const message of messages) for (const iri of irisFromMessage(message)) out.add(iri);
  return [...out].slice(0, MAX_VOCABULARY);
}

export interface Suggestion {
  /** What is inserted. */
  readonly text: string;
  readonly detail: string;
}

/**
 * Terms for a Turtle field that start with or contain `word`: the document's prefixes, then the
 * vocabulary's IRIs written with those prefixes where one covers them (else `<iri>`), starts first.
 */
export function termSuggestions(word: string, iris: readonly string[], prefixes: readonly Prefix[], limit = 8): Suggestion[] {
  const w = word.toLowerCase();
  if (w.length < 2) return [];
  const candidates: Suggestion[] = [
    ...prefixes.filter((p) => p.prefix !== '').map((p) => ({ text: `${p.prefix}:`, detail: p.iri })),
    ...iris.map((iri) => ({ text: prefixedName(iri, prefixes), detail: iri })),
  ];
  const seen = new Set<string>();
  const hits = candidates.filter((c) => {
    if (seen.has(c.text) || c.text.toLowerCase() === w || !`${c.text} ${c.detail}`.toLowerCase().includes(w)) return false;
    seen.add(c.text);
    return true;
  });
  const starts = (c: Suggestion) => (c.text.toLowerCase().startsWith(w) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || a.text.length - b.text.length).slice(0, limit);
}

/** The word before the caret in a Turtle field: what a suggestion replaces. */
export function wordBefore(text: string, caret: number): { word: string; start: number } {
  const m = /[^\s;,.()[\]]*$/.exec(text.slice(0, caret));
  const word = m?.[0] ?? '';
  return { word, start: caret - word.length };
}

/** IPSM-AF element names (prefixed as the workbench writes them) and what each holds. */
export const IPSM_ELEMENTS: ReadonlyArray<readonly [string, string]> = [
  ['align:map', 'holds one cell'],
  ['align:Cell', 'a cell: rdf:about names it'],
  ['align:entity1', 'source pattern (Turtle): matched and deleted'],
  ['align:entity2', 'target pattern (Turtle): inserted'],
  ['align:relation', 'relation: =, <, >, %'],
  ['sripas:transformation', 'the functions of a cell'],
  ['sripas:function', 'one function: sripas:about names it'],
  ['sripas:param', 'an argument: sripas:order, then sripas:about (a variable) or sripas:val'],
  ['sripas:return', 'the variable receiving the result'],
  ['sripas:typings', 'typings of the cell'],
  ['sripas:typing', 'sripas:about (variable) and sripas:datatype'],
  ['sripas:filters', 'filters of the cell'],
  ['sripas:filter', 'sripas:about (variable) and sripas:datatype'],
  ['sripas:steps', 'the order cells run in'],
  ['sripas:step', 'sripas:order and sripas:cell'],
];

export const IPSM_ATTRIBUTES: ReadonlyArray<readonly [string, string]> = [
  ['rdf:about', 'the IRI of a cell or ontology'],
  ['rdf:datatype', 'xsd:string on a Turtle pattern'],
  ['rdf:parseType', 'Literal on transformations, Collection on steps'],
  ['sripas:about', 'a function name or a variable IRI'],
  ['sripas:order', 'argument or step position'],
  ['sripas:val', 'a literal argument'],
  ['sripas:datatype', 'datatype IRI'],
  ['sripas:cell', 'the cell a step runs'],
];

/** Monaco snippet syntax (${n:default}); the cell gets a step of its own only through the form's Add cell. */
export const CELL_SNIPPET = [
  '<align:map>',
  '\t<align:Cell rdf:about="http://www.inter-iot.eu/sripas#${1:new_cell}">',
  '\t\t<align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">',
  '\t\t\t${2:var:CTX a ex:Source .}',
  '\t\t</align:entity1>',
  '\t\t<align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">',
  '\t\t\t${3:var:CTX a ex:Target .}',
  '\t\t</align:entity2>',
  '\t\t<align:relation>=</align:relation>',
  '\t</align:Cell>',
  '</align:map>',
].join('\n');

export const FUNCTION_SNIPPET = [
  '<sripas:function sripas:about="${1:STR}">',
  '\t<sripas:param sripas:order="1" sripas:about="http://www.inter-iot.eu/sripas#node_${2:input}"/>',
  '\t<sripas:return sripas:about="http://www.inter-iot.eu/sripas#node_${3:result}"/>',
  '</sripas:function>',
].join('\n');

export type CompletionEntry = EditorCompletion;

/**
 * Completions at a place in the alignment's XML, from the text of its line up to the caret:
 * element names after `<`, attribute names inside a start tag, else terms (prefixes and IRIs)
 * and the two snippets.
 */
export function xmlCompletions(lineBefore: string, iris: readonly string[], prefixes: readonly Prefix[]): CompletionEntry[] {
  const element = /<([\w:]*)$/.exec(lineBefore);
  if (element !== null) {
    const typed = element[1] ?? '';
    return IPSM_ELEMENTS.map(([name, detail]) => ({ label: name, insertText: name, kind: 'element' as const, detail, replace: typed.length }));
  }
  const inTag = /<[\w:]+(\s+[\w:]+="[^"]*")*\s+([\w:]*)$/.exec(lineBefore);
  if (inTag !== null) {
    const typed = inTag[2] ?? '';
    return IPSM_ATTRIBUTES.map(([name, detail]) => ({ label: name, insertText: `${name}="$1"`, kind: 'attribute' as const, detail, replace: typed.length }));
  }
  const { word } = wordBefore(lineBefore, lineBefore.length);
  const terms = termSuggestions(word.replace(/^</, ''), iris, prefixes, 50).map((s) => ({
    label: s.text,
    insertText: s.text,
    kind: 'term' as const,
    detail: s.detail,
    replace: word.length,
  }));
  const snippets: CompletionEntry[] = [
    { label: 'new cell', insertText: CELL_SNIPPET, kind: 'snippet', detail: 'align:map with a Turtle cell', replace: word.length },
    { label: 'new function', insertText: FUNCTION_SNIPPET, kind: 'snippet', detail: 'sripas:function with one argument', replace: word.length },
  ];
  return [...terms, ...snippets];
}
