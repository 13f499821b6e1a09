/**
 * The mw2mw change history (issue 15): the shipped 1.0, 1.1 and 1.2 documents against every item of
 * the seed's section 9.4 table (and nothing else), then small documents for each kind of change.
 */
import { describe, expect, it } from 'vitest';
import { readMw2mwSample } from '../../test-support/mw2mw-samples.js';
import { API_CHANGE_KINDS, diffApiDocuments, formatChangeTable, type ApiChange, type ApiDiff } from '../index.js';
import { readSwaggerDocument } from './swagger-model.js';

const sample = (version: string) => readSwaggerDocument(readMw2mwSample(version), `mw2mw-${version}.yaml`);
const v10to11 = diffApiDocuments(sample('1.0'), sample('1.1'));
const v11to12 = diffApiDocuments(sample('1.1'), sample('1.2'));

const has = (diff: ApiDiff, kind: ApiChange['kind'], subject: string, detail?: string): boolean =>
  diff.changes.some((c) => c.kind === kind && c.subject === subject && (detail === undefined || c.detail === detail));
const asText = (changes: readonly ApiChange[]): string[] => changes.map((c) => `${c.kind} | ${c.subject} | ${c.detail}`).sort();

describe('seed 9.4, version 1.1', () => {
  it('reads the versions from info.version', () => {
    expect([v10to11.from, v10to11.to, v11to12.from, v11to12.to]).toEqual(['1.0', '1.1', '1.1', '1.2']);
  });

  const rows: Array<[string, (d: ApiDiff) => boolean]> = [
    ['endpoint tags changed', (d) => d.changes.filter((c) => c.kind === 'operation-tags-changed').length >= 2],
    ['a new tag mw2mw.Actuation added', (d) => has(d, 'tag-added', 'mw2mw.Actuation')],
    [
      'path parameter managedClientId renamed clientId',
      (d) => d.changes.some((c) => c.kind === 'parameter-renamed' && c.detail === 'managedClientId -> clientId'),
    ],
    ['response messages changed for most endpoints', (d) => d.changes.filter((c) => c.kind === 'responses-changed').length > sample('1.0').operations.size / 2],
    ['PUT /mw2mw/devices became PUT /mw2mw/devices/{clientId}', (d) => has(d, 'path-moved', 'PUT /mw2mw/devices', 'PUT /mw2mw/devices/{clientId}')],
    ['property pullMessagesLimit renamed receivingCapacity', (d) => has(d, 'property-renamed', 'Client.pullMessagesLimit', 'receivingCapacity')],
    ['Platform definition updated', (d) => has(d, 'definition-changed', 'Platform')],
    ['IoTDevice definition updated', (d) => has(d, 'definition-changed', 'IoTDevice')],
    ['endpoint GET /mw2mw/platforms/{platformId}', (d) => has(d, 'path-added', 'GET /mw2mw/platforms/{platformId}')],
    ['endpoint PUT /mw2mw/platforms/{platformId}', (d) => has(d, 'path-added', 'PUT /mw2mw/platforms/{platformId}')],
    ['endpoint GET /mw2mw/platform-types', (d) => has(d, 'path-added', 'GET /mw2mw/platform-types')],
    ['endpoint POST /mw2mw/devices/{deviceId}/actuation', (d) => has(d, 'path-added', 'POST /mw2mw/devices/{deviceId}/actuation')],
    ...['ActuationInput', 'ActuationResult', 'UpdateClientInput', 'UpdatePlatformInput', 'RegisterClientInput', 'RegisterPlatformInput'].map(
      (name): [string, (d: ApiDiff) => boolean] => [`definition ${name}`, (d) => has(d, 'definition-added', name)],
    ),
    ['content type application/json on /mw2mw/responses', (d) => has(d, 'content-type-added', 'GET /mw2mw/responses', 'application/json')],
  ];
  it.each(rows)('%s', (_item, found) => {
    expect(found(v10to11)).toBe(true);
  });

  it('reports nothing else (the whole list)', () => {
    const responses = [
      'GET /mw2mw/clients | 200 changed',
      'POST /mw2mw/clients | 201 changed, 400 added, 409 changed',
      'GET /mw2mw/clients/{clientId} | 200 changed',
      'DELETE /mw2mw/clients/{clientId} | 204 changed',
      'GET /mw2mw/platforms | 200 changed',
      'POST /mw2mw/platforms | 202 changed',
      'DELETE /mw2mw/platforms/{platformId} | 202 changed',
      'POST /mw2mw/devices | 202 changed',
      'DELETE /mw2mw/devices/{deviceId} | 202 changed',
      'POST /mw2mw/subscriptions | 202 changed',
      'DELETE /mw2mw/subscriptions/{conversationId} | 202 changed',
      'POST /mw2mw/requests | 202 changed',
      'PUT /mw2mw/devices/{clientId} | 202 changed',
    ].map((r) => `responses-changed | ${r}`);
    const expected = [
      'tag-added | mw2mw.Actuation | ',
      'operation-tags-changed | GET /mw2mw/subscriptions | mw2mw.Devices -> mw2mw.Subscriptions',
      'operation-tags-changed | POST /mw2mw/subscriptions | mw2mw.Devices -> mw2mw.Subscriptions',
      'operation-tags-changed | DELETE /mw2mw/subscriptions/{conversationId} | mw2mw.Devices -> mw2mw.Subscriptions',
      'operation-tags-changed | GET /mw2mw/responses | mw2mw.Clients -> mw2mw.Messages',
      'operation-tags-changed | POST /mw2mw/requests | mw2mw.Clients -> mw2mw.Messages',
      'path-added | GET /mw2mw/platform-types | ',
      'path-added | GET /mw2mw/platforms/{platformId} | ',
      'path-added | PUT /mw2mw/platforms/{platformId} | ',
      'path-added | POST /mw2mw/devices/{deviceId}/actuation | ',
      'path-moved | PUT /mw2mw/devices | PUT /mw2mw/devices/{clientId}',
      'parameter-renamed | GET /mw2mw/clients/{clientId} | managedClientId -> clientId',
      'parameter-renamed | DELETE /mw2mw/clients/{clientId} | managedClientId -> clientId',
      ...responses,
      ...['RegisterClientInput', 'UpdateClientInput', 'RegisterPlatformInput', 'UpdatePlatformInput', 'ActuationInput', 'ActuationResult'].map(
        (n) => `definition-added | ${n} | `,
      ),
      'definition-changed | Platform | properties added: timeCreated, platformStatistics, downstreamInputAlignmentName, downstreamInputAlignmentVersion, downstreamOutputAlignmentName, downstreamOutputAlignmentVersion, upstreamInputAlignmentName, upstreamInputAlignmentVersion, upstreamOutputAlignmentName, upstreamOutputAlignmentVersion',
      'definition-changed | IoTDevice | properties added: deviceTypes',
      'property-renamed | Client.pullMessagesLimit | receivingCapacity',
      'content-type-added | GET /mw2mw/responses | application/json',
    ];
    expect(asText(v10to11.changes)).toEqual(expected.sort());
    expect(v10to11.changes).toHaveLength(36);
  });
});

describe('seed 9.4, version 1.2', () => {
  const rows: Array<[string, ApiChange['kind'], string]> = [
    ['definition Response changed', 'definition-changed', 'Response'],
    ['definition StatusType changed', 'definition-changed', 'StatusType'],
    ['tag mw2mw.Query', 'tag-added', 'mw2mw.Query'],
    ['endpoint GET /mw2mw/devices/data', 'path-added', 'GET /mw2mw/devices/data'],
    ['endpoint GET /mw2mw/devices/data/{deviceId}', 'path-added', 'GET /mw2mw/devices/data/{deviceId}'],
    ['endpoint POST /mw2mw/devices/query', 'path-added', 'POST /mw2mw/devices/query'],
    ['endpoint POST /mw2mw/query', 'path-added', 'POST /mw2mw/query'],
    ['definition DeviceDiscoveryQuery', 'definition-added', 'DeviceDiscoveryQuery'],
  ];
  it.each(rows)('%s', (_item, kind, subject) => {
    expect(has(v11to12, kind, subject)).toBe(true);
  });

  it('reports nothing else (the total)', () => {
    // Every change is one of the rows above: a definition that only references a changed one
    // (Response -> StatusType) is not reported for that, and GET /mw2mw/devices is not "moved".
    expect(v11to12.changes).toHaveLength(rows.length);
  });

  it('prints the table like the seed', () => {
    const table = formatChangeTable([v10to11, v11to12]);
    expect(table.split('\n')[0]).toBe('| Version | Changes | Additions |');
    expect(table).toContain('| 1.2 | definitions Response, StatusType changed | tag mw2mw.Query; endpoints GET /mw2mw/devices/data');
    expect(table).toContain('PUT /mw2mw/devices became PUT /mw2mw/devices/{clientId}');
    expect(table).toContain('parameter managedClientId renamed clientId');
    expect(table).toContain('property Client.pullMessagesLimit renamed receivingCapacity');
    expect(table).toContain('content type application/json on GET /mw2mw/responses');
  });
});

/** A Swagger 2.0 document around the given YAML lines (paths, definitions, ... at top level). */
function doc(body: string, version = '1'): string {
  return `swagger: "2.0"\ninfo:\n  title: T\n  version: "${version}"\n${body}`;
}
const diffOf = (before: string, after: string) => asText(diffApiDocuments(readSwaggerDocument(doc(before, '1')), readSwaggerDocument(doc(after, '2'))).changes);

const op = (tags = '[a]', extra = '') => `      tags: ${tags}\n${extra}      responses:\n        "200":\n          description: OK\n`;

describe('each kind of change, on small documents', () => {
  const cases: Array<{ name: string; before: string; after: string; expected: string[] }> = [
    {
      name: 'tag-added and tag-removed (declared tags)',
      before: 'tags:\n  - name: a\n  - name: b\npaths: {}\n',
      after: 'tags:\n  - name: a\n  - name: c\npaths: {}\n',
      expected: ['tag-added | c | ', 'tag-removed | b | '],
    },
    {
      name: 'operation-tags-changed (order of tags does not matter)',
      before: `paths:\n  /x:\n    get:\n${op('[a, b]')}    put:\n${op('[a]')}`,
      after: `paths:\n  /x:\n    get:\n${op('[b, a]')}    put:\n${op('[c]')}`,
      expected: ['operation-tags-changed | PUT /x | a -> c', 'tag-added | c | '],
    },
    {
      name: 'path-added and path-removed',
      before: `paths:\n  /x:\n    get:\n${op()}  /y:\n    delete:\n${op()}`,
      after: `paths:\n  /x:\n    get:\n${op()}    post:\n${op()}`,
      expected: ['path-added | POST /x | ', 'path-removed | DELETE /y | '],
    },
    {
      name: 'path-moved: same method on a path that extends the old one',
      before: `paths:\n  /things:\n    put:\n${op()}`,
      after: `paths:\n  /things/{id}:\n    put:\n${op('[a]', '      parameters:\n        - {name: id, in: path, required: true, type: string}\n')}`,
      expected: ['path-moved | PUT /things | PUT /things/{id}'],
    },
    {
      name: 'not a move: another method, or a path that does not extend the old one',
      before: `paths:\n  /things:\n    put:\n${op()}  /stuff:\n    get:\n${op()}`,
      after: `paths:\n  /things/{id}:\n    post:\n${op()}  /stuffing:\n    get:\n${op()}`,
      expected: ['path-added | GET /stuffing | ', 'path-added | POST /things/{id} | ', 'path-removed | GET /stuff | ', 'path-removed | PUT /things | '],
    },
    {
      name: 'parameter-renamed: a path parameter at the same position',
      before: `paths:\n  /c/{managed}:\n    get:\n${op('[a]', '      parameters:\n        - {name: managed, in: path, required: true, type: string}\n')}`,
      after: `paths:\n  /c/{client}:\n    get:\n${op('[a]', '      parameters:\n        - {name: client, in: path, required: true, type: string}\n')}`,
      expected: ['parameter-renamed | GET /c/{client} | managed -> client'],
    },
    {
      name: 'parameter-renamed: a query parameter of the same type; not one of another type',
      before: `paths:\n  /q:\n    get:\n${op('[a]', '      parameters:\n        - {name: limit, in: query, type: integer}\n        - {name: from, in: query, type: string}\n')}`,
      after: `paths:\n  /q:\n    get:\n${op('[a]', '      parameters:\n        - {name: max, in: query, type: integer}\n        - {name: since, in: header, type: string}\n')}`,
      expected: ['parameter-renamed | GET /q | limit -> max'],
    },
    {
      name: 'responses-changed: a description, an added status',
      before: `paths:\n  /x:\n    get:\n${op()}`,
      after: `paths:\n  /x:\n    get:\n      tags: [a]\n      responses:\n        "200":\n          description: The x\n        "404":\n          description: No x\n`,
      expected: ['responses-changed | GET /x | 200 changed, 404 added'],
    },
    {
      name: 'definition-added, definition-removed, definition-changed',
      before: 'paths: {}\ndefinitions:\n  A: {type: object, properties: {x: {type: string}}}\n  B: {type: object}\n',
      after: 'paths: {}\ndefinitions:\n  A: {type: object, properties: {x: {type: integer}}}\n  C: {type: object}\n',
      expected: ['definition-added | C | ', 'definition-changed | A | properties changed: x', 'definition-removed | B | '],
    },
    {
      name: 'property-renamed: gone and new in the same definition with the same type (and nothing else)',
      before: 'paths: {}\ndefinitions:\n  Client: {type: object, properties: {id: {type: string}, pullLimit: {type: integer, description: old}}}\n',
      after: 'paths: {}\ndefinitions:\n  Client: {type: object, properties: {id: {type: string}, capacity: {type: integer, description: new}}}\n',
      expected: ['property-renamed | Client.pullLimit | capacity'],
    },
    {
      name: 'not a rename: the new property has another type',
      before: 'paths: {}\ndefinitions:\n  D: {type: object, properties: {n: {type: integer}}}\n',
      after: 'paths: {}\ndefinitions:\n  D: {type: object, properties: {m: {type: string}}}\n',
      expected: ['definition-changed | D | properties added: m; properties removed: n'],
    },
    {
      name: 'content types: document level is "global", an operation that overrides is its own subject',
      before: `consumes: [application/json]\nproduces: [application/json]\npaths:\n  /x:\n    get:\n${op()}  /y:\n    get:\n${op('[a]', '      produces: [text/plain]\n')}`,
      after: `consumes: [application/json, application/xml]\nproduces: [application/json]\npaths:\n  /x:\n    get:\n${op()}  /y:\n    get:\n${op('[a]', '      produces: [application/json]\n')}`,
      expected: [
        'content-type-added | global | application/xml',
        'content-type-added | GET /y | application/json',
        'content-type-removed | GET /y | text/plain',
      ],
    },
    {
      name: 'content types: an operation that starts overriding the document lists',
      before: `produces: [application/ld+json]\npaths:\n  /r:\n    get:\n${op()}`,
      after: `produces: [application/ld+json]\npaths:\n  /r:\n    get:\n${op('[a]', '      produces: [application/ld+json, application/json]\n')}`,
      expected: ['content-type-added | GET /r | application/json'],
    },
    {
      name: 'operation-tags-changed from no tags',
      before: `paths:\n  /x:\n    get:\n      responses: {"200": {description: OK}}\n`,
      after: `paths:\n  /x:\n    get:\n${op('[a]')}`,
      expected: ['operation-tags-changed | GET /x | (none) -> a', 'tag-added | a | '],
    },
    {
      name: 'nothing: status codes written as numbers or strings, extensions, a path item by $ref',
      before: `x-generator: one\npaths:\n  x-internal: {}\n  /x:\n    get:\n      responses:\n        200: {description: OK}\n`,
      after: `x-generator: two\npaths:\n  /x:\n    $ref: "#/x-items/x"\nx-items:\n  x:\n    get:\n      responses:\n        "200": {description: OK}\n`,
      expected: [],
    },
    {
      name: 'nothing: the same document with keys in another order and in flow style',
      before: `paths:\n  /x:\n    get:\n      tags: [a]\n      responses: {"200": {description: OK, schema: {type: object, properties: {a: {type: string}, b: {type: integer}}}}}\n`,
      after: `paths:\n  /x:\n    get:\n      responses:\n        "200":\n          schema:\n            properties:\n              b: {type: integer}\n              a: {type: string}\n            type: object\n          description: OK\n      tags: [a]\n`,
      expected: [],
    },
  ];
  it.each(cases)('$name', ({ before, after, expected }) => {
    expect(diffOf(before, after)).toEqual([...expected].sort());
  });

  it('covers every kind', () => {
    const kinds = new Set(cases.flatMap((c) => c.expected.map((e) => e.split(' | ')[0])));
    expect([...API_CHANGE_KINDS].filter((k) => !kinds.has(k))).toEqual([]);
  });
});

describe('$ref and allOf', () => {
  it('resolves shared parameters: a renamed shared path parameter is a rename on each operation', () => {
    const shared = (name: string) =>
      `parameters:\n  p:\n    {name: ${name}, in: path, required: true, type: string}\npaths:\n  /c/{${name}}:\n    parameters:\n      - $ref: "#/parameters/p"\n    get:\n${op()}    delete:\n${op()}`;
    expect(diffOf(shared('managedClientId'), shared('clientId'))).toEqual(
      ['parameter-renamed | DELETE /c/{clientId} | managedClientId -> clientId', 'parameter-renamed | GET /c/{clientId} | managedClientId -> clientId'].sort(),
    );
  });

  it('resolves shared responses: a change to one changes the responses of every operation that uses it', () => {
    const shared = (text: string) =>
      `responses:\n  Accepted: {description: ${text}}\npaths:\n  /a:\n    post:\n      responses: {"202": {$ref: "#/responses/Accepted"}}\n  /b:\n    post:\n      responses: {"202": {$ref: "#/responses/Accepted"}}\n`;
    expect(diffOf(shared('OK'), shared('Accepted'))).toEqual(['responses-changed | POST /a | 202 changed', 'responses-changed | POST /b | 202 changed']);
  });

  it('keeps $ref to definitions by name: a changed definition does not change those that point at it', () => {
    const defs = (extra: string) =>
      `paths:\n  /r:\n    get:\n      responses: {"200": {description: OK, schema: {$ref: "#/definitions/Response"}}}\ndefinitions:\n  Response: {type: object, properties: {statusInfo: {$ref: "#/definitions/StatusType"}}}\n  StatusType: {type: object, properties: {code: {type: integer}${extra}}}\n`;
    expect(diffOf(defs(''), defs(', family: {type: string}'))).toEqual(['definition-changed | StatusType | properties added: family']);
  });

  it('changes the response when the definition it points at is replaced by another', () => {
    const r = (name: string) =>
      `paths:\n  /r:\n    get:\n      responses: {"200": {description: OK, schema: {$ref: "#/definitions/${name}"}}}\ndefinitions:\n  A: {type: object}\n  B: {type: object}\n`;
    expect(diffOf(r('A'), r('B'))).toEqual(['responses-changed | GET /r | 200 changed']);
  });

  it('flattens allOf: a property added to the base shows in the composed definition', () => {
    const defs = (extra: string) =>
      `paths: {}\ndefinitions:\n  Base: {type: object, properties: {id: {type: string}${extra}}}\n  Input:\n    allOf:\n      - $ref: "#/definitions/Base"\n      - {type: object, required: [id], properties: {secret: {type: string}}}\n`;
    expect(diffOf(defs(''), defs(', name: {type: string}'))).toEqual([
      'definition-changed | Base | properties added: name',
      'definition-changed | Input | properties added: name',
    ]);
    // The same shape written without allOf is no change at all.
    const flat = `paths: {}\ndefinitions:\n  Base: {type: object, properties: {id: {type: string}}}\n  Input: {type: object, required: [id], properties: {id: {type: string}, secret: {type: string}}}\n`;
    expect(diffOf(defs(''), flat)).toEqual([]);
  });
});

describe('YAML features of hand-written documents', () => {
  it('reads merge keys (<<: *anchor) and anchors, and a byte-order mark', () => {
    const text = `\uFEFF${doc('x-common: &common\n  tags: [a]\n  responses: {"200": {description: OK}}\npaths:\n  /x:\n    get:\n      <<: *common\n      tags: [b]\n    put: *common\n')}`;
    const document = readSwaggerDocument(text);
    expect(document.operations.get('GET /x')?.tags).toEqual(['b']);
    expect(document.operations.get('PUT /x')?.tags).toEqual(['a']);
    expect([...(document.operations.get('GET /x')?.responses.keys() ?? [])]).toEqual(['200']);
  });
});

describe('JSON input', () => {
  const yaml = readMw2mwSample('1.1');
  it('reads a JSON document like the same document in YAML', () => {
    const fromYaml = readSwaggerDocument(yaml);
    const json = JSON.stringify(
      {
        swagger: '2.0',
        info: { title: 'MW2MW', version: '1.1' },
        paths: { '/mw2mw/clients/{clientId}': { get: { tags: ['mw2mw.Clients'], responses: { 200: { description: 'OK' } } } } },
      },
      null,
      2,
    );
    const fromJson = readSwaggerDocument(json, 'small.json');
    expect(fromJson.version).toBe('1.1');
    expect([...fromJson.operations.keys()]).toEqual(['GET /mw2mw/clients/{clientId}']);
    expect(fromYaml.operations.size).toBeGreaterThan(10);
  });

  it('keeps a property named __proto__ as a property, in YAML and JSON', () => {
    const yamlDoc = readSwaggerDocument(
      doc('paths: {}\ndefinitions:\n  D: {type: object, properties: {__proto__: {type: string}, constructor: {type: integer}}}\n'),
    );
    expect(yamlDoc.definitions.get('D')?.properties.map((p) => p.name)).toEqual(['__proto__', 'constructor']);
    const jsonDoc = readSwaggerDocument(
      '{"swagger": "2.0", "info": {"version": "1"}, "paths": {}, "definitions": {"D": {"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "integer"}}}}}',
    );
    expect(diffApiDocuments(yamlDoc, jsonDoc).changes).toEqual([]);
  });

  it('reads YAML flow style that starts like JSON', () => {
    expect(readSwaggerDocument('{swagger: "2.0", info: {version: "3"}, paths: {}}').version).toBe('3');
  });

  it('diffs a JSON document against a YAML one (the 1.0 sample converted to JSON)', () => {
    // A JSON rendering of the YAML sample, made by the same parser the differ uses.
    const json = JSON.stringify(JSON.parse(JSON.stringify(yamlToPlain(readMw2mwSample('1.0')))), null, 1);
    const diff = diffApiDocuments(readSwaggerDocument(json, 'mw2mw-1.0.json'), sample('1.1'));
    expect(asText(diff.changes)).toEqual(asText(v10to11.changes));
    expect(diffApiDocuments(readSwaggerDocument(json), sample('1.0')).changes).toEqual([]);
  });
});

describe('malformed documents: a clear error with its line', () => {
  const cases: Array<{ name: string; text: string; line: number; message: RegExp }> = [
    { name: 'YAML syntax', text: doc('paths:\n  /x:\n    get: [a, b\n  /y: {}\n'), line: 8, message: /Not valid YAML/ },
    { name: 'a duplicate key', text: doc('paths:\n  /x: {}\n  /x: {}\n'), line: 7, message: /unique/ },
    { name: 'JSON syntax (a missing comma)', text: '{\n  "swagger": "2.0",\n  "info": {"version": "1"}\n  "paths": {}\n}', line: 4, message: /Not valid JSON/ },
    {
      name: 'JSON: a $ref to a missing definition',
      text: '{\n  "swagger": "2.0",\n  "info": {"version": "1"},\n  "paths": {\n    "/x": {"get": {"responses": {"200": {\n      "description": "OK",\n      "schema": {"$ref": "#/definitions/Nope"}}}}}\n  }\n}',
      line: 7,
      message: /#\/definitions\/Nope/,
    },
    { name: 'not Swagger 2.0', text: 'openapi: 3.0.0\ninfo: {version: "1"}\npaths: {}\n', line: 1, message: /OpenAPI 3\.0\.0/ },
    { name: 'no swagger field', text: 'info: {version: "1"}\npaths: {}\n', line: 1, message: /no "swagger" field/ },
    { name: 'no paths', text: doc('definitions: {}\n'), line: 1, message: /no "paths"/ },
    {
      name: 'a $ref to a missing definition',
      text: doc(
        'paths:\n  /x:\n    get:\n      responses:\n        "200":\n          description: OK\n          schema:\n            $ref: "#/definitions/Nope"\n',
      ),
      line: 12,
      message: /#\/definitions\/Nope/,
    },
    {
      name: 'a $ref to a missing shared parameter',
      text: doc('paths:\n  /x:\n    get:\n      parameters:\n        - $ref: "#/parameters/gone"\n'),
      line: 9,
      message: /#\/parameters\/gone/,
    },
  ];
  it.each(cases)('$name', ({ text, line, message }) => {
    let caught: unknown;
    try {
      readSwaggerDocument(text, 'bad.yaml');
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'API_DOCUMENT_INVALID', line, source: 'bad.yaml' });
    expect((caught as Error).message).toMatch(message);
  });

  it('keeps an unquoted version as written (1.10 is not 1.1)', () => {
    expect(readSwaggerDocument('swagger: 2.0\ninfo: {version: 1.10}\npaths: {}\n').version).toBe('1.10');
    expect(readSwaggerDocument('{"swagger": "2.0", "info": {"version": 2.0}, "paths": {}}').version).toBe('2.0');
  });

  it('refuses an alias that contains itself instead of looping', () => {
    expect(() => readSwaggerDocument(doc('paths:\n  /x: &a\n    get: *a\n'))).toThrow(/alias/);
  });
});

/** The sample as plain data (the test's own conversion, to make a JSON twin of it). */
function yamlToPlain(text: string): unknown {
  const plain: Record<string, unknown> = {};
  const document = readSwaggerDocument(text);
  expect(document.version).toBe('1.0');
  // Parsed with the yaml package directly: the reader keeps no plain tree.
  Object.assign(plain, parseYaml(text));
  return plain;
}
import { parse as parseYaml } from 'yaml';
