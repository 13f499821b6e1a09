/**
 * Reads a Maven `pom.xml` into the few fields the bridge assistant needs (seed 1.5.1, spec C.1):
 * coordinates, parent, properties, dependencies and dependencyManagement.
 *
 * The text first goes through core's safe XML reader, so a POM with an external entity, a
 * parameter entity or an entity bomb gets exactly the refusal an alignment gets (same error code
 * and message), and a malformed one the same positioned error. The safe tree also gives each
 * dependency its line. The fields themselves are read with fast-xml-parser (the parser the user
 * asked for), on text the safe reader has already accepted.
 */
import { XMLParser } from 'fast-xml-parser';
import { ErrorCodes, ParseError } from '../errors.js';
import { parseXml, type XmlElement } from '../xml/index.js';

export interface PomParent {
  readonly groupId: string | undefined;
  readonly artifactId: string | undefined;
  readonly version: string | undefined;
  /** `<relativePath>`; Maven's default is `../pom.xml`. */
  readonly relativePath: string | undefined;
}

export interface PomDependency {
  readonly groupId: string;
  readonly artifactId: string;
  /** As written, `${...}` unresolved; undefined when the version comes from dependencyManagement. */
  readonly version: string | undefined;
  readonly scope: string | undefined;
  /** Line of the `<dependency>` element (1-based). */
  readonly line: number | undefined;
}

export interface PomModel {
  /** What names the POM in messages (a file name, `pom.xml`, `parent POM`). */
  readonly source: string;
  readonly groupId: string | undefined;
  readonly artifactId: string | undefined;
  readonly version: string | undefined;
  readonly parent: PomParent | undefined;
  /** `<properties>`, as written (values may hold `${...}`). */
  readonly properties: Readonly<Record<string, string>>;
  readonly dependencies: readonly PomDependency[];
  /** `<dependencyManagement><dependencies>`: versions for dependencies that name none. */
  readonly managedDependencies: readonly PomDependency[];
}

const POM_NAMESPACE = 'http://maven.apache.org/POM/4.0.0';

/** Elements that repeat: always arrays, so one dependency reads like many. */
const REPEATED = new Set(['project.dependencies.dependency', 'project.dependencyManagement.dependencies.dependency']);

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  removeNSPrefix: true,
  // Versions such as 2.50 or 1.0 must stay text.
  parseTagValue: false,
  trimValues: true,
  htmlEntities: false,
  isArray: (_name, jpath) => REPEATED.has(String(jpath)),
});

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The text of a simple element, or undefined when it is absent, empty or not simple. */
function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'] === '' ? undefined : value['#text'];
  return undefined;
}

function childNode(node: Node | undefined, name: string): Node | undefined {
  const value = node?.[name];
  return isNode(value) ? value : undefined;
}

/** The lines of `<dependency>` elements under `container`, keyed `groupId:artifactId`, from the safe tree. */
function dependencyLines(container: XmlElement | undefined): Map<string, number[]> {
  const lines = new Map<string, number[]>();
  const deps = container?.elements().find((e) => e.local === 'dependencies');
  for (const dep of deps?.elements() ?? []) {
    if (dep.local !== 'dependency') continue;
    const field = (name: string) =>
      dep
        .elements()
        .find((e) => e.local === name)
        ?.text()
        .trim() ?? '';
    const key = `${field('groupId')}:${field('artifactId')}`;
    lines.set(key, [...(lines.get(key) ?? []), dep.line]);
  }
  return lines;
}

function readDependencies(list: unknown, lines: Map<string, number[]>): PomDependency[] {
  const out: PomDependency[] = [];
  const seen = new Map<string, number>();
  for (const item of Array.isArray(list) ? list : []) {
    if (!isNode(item)) continue;
    const groupId = textOf(item['groupId']) ?? '';
    const artifactId = textOf(item['artifactId']) ?? '';
    const key = `${groupId}:${artifactId}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    out.push({ groupId, artifactId, version: textOf(item['version']), scope: textOf(item['scope']), line: lines.get(key)?.[index] });
  }
  return out;
}

/**
 * Reads a POM. Throws the safe reader's ParseError (XML_MALFORMED, XML_EXTERNAL_ENTITY,
 * XML_ENTITY_LIMIT, ...) for hostile or malformed XML, and INVALID_POM when the document is XML but
 * not a Maven project.
 */
export function readPom(text: string, source = 'pom.xml'): PomModel {
  const doc = parseXml(text, { source });
  const root = doc.root;
  if (root.local !== 'project' || (root.uri !== '' && root.uri !== POM_NAMESPACE)) {
    throw new ParseError(`${source} is not a Maven POM: its root element is <${root.qname}>, not <project>`, {
      code: ErrorCodes.invalidPom,
      line: root.line,
      column: root.column,
      source,
    });
  }
  let tree: unknown;
  try {
    tree = parser.parse(text);
  } catch (error) {
    // The safe reader accepted the text; a refusal here is fast-xml-parser's own limit.
    throw new ParseError(`${source}: ${error instanceof Error ? error.message : String(error)}`, { code: ErrorCodes.xmlMalformed, source });
  }
  const project = isNode(tree) ? childNode(tree, 'project') : undefined;
  const parentNode = childNode(project, 'parent');
  const propertiesNode = childNode(project, 'properties') ?? {};
  const properties: Record<string, string> = {};
  for (const [key, value] of Object.entries(propertiesNode)) {
    // An empty property (<skipTests/>) is defined and empty, as in Maven.
    properties[key] = textOf(value) ?? '';
  }
  const management = root.elements().find((e) => e.local === 'dependencyManagement');
  return {
    source,
    groupId: textOf(project?.['groupId']),
    artifactId: textOf(project?.['artifactId']),
    version: textOf(project?.['version']),
    parent:
      parentNode === undefined
        ? undefined
        : {
            groupId: textOf(parentNode['groupId']),
            artifactId: textOf(parentNode['artifactId']),
            version: textOf(parentNode['version']),
            relativePath: textOf(parentNode['relativePath']),
          },
    properties,
    dependencies: readDependencies(childNode(project, 'dependencies')?.['dependency'], dependencyLines(root)),
    managedDependencies: readDependencies(childNode(childNode(project, 'dependencyManagement'), 'dependencies')?.['dependency'], dependencyLines(management)),
  };
}
