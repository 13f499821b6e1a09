/**
 * A Swagger 2.0 document (https://swagger.io/specification/v2/) reduced to what the change history
 * compares (seed 1.8, 9.4): tags, content types, operations with their parameters and responses,
 * and definitions. `$ref`s to shared parameters and responses are resolved; `$ref`s to definitions
 * stay references by name (so a change to StatusType is not also reported as a change to every
 * definition that points at it); `allOf` is flattened into one set of properties.
 */
import { ErrorCodes, ParseError } from '../errors.js';
import { isPlainObject, readYamlTree, type PlainObject, type PlainValue, type YamlTree } from './yaml-tree.js';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'] as const;

export interface SwaggerParameter {
  readonly name: string;
  readonly in: string;
  /** Canonical text of the parameter's type (type, format, items, enum, or the body schema): "same type" compares these. */
  readonly type: string;
  /** Canonical text of the whole parameter. */
  readonly full: string;
}

export interface SwaggerOperation {
  /** Upper case, e.g. PUT. */
  readonly method: string;
  readonly path: string;
  /** The path with every `{name}` replaced by `{}`: two paths that differ only in parameter names are one place. */
  readonly place: string;
  readonly tags: readonly string[];
  readonly parameters: readonly SwaggerParameter[];
  /** Status code to canonical text of the response (description, schema, headers). */
  readonly responses: ReadonlyMap<string, string>;
  /** The operation's own lists; undefined when it inherits the document's. */
  readonly consumes: readonly string[] | undefined;
  readonly produces: readonly string[] | undefined;
}

export interface SwaggerProperty {
  readonly name: string;
  /** Canonical text of the property schema without its documentation (description, example, title). */
  readonly type: string;
  /** Canonical text of the property schema and whether it is required. */
  readonly full: string;
}

export interface SwaggerDefinition {
  readonly name: string;
  readonly properties: readonly SwaggerProperty[];
  /** Canonical text of the definition without its properties and required list. */
  readonly rest: string;
}

export interface SwaggerDocument {
  readonly title: string;
  readonly version: string;
  /** Declared tags, then tags only used by operations, each once. */
  readonly tags: readonly string[];
  readonly consumes: readonly string[];
  readonly produces: readonly string[];
  /** Keyed "METHOD /path", in document order. */
  readonly operations: ReadonlyMap<string, SwaggerOperation>;
  readonly definitions: ReadonlyMap<string, SwaggerDefinition>;
}

export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Reads a Swagger 2.0 document from YAML or JSON text. `source` names it in errors. */
export function readSwaggerDocument(text: string, source = 'document'): SwaggerDocument {
  const tree = readYamlTree(text, source);
  return new SwaggerReader(tree, source).read();
}

const DOC_KEYS = new Set(['description', 'example', 'title', 'externalDocs']);

/** JSON text with keys sorted, so that two equal structures give equal text. */
function stableText(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableText((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A scalar as text (`version: 1.0` is read by YAML as the number 1, written back as "1"), else undefined. */
function scalarText(value: PlainValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

function stringList(value: PlainValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

class SwaggerReader {
  private readonly root: PlainObject;

  constructor(
    private readonly tree: YamlTree,
    private readonly source: string,
  ) {
    if (!isPlainObject(tree.root))
      throw this.error('The document is not a mapping (a Swagger 2.0 document is an object with swagger, info and paths)', tree.root);
    this.root = tree.root;
  }

  read(): SwaggerDocument {
    const root = this.root;
    const swagger = root['swagger'];
    if (swagger === undefined) {
      const openapi = root['openapi'];
      throw this.error(
        typeof openapi === 'string'
          ? `This is an OpenAPI ${openapi} document; only Swagger 2.0 (swagger: "2.0") documents are read`
          : 'The document has no "swagger" field: it is not a Swagger 2.0 document',
        root,
      );
    }
    const swaggerVersion = this.versionText(root, 'swagger');
    if (swaggerVersion !== '2.0') throw this.error(`Unsupported swagger version "${swaggerVersion ?? JSON.stringify(swagger)}": only "2.0" is read`, root);
    const info = root['info'];
    const version = isPlainObject(info) ? this.versionText(info, 'version') : undefined;
    if (!isPlainObject(info) || version === undefined) throw this.error('The document has no info.version (a string)', isPlainObject(info) ? info : root);
    const paths = root['paths'];
    if (!isPlainObject(paths)) throw this.error('The document has no "paths" mapping', root);

    const consumes = stringList(root['consumes']);
    const produces = stringList(root['produces']);
    const operations = new Map<string, SwaggerOperation>();
    for (const [path, item] of Object.entries(paths)) {
      if (path.startsWith('x-')) continue;
      const pathItem = this.deref(item, paths);
      if (!isPlainObject(pathItem)) throw this.error(`The path "${path}" is not a mapping`, paths);
      const shared = this.parameters(pathItem['parameters'], pathItem);
      for (const method of HTTP_METHODS) {
        const operation = pathItem[method];
        if (operation === undefined) continue;
        if (!isPlainObject(operation)) throw this.error(`${method.toUpperCase()} ${path} is not a mapping`, pathItem);
        operations.set(operationKey(method, path), this.operation(method, path, operation, shared));
      }
    }

    const tags: string[] = [];
    const addTag = (tag: string): void => {
      if (!tags.includes(tag)) tags.push(tag);
    };
    const declared = root['tags'];
    if (Array.isArray(declared)) for (const tag of declared) if (isPlainObject(tag) && typeof tag['name'] === 'string') addTag(tag['name']);
    for (const operation of operations.values()) operation.tags.forEach(addTag);

    const definitions = new Map<string, SwaggerDefinition>();
    const defs = root['definitions'];
    if (isPlainObject(defs)) for (const [name, schema] of Object.entries(defs)) definitions.set(name, this.definition(name, schema));

    return {
      title: typeof info['title'] === 'string' ? info['title'] : '',
      version,
      tags,
      consumes,
      produces,
      operations,
      definitions,
    };
  }

  /** A version as written: an unquoted `1.10` is the number 1.1 to YAML and JSON, so a number is read back from the text. */
  private versionText(object: PlainObject, key: string): string | undefined {
    const value = object[key];
    return typeof value === 'number' ? (this.tree.numberSource(object, key) ?? String(value)) : scalarText(value);
  }

  private error(message: string, near: PlainValue | undefined): ParseError {
    const where = this.tree.positionOf(near);
    return new ParseError(message, { code: ErrorCodes.apiDocumentInvalid, source: this.source, ...(where ?? { line: 1, column: 1 }) });
  }

  /** Follows a local `$ref` ("#/parameters/x", "#/responses/y"...) to its target; other values are returned as they are. */
  private deref(value: PlainValue | undefined, near: PlainValue, seen: Set<string> = new Set()): PlainValue | undefined {
    if (!isPlainObject(value) || typeof value['$ref'] !== 'string') return value;
    const ref = value['$ref'];
    if (!ref.startsWith('#/')) return value; // another file: kept as a reference
    if (seen.has(ref)) throw this.error(`The reference "${ref}" refers to itself`, value);
    seen.add(ref);
    let target: PlainValue | undefined = this.root;
    for (const raw of ref.slice(2).split('/')) {
      const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isPlainObject(target) ? target[segment] : undefined;
    }
    if (target === undefined) throw this.error(`The reference "${ref}" points at nothing in this document`, isPlainObject(value) ? value : near);
    return this.deref(target, value, seen);
  }

  private parameters(value: PlainValue | undefined, near: PlainValue): SwaggerParameter[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) throw this.error('"parameters" is not a list', near);
    return value.map((item) => {
      const parameter = this.deref(item, value);
      if (!isPlainObject(parameter) || typeof parameter['name'] !== 'string' || typeof parameter['in'] !== 'string') {
        throw this.error('A parameter without "name" and "in"', isPlainObject(item) ? item : value);
      }
      const { name, in: location, description: _description, required, schema, ...typeFields } = parameter;
      const type = stableText(location === 'body' ? this.schema(schema, parameter, false) : this.schema(typeFields, parameter, false));
      return { name, in: location, type, full: stableText({ type, required: required === true, description: _description ?? null }) };
    });
  }

  private operation(method: string, path: string, operation: PlainObject, shared: readonly SwaggerParameter[]): SwaggerOperation {
    const own = this.parameters(operation['parameters'], operation);
    // An operation's parameter overrides the path item's one with the same name and location (Swagger 2.0, Path Item Object).
    const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
    const responses = new Map<string, string>();
    const rawResponses = operation['responses'];
    if (isPlainObject(rawResponses)) {
      for (const [code, raw] of Object.entries(rawResponses)) {
        if (code.startsWith('x-')) continue;
        const response = this.deref(raw, rawResponses);
        responses.set(code, stableText(isPlainObject(response) ? this.schema(response, response, true) : response));
      }
    }
    return {
      method: method.toUpperCase(),
      path,
      place: path.replace(/\{[^}]*\}/g, '{}'),
      tags: stringList(operation['tags']),
      parameters,
      responses,
      consumes: operation['consumes'] === undefined ? undefined : stringList(operation['consumes']),
      produces: operation['produces'] === undefined ? undefined : stringList(operation['produces']),
    };
  }

  /**
   * The canonical form of a schema (or any structure holding schemas): `$ref`s to definitions become
   * `{$ref: Name}`, other local `$ref`s are resolved, `allOf` is merged into one object schema.
   */
  private schema(value: PlainValue | undefined, near: PlainValue, keepDocs: boolean, depth = 0): unknown {
    if (depth > 64) throw this.error('A schema nested more than 64 levels deep', near);
    if (Array.isArray(value)) return value.map((v) => this.schema(v, near, keepDocs, depth + 1));
    if (!isPlainObject(value)) return value;
    const ref = value['$ref'];
    if (typeof ref === 'string') {
      const definition = /^#\/definitions\/(.+)$/.exec(ref);
      if (definition?.[1] !== undefined) {
        const name = decodeURIComponent(definition[1]);
        const defs = this.root['definitions'];
        if (!isPlainObject(defs) || defs[name] === undefined) throw this.error(`The reference "${ref}" points at no definition`, value);
        return { $ref: name };
      }
      return this.schema(this.deref(value, near), value, keepDocs, depth + 1);
    }
    const out = emptyRecord();
    for (const [key, child] of Object.entries(value)) {
      if (!keepDocs && DOC_KEYS.has(key)) continue;
      if (key === 'allOf') continue;
      // The keys of `properties` are property names ("description" is a common one), not documentation.
      if (key === 'properties' && isPlainObject(child)) {
        const properties = emptyRecord();
        for (const [property, propertySchema] of Object.entries(child)) properties[property] = this.schema(propertySchema, child, keepDocs, depth + 1);
        out[key] = properties;
        continue;
      }
      out[key] = this.schema(child, value, keepDocs, depth + 1);
    }
    const allOf = value['allOf'];
    if (Array.isArray(allOf)) this.mergeAllOf(out, allOf, value, keepDocs, depth);
    return out;
  }

  /** Merges every part of an `allOf` (definitions it names included) into `out`'s properties and required list. */
  private mergeAllOf(
    out: Record<string, unknown>,
    parts: PlainValue[],
    near: PlainValue,
    keepDocs: boolean,
    depth: number,
    seen: Set<string> = new Set(),
  ): void {
    const properties = emptyRecord();
    const addProperties = (from: unknown): void => {
      if (typeof from === 'object' && from !== null) for (const [key, child] of Object.entries(from)) properties[key] = child;
    };
    addProperties(out['properties']);
    const required = new Set((out['required'] as string[] | undefined) ?? []);
    for (const part of parts) {
      let target: PlainValue | undefined = part;
      if (isPlainObject(part) && typeof part['$ref'] === 'string') {
        const ref = part['$ref'];
        if (seen.has(ref)) throw this.error(`allOf refers to "${ref}" in a loop`, part);
        seen.add(ref);
        target = this.deref(part, near);
      }
      if (!isPlainObject(target)) continue;
      const flat = this.schema(target, target, keepDocs, depth + 1) as Record<string, unknown>;
      addProperties(flat['properties']);
      for (const name of (flat['required'] as string[] | undefined) ?? []) required.add(name);
      for (const [key, child] of Object.entries(flat)) if (key !== 'properties' && key !== 'required' && !(key in out)) out[key] = child;
    }
    out['properties'] = properties;
    if (required.size > 0) out['required'] = [...required].sort();
    if (out['type'] === undefined) out['type'] = 'object';
  }

  private definition(name: string, schema: PlainValue): SwaggerDefinition {
    const flat = this.schema(schema, schema, true);
    if (typeof flat !== 'object' || flat === null || Array.isArray(flat)) return { name, properties: [], rest: stableText(flat) };
    const { properties, required, ...rest } = flat as Record<string, unknown>;
    const requiredNames = new Set(Array.isArray(required) ? required.map(String) : []);
    const list: SwaggerProperty[] = [];
    if (typeof properties === 'object' && properties !== null) {
      for (const [property, propertySchema] of Object.entries(properties as Record<string, unknown>)) {
        list.push({
          name: property,
          type: stableText(withoutDocs(propertySchema)),
          full: stableText({ schema: propertySchema, required: requiredNames.has(property) }),
        });
      }
    }
    return { name, properties: list, rest: stableText(rest) };
  }
}

/** A record without a prototype: a document's key "__proto__" stays an ordinary key. */
function emptyRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function withoutDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDocs);
  if (typeof value !== 'object' || value === null) return value;
  const out = emptyRecord();
  for (const [key, child] of Object.entries(value)) {
    if (key === 'properties' && typeof child === 'object' && child !== null && !Array.isArray(child)) {
      out[key] = Object.fromEntries(Object.entries(child as Record<string, unknown>).map(([property, schema]) => [property, withoutDocs(schema)]));
    } else if (!DOC_KEYS.has(key)) out[key] = withoutDocs(child);
  }
  return out;
}
