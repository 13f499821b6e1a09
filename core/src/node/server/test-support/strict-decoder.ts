/**
 * Decodes JSON the way the reference's real clients do: the middleware's Java client (INTER-MW
 * 2.5.0, `IPSMApiClient`) reads answers with Jackson's default `ObjectMapper`, which fails on any
 * property its class does not declare (`FAIL_ON_UNKNOWN_PROPERTIES`, UnrecognizedPropertyException)
 * and on a value of the wrong JSON type for a field. The classes below are written from the
 * clients' declarations (reference-mediator.md 6.2, middleware-and-dashboard.md B.3, CONTRACT.md
 * "The successor's API"), not from our schemas, so that a key our server adds is caught.
 */

type FieldType = 'string' | 'int' | 'long' | 'boolean' | 'iso-date';

/** A Java class as Jackson sees it: its declared fields and their types. */
export interface JavaClass {
  readonly name: string;
  readonly fields: Readonly<Record<string, FieldType>>;
}

const s = 'string' as const;

/** IPSMApiClient.ChannelInfo (INTER-MW) = the reference's ChannelInfo (spray-json). */
const CHANNEL_INFO_FIELDS = {
  id: 'int',
  uuid: s,
  source: s,
  sink: s,
  inpAlignmentName: s,
  inpAlignmentVersion: s,
  outAlignmentName: s,
  outAlignmentVersion: s,
  consumerGroup: s,
  descId: s,
  parallelism: 'int',
} as const satisfies Record<string, FieldType>;

export const JAVA_CLASSES = {
  ChannelInfo: { name: 'ChannelInfo', fields: CHANNEL_INFO_FIELDS },
  /** STE 1.0's ChannelInfo: the IPSM fields plus chanType. */
  SteChannelInfo: { name: 'SteChannelInfo', fields: { ...CHANNEL_INFO_FIELDS, chanType: s } },
  AlignmentInfo: {
    name: 'AlignmentInfo',
    fields: { descId: s, id: 'int', name: s, date: 'long', sourceOntologyURI: s, targetOntologyURI: s, version: s, creator: s, description: s },
  },
  /** STE sends the upload date as ISO-8601 text. */
  SteAlignmentInfo: {
    name: 'SteAlignmentInfo',
    fields: { descId: s, id: 'int', name: s, date: 'iso-date', sourceOntologyURI: s, targetOntologyURI: s, version: s, creator: s, description: s },
  },
  TranslationResponse: { name: 'TranslationResponse', fields: { message: s, graphStr: s } },
  LoggingResponse: { name: 'LoggingResponse', fields: { message: s, level: s } },
  VersionResponse: { name: 'VersionResponse', fields: { name: s, version: s } },
  HealthResponse: { name: 'HealthResponse', fields: { info: s, value: 'boolean' } },
} as const satisfies Record<string, JavaClass>;

function typeProblem(type: FieldType, value: unknown): string | undefined {
  switch (type) {
    case 'string':
      return typeof value === 'string' ? undefined : 'expected a string';
    case 'int':
      return Number.isInteger(value) && Math.abs(value as number) <= 2 ** 31 - 1 ? undefined : 'expected a 32-bit integer';
    case 'long':
      return Number.isSafeInteger(value) ? undefined : 'expected a long integer';
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'expected a boolean';
    case 'iso-date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/u.test(value) && !Number.isNaN(Date.parse(value))
        ? undefined
        : 'expected an ISO-8601 date-time string';
  }
}

/**
 * Every problem Jackson's default mapper would throw on (unknown property, wrong type), plus a
 * missing field (Jackson leaves it null; our contract promises every field).
 */
export function strictProblems(cls: JavaClass, value: unknown, where = cls.name): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${where}: expected a JSON object`];
  const problems: string[] = [];
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in cls.fields)) problems.push(`${where}: Unrecognized field "${key}" (class ${cls.name}), not marked as ignorable`);
  }
  for (const [field, type] of Object.entries(cls.fields)) {
    if (!(field in record)) {
      problems.push(`${where}: missing field "${field}"`);
      continue;
    }
    const problem = typeProblem(type, record[field]);
    if (problem !== undefined) problems.push(`${where}.${field}: ${problem}, got ${JSON.stringify(record[field])}`);
  }
  return problems;
}

/** The problems of a JSON array of `cls` (Jackson's `List<cls>` / `cls[]`). */
export function strictListProblems(cls: JavaClass, value: unknown, where = `List<${cls.name}>`): string[] {
  if (!Array.isArray(value)) return [`${where}: expected a JSON array`];
  return value.flatMap((item, index) => strictProblems(cls, item, `${where}[${index}]`));
}

/** Decodes like Jackson: the value, or an Error listing every problem. */
export function decodeStrict<T>(cls: JavaClass, value: unknown): T {
  const problems = strictProblems(cls, value);
  if (problems.length > 0) throw new Error(`strict decoding failed:\n${problems.join('\n')}`);
  return value as T;
}

/** Decodes a list like Jackson. */
export function decodeStrictList<T>(cls: JavaClass, value: unknown): T[] {
  const problems = strictListProblems(cls, value);
  if (problems.length > 0) throw new Error(`strict decoding failed:\n${problems.join('\n')}`);
  return value as T[];
}
