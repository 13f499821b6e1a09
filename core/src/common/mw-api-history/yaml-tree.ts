/**
 * YAML (and JSON) text to plain values, with the line and column of each mapping and sequence on
 * demand, so that later checks (a `$ref` that points nowhere, a missing `swagger` field) can name a
 * line. YAML is parsed by the `yaml` package (eemeli/yaml): YAML 1.2, a line and column on every
 * syntax error, duplicate keys refused. Aliases are resolved here, in one pass, with a budget on
 * the values they expand to (a "billion laughs" document is refused, CONTRACT.md Safety). JSON is
 * parsed by JSON.parse (exact, and fast on large generated documents), its positions found only
 * when needed, with jsonc-parser.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Alias, type Document, type Node as YamlNode } from 'yaml';
import { ErrorCodes, ParseError } from '../errors.js';
import { notJsonError } from '../jsonld/json-errors.js';
import { jsonDepth } from '../jsonld/json-depth.js';
import { findNodeAtLocation, parseTree, type JSONPath, type Node as JsonNode } from 'jsonc-parser';

export type PlainValue = string | number | boolean | null | PlainValue[] | { [key: string]: PlainValue };
export type PlainObject = { [key: string]: PlainValue };

export interface YamlTree {
  readonly root: PlainValue;
  /** 1-based line and column where a mapping or sequence of the tree starts. */
  positionOf(value: PlainValue | undefined): { line: number; column: number } | undefined;
  /** The source text of a number under `key` of `object` (`version: 1.10` is the number 1.1, written "1.10"). */
  numberSource(object: PlainObject, key: string): string | undefined;
}

export function isPlainObject(value: PlainValue | undefined): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * At most this many values (scalars, mappings, sequences) may come from expanding aliases, in the
 * whole document. Hand-written Swagger files share responses and parameters with `<<: *base` a few
 * hundred times, a few dozen values each; a "billion laughs" document of 531 bytes asks for 10^9.
 * The `yaml` package has its own guard (`maxAliasCount` of toJS), but its alias resolution scans
 * every anchor before each alias (quadratic: 20,000 aliases took 7 s), so aliases are resolved
 * here in one pass and the expansion is counted as it is built.
 */
export const MAX_YAML_ALIAS_VALUES = 100_000;
/** Deepest nesting of mappings and sequences read (beyond it the tree walks would exhaust the stack). */
export const MAX_YAML_DEPTH = 512;

/** Parses `text`; `source` names it in errors (a file name, "old", "new"). */
export function readYamlTree(input: string, source: string): YamlTree {
  // A byte-order mark (editors on Windows write one) is not part of the document.
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    // The tree walks below recurse; YAML flow style nests with the same brackets, so this bounds both readings.
    if (jsonDepth(text, MAX_YAML_DEPTH) > MAX_YAML_DEPTH) {
      throw new ParseError(`The document is nested deeper than ${MAX_YAML_DEPTH} levels (the limit)`, { code: ErrorCodes.nestingLimit, source });
    }
    let root: PlainValue;
    try {
      root = JSON.parse(text) as PlainValue;
    } catch (error) {
      // `{swagger: "2.0"}` is YAML flow style, not JSON: only a text that YAML refuses too is a JSON error.
      if (parseDocument(text, { uniqueKeys: true }).errors.length === 0) return readYaml(text, source);
      // JSON.parse names the exact place of a JSON syntax error (a missing comma is found where it
      // is missing, where YAML's reading of flow style would point at the line before).
      const json = notJsonError(text, error);
      throw new ParseError(`Not valid JSON: ${error instanceof Error ? error.message : String(error)}`, {
        code: ErrorCodes.apiDocumentInvalid,
        source,
        ...(json.line === undefined ? {} : { line: json.line, column: json.column ?? 1 }),
      });
    }
    return jsonTree(text, root);
  }
  return readYaml(text, source);
}

/**
 * A JSON document: its values from JSON.parse (exact JSON, and fast on the multi-megabyte documents
 * generators write: YAML parsing is two orders of magnitude slower there); positions only when an
 * error or a number's spelling needs one, from jsonc-parser's syntax tree, by the value's path.
 */
function jsonTree(text: string, root: PlainValue): YamlTree {
  let syntax: JsonNode | undefined;
  let paths: WeakMap<object, JSONPath> | undefined;
  const nodeAt = (path: JSONPath): JsonNode | undefined => {
    syntax ??= parseTree(text);
    return syntax === undefined ? undefined : findNodeAtLocation(syntax, path);
  };
  const pathOf = (value: object): JSONPath | undefined => {
    if (paths === undefined) {
      const found = new WeakMap<object, JSONPath>();
      const walk = (v: PlainValue, path: JSONPath): void => {
        if (typeof v !== 'object' || v === null || found.has(v)) return;
        found.set(v, path);
        if (Array.isArray(v)) v.forEach((item, i) => walk(item, [...path, i]));
        else for (const [key, child] of Object.entries(v)) walk(child, [...path, key]);
      };
      walk(root, []);
      paths = found;
    }
    return paths.get(value);
  };
  return {
    root,
    positionOf(value) {
      if (typeof value !== 'object' || value === null) return undefined;
      const path = pathOf(value);
      const node = path === undefined ? undefined : nodeAt(path);
      return node === undefined ? undefined : lineColumnAt(text, node.offset);
    },
    numberSource(object, key) {
      const path = pathOf(object);
      const node = path === undefined ? undefined : nodeAt([...path, key]);
      return node?.type === 'number' ? text.slice(node.offset, node.offset + node.length) : undefined;
    },
  };
}

function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

function readYaml(text: string, source: string): YamlTree {
  const lineCounter = new LineCounter();
  // merge: YAML 1.1 merge keys (`<<: *defaults`), which hand-written Swagger files use to share responses.
  const document = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true, merge: true });
  const first = document.errors[0];
  if (first !== undefined) {
    const where = first.linePos?.[0];
    // The message of `yaml` ends with " at line L, column C:" and a code excerpt; the position is kept apart.
    const message = (first.message.split('\n')[0] ?? first.message).replace(/ at line \d+, column \d+:?$/, '');
    throw new ParseError(`Not valid YAML: ${message}`, {
      code: ErrorCodes.apiDocumentInvalid,
      source,
      ...(where === undefined ? {} : { line: where.line, column: where.col }),
    });
  }
  const offsets = new WeakMap<object, number>();
  const context: PlainContext = { offsets, active: new Set(), source, lines: lineCounter, targets: aliasTargets(document), aliasValues: 0, aliasDepth: 0 };
  const root = toPlain(document.contents, context, 0);
  const numberText = (object: PlainObject, key: string): string | undefined => {
    const node = numberNodes.get(object)?.get(key);
    return node === undefined ? undefined : text.slice(node[0], node[1]).trim();
  };
  return {
    root,
    positionOf(value) {
      if (typeof value !== 'object' || value === null) return undefined;
      const offset = offsets.get(value);
      if (offset === undefined) return undefined;
      const pos = lineCounter.linePos(offset);
      return { line: pos.line, column: pos.col };
    },
    numberSource: numberText,
  };
}

/** Where the number scalars of each mapping are in the text, by key. */
const numberNodes = new WeakMap<object, Map<string, readonly [number, number]>>();

/** Each alias node's target: the last node anchored with its name before it (YAML 1.2 section 7.1), found in one walk. */
function aliasTargets(document: Document): Map<Alias, unknown> {
  const anchored = new Map<string, unknown>();
  const targets = new Map<Alias, unknown>();
  // visit() walks in document order and sees a collection before its items, so an alias inside
  // the node it names resolves to that node (then refused as a cycle).
  visit(document, {
    Node(_key, node) {
      if (isAlias(node)) targets.set(node, anchored.get(node.source));
      else if (typeof node.anchor === 'string') anchored.set(node.anchor, node);
    },
  });
  return targets;
}

interface PlainContext {
  readonly offsets: WeakMap<object, number>;
  readonly active: Set<unknown>;
  readonly source: string;
  readonly lines: LineCounter;
  readonly targets: ReadonlyMap<Alias, unknown>;
  /** Values built so far inside alias expansions (against MAX_YAML_ALIAS_VALUES). */
  aliasValues: number;
  /** How many aliases enclose the value being built (0: it is written out in the text). */
  aliasDepth: number;
}

function refuse(
  ctx: PlainContext,
  node: unknown,
  message: string,
  code: typeof ErrorCodes.yamlAliasLimit | typeof ErrorCodes.apiDocumentInvalid | typeof ErrorCodes.nestingLimit,
): ParseError {
  const pos = ctx.lines.linePos((node as YamlNode).range?.[0] ?? 0);
  return new ParseError(message, { code, source: ctx.source, line: pos.line, column: pos.col });
}

function toPlain(node: unknown, ctx: PlainContext, depth: number): PlainValue {
  if (node === null || node === undefined) return null;
  if (ctx.aliasDepth > 0 && ++ctx.aliasValues > MAX_YAML_ALIAS_VALUES) {
    throw refuse(
      ctx,
      node,
      `The aliases of this YAML document expand to more than ${MAX_YAML_ALIAS_VALUES} values (the limit): refused`,
      ErrorCodes.yamlAliasLimit,
    );
  }
  if (isAlias(node)) {
    const target = ctx.targets.get(node);
    // An alias to one of its own ancestors would make an endless tree.
    if (target === undefined || ctx.active.has(target)) {
      throw refuse(ctx, node, `The alias *${node.source} refers to a node that contains it`, ErrorCodes.apiDocumentInvalid);
    }
    ctx.aliasDepth++;
    try {
      return toPlain(target, ctx, depth);
    } finally {
      ctx.aliasDepth--;
    }
  }
  if (isScalar(node)) {
    const value: unknown = node.value;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
    // The core schema makes nothing else; a bigint (a huge integer) keeps its digits.
    return typeof value === 'bigint' ? value.toString() : null;
  }
  if (isMap(node) || isSeq(node)) {
    if (depth >= MAX_YAML_DEPTH) {
      throw refuse(ctx, node, `The YAML document is nested deeper than ${MAX_YAML_DEPTH} levels (the limit)`, ErrorCodes.nestingLimit);
    }
    ctx.active.add(node);
    let out: PlainValue;
    if (isSeq(node)) {
      out = node.items.map((item) => toPlain(item, ctx, depth + 1));
    } else {
      const object: PlainObject = {};
      const merged: PlainObject[] = [];
      for (const pair of node.items) {
        // `<<: *base` or `<<: [*a, *b]`: the keys of those mappings, unless given here (YAML merge key type).
        if (isScalar(pair.key) && (pair.key.value === '<<' || (typeof pair.key.value === 'symbol' && pair.key.source === '<<'))) {
          const value = toPlain(pair.value, ctx, depth + 1);
          for (const item of Array.isArray(value) ? value : [value]) if (isPlainObject(item)) merged.push(item);
          continue;
        }
        const key = toPlain(pair.key, ctx, depth + 1);
        const valueNode = pair.value;
        if (isScalar(valueNode) && typeof valueNode.value === 'number' && valueNode.range !== undefined && valueNode.range !== null) {
          const ranges = numberNodes.get(object) ?? new Map<string, readonly [number, number]>();
          ranges.set(typeof key === 'string' ? key : JSON.stringify(key), [valueNode.range[0], valueNode.range[1]]);
          numberNodes.set(object, ranges);
        }
        const name = typeof key === 'string' ? key : JSON.stringify(key);
        const value = toPlain(pair.value, ctx, depth + 1);
        // A key "__proto__" must stay a key, not replace the prototype; every other key is assigned
        // (defineProperty on every key would turn each object into a slow dictionary).
        if (name === '__proto__') Object.defineProperty(object, name, { value, enumerable: true, writable: true, configurable: true });
        else object[name] = value;
      }
      for (const base of merged) {
        for (const [key, value] of Object.entries(base)) {
          if (!Object.prototype.hasOwnProperty.call(object, key))
            Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
        }
      }
      out = object;
    }
    ctx.active.delete(node);
    const start = (node as YamlNode).range?.[0];
    if (start !== undefined) ctx.offsets.set(out, start);
    return out;
  }
  return null;
}
