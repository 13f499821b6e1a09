/**
 * A strict parser of the Prometheus text exposition format 0.0.4, for the tests of GET /metrics:
 * what a scraper would refuse fails here with the line number, rather than being read leniently.
 * https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format
 *
 * Checked: the grammar of HELP, TYPE and sample lines (names, label escapes, values, timestamps);
 * one TYPE per family, before its samples; a family's samples contiguous and each series once;
 * sample names belonging to their family's type (histogram `_bucket`/`_sum`/`_count`, summary
 * quantiles); histogram buckets cumulative, with `le="+Inf"` equal to `_count`; counters not negative;
 * the text ending with a newline.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
  readonly timestamp?: number;
}

export interface MetricFamily {
  readonly name: string;
  readonly type: MetricType;
  readonly help: string | undefined;
  readonly samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export class PrometheusParseError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

/** A float as Go's strconv.ParseFloat reads it (what the format says), NaN and infinities in any case. */
function parseValue(text: string, line: number): number {
  const word = text.toLowerCase();
  if (word === 'nan') return Number.NaN;
  if (word === '+inf' || word === 'inf' || word === '+infinity' || word === 'infinity') return Number.POSITIVE_INFINITY;
  if (word === '-inf' || word === '-infinity') return Number.NEGATIVE_INFINITY;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new PrometheusParseError(line, `"${text}" is not a sample value`);
  return Number(text);
}

/** Reads `{name="value",...}` at the start of `rest`; returns the labels and what follows. */
function parseLabels(rest: string, line: number): { labels: Record<string, string>; rest: string } {
  const labels: Record<string, string> = {};
  let i = 1; // after '{'
  for (;;) {
    if (rest[i] === '}') return { labels, rest: rest.slice(i + 1) };
    const name = LABEL_NAME.exec(rest.slice(i))?.[0];
    if (name === undefined) throw new PrometheusParseError(line, `a label name expected at column ${i + 1}`);
    if (Object.hasOwn(labels, name)) throw new PrometheusParseError(line, `label "${name}" given twice`);
    i += name.length;
    if (rest[i] !== '=' || rest[i + 1] !== '"') throw new PrometheusParseError(line, `="..." expected after label ${name}`);
    i += 2;
    let value = '';
    for (;;) {
      const c = rest[i];
      if (c === undefined) throw new PrometheusParseError(line, `label ${name}'s value is not closed`);
      i += 1;
      if (c === '"') break;
      if (c === '\\') {
        const escaped = rest[i];
        i += 1;
        if (escaped === '\\') value += '\\';
        else if (escaped === '"') value += '"';
        else if (escaped === 'n') value += '\n';
        else throw new PrometheusParseError(line, `unknown escape \\${escaped ?? ''} in label ${name}`);
      } else {
        value += c;
      }
    }
    labels[name] = value;
    if (rest[i] === ',') i += 1;
    else if (rest[i] !== '}') throw new PrometheusParseError(line, `, or } expected after label ${name}`);
  }
}

function unescapeHelp(text: string, line: number): string {
  return text.replace(/\\(.?)/g, (_m, c: string) => {
    if (c === '\\') return '\\';
    if (c === 'n') return '\n';
    throw new PrometheusParseError(line, `unknown escape \\${c} in HELP`);
  });
}

/** The family a sample name belongs to, given the declared types. */
function familyOf(sampleName: string, types: ReadonlyMap<string, MetricType>): string {
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (sampleName.endsWith(suffix)) {
      const base = sampleName.slice(0, -suffix.length);
      const type = types.get(base);
      if (type === 'histogram' || (type === 'summary' && suffix !== '_bucket')) return base;
    }
  }
  return sampleName;
}

const seriesKey = (name: string, labels: Readonly<Record<string, string>>): string =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',')}}`;

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  if (text !== '' && !text.endsWith('\n')) throw new PrometheusParseError(text.split('\n').length, 'the text must end with a newline');
  const families = new Map<string, MetricFamily>();
  const types = new Map<string, MetricType>();
  const helps = new Map<string, string>();
  const finished = new Set<string>();
  const series = new Set<string>();
  let current: string | undefined;
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    if (raw.startsWith('#')) {
      const m = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(raw);
      if (m === null) return; // a comment
      const [, keyword, name = '', rest = ''] = m;
      if (METRIC_NAME.exec(name)?.[0] !== name) throw new PrometheusParseError(line, `"${name}" is not a metric name`);
      if (keyword === 'HELP') {
        if (helps.has(name)) throw new PrometheusParseError(line, `a second HELP for ${name}`);
        helps.set(name, unescapeHelp(rest, line));
      } else {
        if (types.has(name)) throw new PrometheusParseError(line, `a second TYPE for ${name}`);
        if (families.has(name)) throw new PrometheusParseError(line, `TYPE of ${name} after its samples`);
        if (!TYPES.has(rest.trim() as MetricType)) throw new PrometheusParseError(line, `"${rest}" is not a metric type`);
        types.set(name, rest.trim() as MetricType);
      }
      return;
    }
    const name = METRIC_NAME.exec(raw)?.[0];
    if (name === undefined) throw new PrometheusParseError(line, 'a metric name expected');
    let rest = raw.slice(name.length);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) ({ labels, rest } = parseLabels(rest, line));
    const parts = rest.trim().split(/\s+/);
    if (!/^\s/.test(rest) || parts.length < 1 || parts.length > 2) throw new PrometheusParseError(line, `"value [timestamp]" expected after ${name}`);
    const value = parseValue(parts[0] ?? '', line);
    let timestamp: number | undefined;
    if (parts[1] !== undefined) {
      if (!/^-?\d+$/.test(parts[1])) throw new PrometheusParseError(line, `"${parts[1]}" is not a timestamp`);
      timestamp = Number(parts[1]);
    }
    const familyName = familyOf(name, types);
    if (familyName !== current) {
      if (finished.has(familyName)) throw new PrometheusParseError(line, `samples of ${familyName} are not contiguous`);
      if (current !== undefined) finished.add(current);
      current = familyName;
    }
    const key = seriesKey(name, labels);
    if (series.has(key)) throw new PrometheusParseError(line, `series ${key} given twice`);
    series.add(key);
    const type = types.get(familyName) ?? 'untyped';
    if (type === 'counter' && !(value >= 0)) throw new PrometheusParseError(line, `counter ${name} is ${value}`);
    if (type === 'histogram' && name.endsWith('_bucket') && labels.le === undefined) throw new PrometheusParseError(line, `bucket of ${familyName} without le`);
    if (type === 'histogram' && name === familyName) throw new PrometheusParseError(line, `histogram ${familyName} sample without _bucket, _sum or _count`);
    let family = families.get(familyName);
    if (family === undefined) {
      family = { name: familyName, type, help: helps.get(familyName), samples: [] };
      families.set(familyName, family);
    }
    family.samples.push({ name, labels, value, ...(timestamp === undefined ? {} : { timestamp }) });
  });
  for (const family of families.values()) if (family.type === 'histogram') checkHistogram(family);
  return families;
}

/** Buckets cumulative in `le` order, the +Inf bucket present and equal to `_count`, per series. */
function checkHistogram(family: MetricFamily): void {
  const groups = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const s of family.samples) {
    const { le, ...rest } = s.labels;
    const key = seriesKey('', rest);
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (s.name.endsWith('_bucket')) group.buckets.push([parseValue(le ?? '', 0), s.value]);
    else if (s.name.endsWith('_count')) group.count = s.value;
  }
  for (const [key, group] of groups) {
    const sorted = [...group.buckets].sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]![1] < sorted[i - 1]![1]) throw new PrometheusParseError(0, `${family.name}${key}: buckets are not cumulative`);
    }
    const inf = sorted.find(([le]) => le === Number.POSITIVE_INFINITY);
    if (inf === undefined) throw new PrometheusParseError(0, `${family.name}${key}: no le="+Inf" bucket`);
    if (group.count !== inf[1]) throw new PrometheusParseError(0, `${family.name}${key}: _count ${group.count} differs from the +Inf bucket ${inf[1]}`);
  }
}

/** The value of the sample `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(families: ReadonlyMap<string, MetricFamily>, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  for (const family of families.values()) {
    for (const s of family.samples) {
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)) return s.value;
    }
  }
  return undefined;
}
