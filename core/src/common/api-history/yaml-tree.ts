/**
 * YAML (and JSON) text to plain values, with the line and column of each mapping and sequence on
 * demand, so that later checks (a `$ref` that points nowhere, a missing `swagger` field) can name a
 * line. YAML is parsed by the `yaml` package (eemeli/yaml): YAML 1.2, a line and column on every
 * syntax error, duplicate keys refused, alias limits against "billion laughs" documents. JSON is
 * parsed by JSON.parse (exact, and fast on large generated documents), its positions found only
 * when needed, with jsonc-parser.
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node as YamlNode } from 'yaml';
import { ErrorCodes, ParseError } from '../errors.js';
import { notJsonError } from '../jsonld/json-errors.js';
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

/** Parses `text`; `source` names it in errors (a file name, "old", "new"). */
export function readYamlTree(input: string, source: string): YamlTree {
  // A byte-order mark (editors on Windows write one) is not part of the document.
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
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
  const root = toPlain(document.contents, document, offsets, new Set(), source, lineCounter);
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

function toPlain(node: unknown, document: Document, offsets: WeakMap<object, number>, active: Set<unknown>, source: string, lines: LineCounter): PlainValue {
  if (node === null || node === undefined) return null;
  if (isAlias(node)) {
    const target = node.resolve(document);
    // An alias to one of its own ancestors would make an endless tree.
    if (target === undefined || active.has(target)) {
      const pos = lines.linePos(node.range?.[0] ?? 0);
      throw new ParseError(`The alias *${node.source} refers to a node that contains it`, {
        code: ErrorCodes.apiDocumentInvalid,
        source,
        line: pos.line,
        column: pos.col,
      });
    }
    return toPlain(target, document, offsets, active, source, lines);
  }
  if (isScalar(node)) {
    const value: unknown = node.value;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return value;
    // The core schema makes nothing else; a bigint (a huge integer) keeps its digits.
    return typeof value === 'bigint' ? value.toString() : null;
  }
  if (isMap(node) || isSeq(node)) {
    active.add(node);
    let out: PlainValue;
    if (isSeq(node)) {
      out = node.items.map((item) => toPlain(item, document, offsets, active, source, lines));
    } else {
      const object: PlainObject = {};
      const merged: PlainObject[] = [];
      for (const pair of node.items) {
        // `<<: *base` or `<<: [*a, *b]`: the keys of those mappings, unless given here (YAML merge key type).
        if (isScalar(pair.key) && (pair.key.value === '<<' || (typeof pair.key.value === 'symbol' && pair.key.source === '<<'))) {
          const value = toPlain(pair.value, document, offsets, active, source, lines);
          for (const item of Array.isArray(value) ? value : [value]) if (isPlainObject(item)) merged.push(item);
          continue;
        }
        const key = toPlain(pair.key, document, offsets, active, source, lines);
        const valueNode = pair.value;
        if (isScalar(valueNode) && typeof valueNode.value === 'number' && valueNode.range !== undefined && valueNode.range !== null) {
          const ranges = numberNodes.get(object) ?? new Map<string, readonly [number, number]>();
          ranges.set(typeof key === 'string' ? key : JSON.stringify(key), [valueNode.range[0], valueNode.range[1]]);
          numberNodes.set(object, ranges);
        }
        const name = typeof key === 'string' ? key : JSON.stringify(key);
        const value = toPlain(pair.value, document, offsets, active, source, lines);
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
    active.delete(node);
    const start = (node as YamlNode).range?.[0];
    if (start !== undefined) offsets.set(out, start);
    return out;
  }
  return null;
}
