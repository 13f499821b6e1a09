/**
 * What changed between two Swagger 2.0 documents of the middleware's mw2mw API, in the categories
 * of the seed's change history (section 9.4). Renames and moves are found by structure, never by a
 * list of known names:
 * - an operation is the same when its method and its path, with parameter names blanked, are the
 *   same; one gone from path P and one with the same method on a new path that extends P (P/...)
 *   has moved;
 * - a parameter (of the same operation) or a property (of the same definition) that is gone, with
 *   one new one in the same place (same location; same position for path parameters) and of the
 *   same type, was renamed. When several new ones have that type, the one at the same position in
 *   the list wins; if none is, nothing is paired (a guess would be worse than an addition).
 */
import type { SwaggerDefinition, SwaggerDocument, SwaggerOperation, SwaggerParameter, SwaggerProperty } from './swagger-model.js';

export const API_CHANGE_KINDS = [
  'tag-added',
  'tag-removed',
  'operation-tags-changed',
  'path-added',
  'path-removed',
  'path-moved',
  'parameter-renamed',
  'responses-changed',
  'definition-added',
  'definition-removed',
  'definition-changed',
  'property-renamed',
  'content-type-added',
  'content-type-removed',
] as const;

export type ApiChangeKind = (typeof API_CHANGE_KINDS)[number];

export interface ApiChange {
  readonly kind: ApiChangeKind;
  /** What changed: a tag, "METHOD /path", a definition, "Definition.property" or "global". */
  readonly subject: string;
  readonly detail: string;
}

export interface ApiDiff {
  /** info.version of the old document. */
  readonly from: string;
  /** info.version of the new document. */
  readonly to: string;
  readonly changes: readonly ApiChange[];
}

export function diffApiDocuments(older: SwaggerDocument, newer: SwaggerDocument): ApiDiff {
  const changes: ApiChange[] = [];
  const add = (kind: ApiChangeKind, subject: string, detail = ''): void => {
    if (!changes.some((c) => c.kind === kind && c.subject === subject && c.detail === detail)) changes.push({ kind, subject, detail });
  };

  for (const tag of newer.tags) if (!older.tags.includes(tag)) add('tag-added', tag);
  for (const tag of older.tags) if (!newer.tags.includes(tag)) add('tag-removed', tag);

  compareContentTypes(older.consumes, newer.consumes, 'global', add);
  compareContentTypes(older.produces, newer.produces, 'global', add);

  const pairs = matchOperations(older, newer);
  for (const { old, new: now } of pairs.matched) {
    const subject = label(now);
    if (old.path !== now.path && old.place !== now.place) add('path-moved', label(old), label(now));
    const tagList = (tags: readonly string[]): string => (tags.length === 0 ? '(none)' : tags.join(', '));
    if (sortedText(old.tags) !== sortedText(now.tags)) add('operation-tags-changed', subject, `${tagList(old.tags)} -> ${tagList(now.tags)}`);
    for (const [before, after] of renamedPairs(old.parameters, now.parameters, (a, b) => sameParameterPlace(a, b, old, now))) {
      add('parameter-renamed', subject, `${before.name} -> ${after.name}`);
    }
    const responses = responseDifferences(old.responses, now.responses);
    if (responses !== '') add('responses-changed', subject, responses);
    // An operation that inherits the document's lists on both sides changed with the document ("global").
    for (const list of ['consumes', 'produces'] as const) {
      if (old[list] === undefined && now[list] === undefined) continue;
      compareContentTypes(old[list] ?? older[list], now[list] ?? newer[list], subject, add);
    }
  }
  for (const operation of pairs.removed) add('path-removed', label(operation));
  for (const operation of pairs.added) add('path-added', label(operation));

  for (const [name, definition] of newer.definitions) {
    const before = older.definitions.get(name);
    if (before === undefined) {
      add('definition-added', name);
      continue;
    }
    const renames = renamedPairs(before.properties, definition.properties, () => true);
    for (const [from, to] of renames) add('property-renamed', `${name}.${from.name}`, to.name);
    const changed = definitionChanged(before, definition, renames);
    if (changed !== '') add('definition-changed', name, changed);
  }
  for (const name of older.definitions.keys()) if (!newer.definitions.has(name)) add('definition-removed', name);

  const order = (kind: ApiChangeKind): number => API_CHANGE_KINDS.indexOf(kind);
  // Stable sort: within a kind, the order of the documents.
  return {
    from: older.version,
    to: newer.version,
    changes: changes
      .map((c, i) => ({ c, i }))
      .sort((a, b) => order(a.c.kind) - order(b.c.kind) || a.i - b.i)
      .map(({ c }) => c),
  };
}

function label(operation: SwaggerOperation): string {
  return `${operation.method} ${operation.path}`;
}

function sortedText(list: readonly string[]): string {
  return JSON.stringify([...list].sort());
}

function compareContentTypes(
  before: readonly string[],
  after: readonly string[],
  subject: string,
  add: (kind: ApiChangeKind, subject: string, detail: string) => void,
): void {
  for (const type of after) if (!before.includes(type)) add('content-type-added', subject, type);
  for (const type of before) if (!after.includes(type)) add('content-type-removed', subject, type);
}

interface OperationPairs {
  readonly matched: Array<{ old: SwaggerOperation; new: SwaggerOperation }>;
  readonly removed: SwaggerOperation[];
  readonly added: SwaggerOperation[];
}

function matchOperations(older: SwaggerDocument, newer: SwaggerDocument): OperationPairs {
  const placeKey = (o: SwaggerOperation): string => `${o.method} ${o.place}`;
  const newByPlace = new Map<string, SwaggerOperation>();
  for (const operation of newer.operations.values()) newByPlace.set(placeKey(operation), operation);
  const matched: Array<{ old: SwaggerOperation; new: SwaggerOperation }> = [];
  const removed: SwaggerOperation[] = [];
  const taken = new Set<SwaggerOperation>();
  for (const operation of older.operations.values()) {
    const same = newByPlace.get(placeKey(operation));
    if (same !== undefined && !taken.has(same)) {
      matched.push({ old: operation, new: same });
      taken.add(same);
    } else removed.push(operation);
  }
  let added = [...newer.operations.values()].filter((o) => !taken.has(o));
  // Moves: the same method on the nearest new path that extends the old one.
  const stillRemoved: SwaggerOperation[] = [];
  for (const operation of removed) {
    const candidates = added
      .filter((o) => o.method === operation.method && o.place.startsWith(`${operation.place}/`))
      .sort((a, b) => a.place.length - b.place.length);
    const target = candidates[0];
    if (target === undefined) {
      stillRemoved.push(operation);
      continue;
    }
    matched.push({ old: operation, new: target });
    added = added.filter((o) => o !== target);
  }
  return { matched, removed: stillRemoved, added };
}

/** Path parameters are the same place when they sit at the same position of the (matched) path template. */
function sameParameterPlace(a: SwaggerParameter, b: SwaggerParameter, old: SwaggerOperation, now: SwaggerOperation): boolean {
  if (a.in !== b.in) return false;
  if (a.in !== 'path') return true;
  const index = (operation: SwaggerOperation, name: string): number => {
    const names: string[] = operation.path.match(/\{[^}]*\}/g) ?? [];
    return names.indexOf(`{${name}}`);
  };
  return index(old, a.name) === index(now, b.name) && index(old, a.name) !== -1;
}

/** Items gone from `before` paired with new items of `after` in the same place and of the same type. */
function renamedPairs<T extends { readonly name: string; readonly type: string; readonly in?: string }>(
  before: readonly T[],
  after: readonly T[],
  samePlace: (a: T, b: T) => boolean,
): Array<[T, T]> {
  const key = (item: T): string => `${item.in ?? ''}\u0000${item.name}`;
  const afterKeys = new Set(after.map(key));
  const beforeKeys = new Set(before.map(key));
  const gone = before.filter((item) => !afterKeys.has(key(item)));
  const fresh = after.filter((item) => !beforeKeys.has(key(item)));
  const pairs: Array<[T, T]> = [];
  const used = new Set<T>();
  for (const item of gone) {
    const candidates = fresh.filter((c) => !used.has(c) && c.type === item.type && samePlace(item, c));
    const samePosition = candidates.find((c) => after.indexOf(c) === before.indexOf(item));
    const choice = candidates.length === 1 ? candidates[0] : samePosition;
    if (choice === undefined) continue;
    used.add(choice);
    pairs.push([item, choice]);
  }
  return pairs;
}

function responseDifferences(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string {
  const parts: string[] = [];
  const codes = [...new Set([...before.keys(), ...after.keys()])].sort();
  for (const code of codes) {
    const a = before.get(code);
    const b = after.get(code);
    if (a === undefined) parts.push(`${code} added`);
    else if (b === undefined) parts.push(`${code} removed`);
    else if (a !== b) parts.push(`${code} changed`);
  }
  return parts.join(', ');
}

/** What changed in a definition besides its renamed properties ('' when nothing). */
function definitionChanged(before: SwaggerDefinition, after: SwaggerDefinition, renames: ReadonlyArray<[SwaggerProperty, SwaggerProperty]>): string {
  const renamedFrom = new Map(renames.map(([from, to]) => [from.name, to]));
  const renamedTo = new Set(renames.map(([, to]) => to.name));
  const parts: string[] = [];
  const afterByName = new Map(after.properties.map((p) => [p.name, p]));
  const beforeNames = new Set(before.properties.map((p) => p.name));
  const removed = before.properties.filter((p) => !afterByName.has(p.name) && !renamedFrom.has(p.name)).map((p) => p.name);
  const added = after.properties.filter((p) => !beforeNames.has(p.name) && !renamedTo.has(p.name)).map((p) => p.name);
  const changed = before.properties.filter((p) => {
    const now = afterByName.get(p.name) ?? renamedFrom.get(p.name);
    return now !== undefined && renamedFrom.get(p.name) === undefined && now.full !== p.full;
  });
  if (added.length > 0) parts.push(`properties added: ${added.join(', ')}`);
  if (removed.length > 0) parts.push(`properties removed: ${removed.join(', ')}`);
  if (changed.length > 0) parts.push(`properties changed: ${changed.map((p) => p.name).join(', ')}`);
  if (before.rest !== after.rest) parts.push('schema changed');
  return parts.join('; ');
}
