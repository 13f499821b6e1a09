import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAlignmentXml } from '../alignment/read-alignment.js';
import { ErrorCodes, ParseError } from '../errors.js';
import { checkBridgeVersion, normalizeMiddlewareVersion, readPom, type VersionCheckInput } from './index.js';

const SAMPLES = fileURLToPath(new URL('../../../../samples/bridge/', import.meta.url));

/** A POM with the given body inside <project>, the Maven namespace on the root. */
function pom(body: string, root = '<project xmlns="http://maven.apache.org/POM/4.0.0">'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${root}\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n`;
}

const dep = (version: string | undefined, group = 'eu.interiot.intermw', artifact = 'mw.bridges.api') =>
  `    <dependency>\n      <groupId>${group}</groupId>\n      <artifactId>${artifact}</artifactId>\n${version === undefined ? '' : `      <version>${version}</version>\n`}    </dependency>`;
const deps = (...items: string[]) => `  <dependencies>\n${items.join('\n')}\n  </dependencies>`;
const coords = (version = '1.0.0') => `  <groupId>org.example</groupId>\n  <artifactId>my-bridge</artifactId>\n  <version>${version}</version>`;
const parentRef = (version: string, artifact = 'bridges-parent') =>
  `  <parent>\n    <groupId>org.example</groupId>\n    <artifactId>${artifact}</artifactId>\n    <version>${version}</version>\n  </parent>`;

interface Row {
  readonly name: string;
  readonly input: VersionCheckInput;
  readonly bridgeApiVersion: string | null;
  readonly ok: boolean;
  /** Every problem message must match, in order. */
  readonly problems: readonly RegExp[];
  readonly line?: number;
}

const ROWS: readonly Row[] = [
  {
    name: 'equal versions',
    input: { pom: pom(`${coords()}\n${deps(dep('2.5.0'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
    line: 8,
  },
  {
    name: 'different versions: blocking, both shown',
    input: { pom: pom(`${coords()}\n${deps(dep('2.3.1'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: '2.3.1',
    ok: false,
    problems: [/bridge API 2\.3\.1, but the middleware is 2\.5\.0/],
    line: 8,
  },
  {
    name: 'property defined in the POM',
    input: {
      pom: pom(`${coords()}\n  <properties>\n    <intermw.version>2.5.0</intermw.version>\n  </properties>\n${deps(dep('${intermw.version}'))}`),
      middlewareVersion: 'v2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'property through another property and ${project.version}',
    input: {
      pom: pom(
        `${coords('2.5.0')}\n  <properties>\n    <mw>\${project.version}</mw>\n    <intermw.version>\${mw}</intermw.version>\n  </properties>\n${deps(dep('${intermw.version}'))}`,
      ),
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: '${project.version} inherited from the parent (no <version> of its own)',
    input: { pom: pom(`${parentRef('2.4.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('${project.version}'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: '2.4.0',
    ok: false,
    problems: [/bridge API 2\.4\.0, but the middleware is 2\.5\.0/],
  },
  {
    name: '${project.parent.version}',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n  <version>7.0</version>\n${deps(dep('${project.parent.version}'))}`),
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'property defined only in the parent POM, which was given',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('${intermw.version}'))}`),
      parentPom: pom(
        `  <groupId>org.example</groupId>\n  <artifactId>bridges-parent</artifactId>\n  <version>2.5.0</version>\n  <properties><intermw.version>2.5.0</intermw.version></properties>`,
      ),
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'property defined only in the parent POM, which was not given',
    input: { pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('${intermw.version}'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [/\$\{intermw\.version\}, which is not defined \(it may be defined in the parent POM/],
  },
  {
    name: 'version managed by the parent POM, which was not given: says to add the parent POM',
    input: { pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep(undefined))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [
      /has no <version>, and no <dependencyManagement> gives one: it inherits its version from the parent POM org\.example:bridges-parent:2\.5\.0, add the parent POM$/,
    ],
  },
  {
    name: 'version managed by the parent POM',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep(undefined))}`),
      parentPom: pom(
        `  <groupId>org.example</groupId>\n  <artifactId>bridges-parent</artifactId>\n  <version>2.5.0</version>\n  <dependencyManagement>\n${deps(dep('${project.version}'))}\n  </dependencyManagement>`,
      ),
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'dependency inherited from the parent POM',
    input: {
      pom: pom(`${parentRef('2.5.1')}\n  <artifactId>my-bridge</artifactId>`),
      parentPom: pom(
        `  <groupId>org.example</groupId>\n  <artifactId>bridges-parent</artifactId>\n  <version>2.5.1</version>\n${deps(dep('${project.version}'))}`,
      ),
      middlewareVersion: '2.5.1',
    },
    bridgeApiVersion: '2.5.1',
    ok: true,
    problems: [],
  },
  {
    name: 'property defined in the grandparent POM',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('${intermw.version}'))}`),
      parentPom: pom(`${parentRef('1.0', 'root')}\n  <artifactId>bridges-parent</artifactId>\n  <version>2.5.0</version>`),
      ancestorPoms: [
        {
          source: 'root/pom.xml',
          text: pom(
            `  <groupId>org.example</groupId>\n  <artifactId>root</artifactId>\n  <version>1.0</version>\n  <properties><intermw.version>\${project.parent.version}</intermw.version></properties>`,
          ),
        },
      ],
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'property missing, the grandparent not given',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('${intermw.version}'))}`),
      parentPom: pom(`${parentRef('1.0', 'root')}\n  <artifactId>bridges-parent</artifactId>\n  <version>2.5.0</version>`),
      parentPomSource: '../pom.xml',
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: null,
    ok: false,
    problems: [/not defined \(it may be defined in the parent of \.\.\/pom\.xml: give it too\)/],
  },
  {
    name: 'the wrong parent POM',
    input: {
      pom: pom(`${parentRef('2.5.0')}\n  <artifactId>my-bridge</artifactId>\n${deps(dep('2.5.0'))}`),
      parentPom: pom(`  <groupId>org.example</groupId>\n  <artifactId>other-parent</artifactId>\n  <version>2.5.0</version>`),
      middlewareVersion: '2.5.0',
    },
    bridgeApiVersion: '2.5.0',
    ok: false,
    problems: [/parent POM given is org\.example:other-parent:2\.5\.0/],
  },
  {
    name: 'missing dependency',
    input: { pom: pom(`${coords()}\n${deps(dep('1.0', 'com.squareup.okhttp3', 'okhttp'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [/has no dependency on eu\.interiot\.intermw:mw\.bridges\.api/],
  },
  {
    name: 'no <dependencies> at all',
    input: { pom: pom(coords()), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [/has no dependency on eu\.interiot\.intermw:mw\.bridges\.api/],
  },
  {
    name: 'only in dependencyManagement',
    input: { pom: pom(`${coords()}\n  <dependencyManagement>\n${deps(dep('2.5.0'))}\n  </dependencyManagement>`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [/in <dependencyManagement> but does not depend on it/],
  },
  {
    name: 'property that refers to itself',
    input: { pom: pom(`${coords()}\n  <properties><a>\${b}</a><b>\${a}</b></properties>\n${deps(dep('${a}'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: null,
    ok: false,
    problems: [/refers to itself/],
  },
  {
    name: 'SNAPSHOT against a release',
    input: { pom: pom(`${coords()}\n${deps(dep('2.5.1-SNAPSHOT'))}`), middlewareVersion: 'docker.inter-iot.eu/intermw:v2.5.1' },
    bridgeApiVersion: '2.5.1-SNAPSHOT',
    ok: false,
    problems: [/differ only by -SNAPSHOT/],
  },
  {
    name: 'a prefixed POM namespace',
    input: {
      pom: `<m:project xmlns:m="http://maven.apache.org/POM/4.0.0"><m:dependencies><m:dependency><m:groupId>eu.interiot.intermw</m:groupId><m:artifactId>mw.bridges.api</m:artifactId><m:version>2.50</m:version></m:dependency></m:dependencies></m:project>`,
      middlewareVersion: '2.50',
    },
    bridgeApiVersion: '2.50',
    ok: true,
    problems: [],
  },
  {
    name: 'a hard requirement [2.5.0] is that version; a range is not',
    input: { pom: pom(`${coords()}\n${deps(dep('[2.5.0]'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: '2.5.0',
    ok: true,
    problems: [],
  },
  {
    name: 'a version range',
    input: { pom: pom(`${coords()}\n${deps(dep('[2.5.0,)'))}`), middlewareVersion: '2.5.0' },
    bridgeApiVersion: '[2.5.0,)',
    ok: false,
    problems: [/is the range \[2\.5\.0,\); it must be exactly/, /bridge API \[2\.5\.0,\), but the middleware is 2\.5\.0/],
  },
  { name: 'version typed by hand', input: { bridgeApiVersion: '2.5.0', middlewareVersion: '2.5.0' }, bridgeApiVersion: '2.5.0', ok: true, problems: [] },
  { name: 'nothing given', input: { middlewareVersion: '2.5.0' }, bridgeApiVersion: null, ok: false, problems: [/Give the bridge POM/] },
];

describe('checkBridgeVersion', () => {
  it.each(ROWS)('$name', ({ input, bridgeApiVersion, ok, problems, line }) => {
    const result = checkBridgeVersion(input);
    expect(result.bridgeApiVersion).toBe(bridgeApiVersion);
    expect(result.ok).toBe(ok);
    expect(result.problems.map((p) => p.message)).toHaveLength(problems.length);
    problems.forEach((re, i) => expect(result.problems[i]?.message).toMatch(re));
    if (line !== undefined) expect(result.dependency?.line).toBe(line);
  });

  it('checks the shipped sample bridge against its parent POM', () => {
    const result = checkBridgeVersion({
      pom: readFileSync(`${SAMPLES}example-bridge/pom.xml`, 'utf8'),
      parentPom: readFileSync(`${SAMPLES}pom.xml`, 'utf8'),
      middlewareVersion: '2.5.0',
    });
    expect(result).toMatchObject({ bridgeApiVersion: '2.5.0', middlewareVersion: '2.5.0', ok: true, problems: [] });
    // The version comes from the parent's dependencyManagement: ${intermw.version} -> ${project.version}.
    expect(result.dependency).toMatchObject({ declaredVersion: '${intermw.version}', source: 'parent pom.xml' });
  });
});

describe('hostile and malformed POMs', () => {
  const HOSTILE: ReadonlyArray<{ name: string; doctype: string; code: string }> = [
    { name: 'external entity (XXE)', doctype: '<!DOCTYPE project [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>', code: ErrorCodes.xmlExternalEntity },
    { name: 'external DTD', doctype: '<!DOCTYPE project SYSTEM "http://evil.example/x.dtd">', code: ErrorCodes.xmlExternalEntity },
    { name: 'parameter entity', doctype: '<!DOCTYPE project [<!ENTITY % p "x">]>', code: ErrorCodes.xmlExternalEntity },
    {
      name: 'entity bomb',
      doctype: `<!DOCTYPE project [<!ENTITY a0 "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY a${i + 1} "${`&a${i};`.repeat(10)}">`).join('')}]>`,
      code: ErrorCodes.xmlEntityLimit,
    },
  ];

  it.each(HOSTILE)('$name gets the refusal an alignment gets', ({ doctype, code }) => {
    const body = `<project xmlns="http://maven.apache.org/POM/4.0.0">${doctype.includes('xxe') ? '&xxe;' : doctype.includes('a9') ? '&a9;' : ''}</project>`;
    const text = `<?xml version="1.0"?>\n${doctype}\n${body}`;
    const asPom = caught(() => checkBridgeVersion({ pom: text, middlewareVersion: '2.5.0' }));
    const asAlignment = caught(() => parseAlignmentXml(text, { source: 'pom.xml' }));
    expect(asPom).toBeInstanceOf(ParseError);
    expect(asPom.code).toBe(code);
    expect(asPom.code).toBe(asAlignment.code);
    expect(asPom.message).toBe(asAlignment.message);
  });

  it('a malformed POM is a ParseError with its position', () => {
    const text = pom(`${coords()}\n  <dependencies>\n    <dependency>\n  </dependencies>`);
    const error = caught(() => checkBridgeVersion({ pom: text, middlewareVersion: '2.5.0' }));
    expect(error.code).toBe(ErrorCodes.xmlMalformed);
    expect(error.line).toBe(9);
  });

  it('XML that is not a POM is refused with INVALID_POM', () => {
    const error = caught(() => readPom('<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0"/>'));
    expect(error.code).toBe(ErrorCodes.invalidPom);
    expect(error.message).toMatch(/not a Maven POM/);
  });
});

describe('normalizeMiddlewareVersion', () => {
  it.each([
    ['2.5.0', '2.5.0'],
    [' v2.5.0 ', '2.5.0'],
    ['docker.inter-iot.eu/intermw:v2.1.0', '2.1.0'],
    ['registry.local:5000/intermw:2.5.0', '2.5.0'],
    ['intermw:v2.3.1', '2.3.1'],
    ['2.5.1-SNAPSHOT', '2.5.1-SNAPSHOT'],
  ])('%s -> %s', (input, expected) => expect(normalizeMiddlewareVersion(input)).toBe(expected));
});

function caught(fn: () => unknown): ParseError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('expected a ParseError');
}
