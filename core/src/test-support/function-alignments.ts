/**
 * One-cell alignments that each use one function of the expression language (issue 38), the message
 * that drives them, and what the reference computes: the server, CLI and validator tests share them.
 * Each case's cell reads `ex:v` of `ex:thing` into ?v, runs its transformation and writes ?r to `ex:w`.
 */
import { oneCellAlignment } from './one-cell-alignment.js';

export const EX = 'http://example.org/';
const XSD = 'http://www.w3.org/2001/XMLSchema#';

/** A function call of a transformation: `?name` params are variables, the others values (`4^^xsd:integer` typed). */
export interface CallSpec {
  readonly name: string;
  readonly params: readonly string[];
  readonly result: string;
}

export interface FunctionCase {
  /** Unique, also the alignment's title. */
  readonly id: string;
  /** The value of `ex:v`: lexical form and datatype IRI or `@lang`. */
  readonly input: readonly [string, string];
  readonly calls: readonly CallSpec[];
  /** The value of `ex:w` after translation: lexical form and datatype IRI, `@lang`, `IRI` or `BLANK`. */
  readonly expected: readonly [string, string];
}

const one = (name: string, ...params: string[]): CallSpec[] => [{ name, params: ['?v', ...params], result: 'r' }];
const S = `${XSD}string`;
const I = `${XSD}integer`;
const B = `${XSD}boolean`;
const DATE: readonly [string, string] = ['2010-05-03T09:07:01.5-05:30', `${XSD}dateTime`];
const ABC: readonly [string, string] = ['abc', S];

export const FUNCTION_CASES: readonly FunctionCase[] = [
  { id: 'if', input: ['0.0', `${XSD}decimal`], calls: one('IF', 'yes', 'no'), expected: ['yes', S] },
  {
    id: 'coalesce',
    input: ['abc', S],
    calls: [
      { name: 'xsd:integer', params: ['?v'], result: 'n' },
      { name: 'coalesce', params: ['?n', 'fallback'], result: 'r' },
    ],
    expected: ['fallback', S],
  },
  { id: 'bound', input: ABC, calls: [{ name: 'BOUND', params: ['?v'], result: 'r' }], expected: ['true', B] },
  { id: 'sameterm', input: ABC, calls: one('sameTerm', 'abc'), expected: ['true', B] },
  { id: 'regex', input: ['Abc', S], calls: one('REGEX', '^ab', 'i'), expected: ['true', B] },
  {
    id: 'langmatches',
    input: ['colour', '@en-GB'],
    calls: [
      { name: 'LANG', params: ['?v'], result: 'l' },
      { name: 'langMatches', params: ['?l', 'en'], result: 'r' },
    ],
    expected: ['true', B],
  },
  { id: 'year', input: DATE, calls: one('YEAR'), expected: ['2010', I] },
  { id: 'month', input: DATE, calls: one('month'), expected: ['05', I] },
  { id: 'day', input: DATE, calls: one('Day'), expected: ['03', I] },
  { id: 'hours', input: DATE, calls: one('HOURS'), expected: ['09', I] },
  { id: 'minutes', input: DATE, calls: one('MINUTES'), expected: ['07', I] },
  { id: 'seconds', input: DATE, calls: one('SECONDS'), expected: ['01.5', `${XSD}decimal`] },
  { id: 'timezone', input: DATE, calls: one('TIMEZONE'), expected: ['-PT5H30M', `${XSD}dayTimeDuration`] },
  { id: 'tz', input: DATE, calls: one('TZ'), expected: ['-05:30', S] },
  { id: 'md5', input: ABC, calls: one('MD5'), expected: ['900150983cd24fb0d6963f7d28e17f72', S] },
  { id: 'sha1', input: ABC, calls: one('sha1'), expected: ['a9993e364706816aba3e25717850c26c9cd0d89d', S] },
  { id: 'sha256', input: ABC, calls: one('SHA256'), expected: ['ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', S] },
  {
    id: 'sha384',
    input: ABC,
    calls: one('SHA384'),
    expected: ['cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7', S],
  },
  {
    id: 'sha512',
    input: ABC,
    calls: one('SHA512'),
    expected: ['ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f', S],
  },
  { id: 'strlang', input: ABC, calls: one('STRLANG', 'en-US'), expected: ['abc', '@en-us'] },
  { id: 'bnode', input: ABC, calls: one('BNODE'), expected: ['', 'BLANK'] },
  { id: 'isblank', input: ABC, calls: one('isBLANK'), expected: ['false', B] },
  { id: 'isliteral', input: ABC, calls: one('isLiteral'), expected: ['true', B] },
  { id: 'datatype', input: ['7', I], calls: one('DATATYPE'), expected: [I, 'IRI'] },
  { id: 'lang', input: ['colour', '@en-GB'], calls: one('lang'), expected: ['en-gb', S] },
  { id: 'fn-string-length', input: ABC, calls: one('fn:string-length'), expected: ['3', I] },
  { id: 'fn-upper-case', input: ABC, calls: one('fn:upper-case'), expected: ['ABC', S] },
  { id: 'fn-substring', input: ['foobar', S], calls: one('fn:substring', '4^^xsd:integer'), expected: ['bar', S] },
  { id: 'fn-concat', input: ABC, calls: one('fn:concat', '-', 'd'), expected: ['abc-d', S] },
  { id: 'fn-matches', input: ABC, calls: one('fn:matches', 'b'), expected: ['true', B] },
  { id: 'fn-replace', input: ABC, calls: one('fn:replace', 'b', 'B'), expected: ['aBc', S] },
  { id: 'fn-abs', input: ['-3', I], calls: one('fn:abs'), expected: ['3', I] },
  { id: 'fn-round', input: ['2.4', `${XSD}double`], calls: one('fn:round'), expected: ['2.0e0', `${XSD}double`] },
  { id: 'fn-floor', input: ['2', I], calls: one('fn:floor'), expected: ['2', I] },
  { id: 'fn-ceiling', input: ['2', I], calls: one('fn:ceiling'), expected: ['2', I] },
  { id: 'fn-contains', input: ABC, calls: one('fn:contains', 'bc'), expected: ['true', B] },
  { id: 'fn-starts-with', input: ABC, calls: one('fn:starts-with', 'ab'), expected: ['true', B] },
  { id: 'fn-ends-with', input: ABC, calls: one('fn:ends-with', 'x'), expected: ['false', B] },
  { id: 'fn-year-from-datetime', input: DATE, calls: one('fn:year-from-dateTime'), expected: ['2010', I] },
  { id: 'fn-substring-before', input: ABC, calls: one('fn:substring-before', 'c'), expected: ['ab', S] },
  { id: 'fn-full-iri', input: ABC, calls: one('<http://www.w3.org/2005/xpath-functions#upper-case>'), expected: ['ABC', S] },
  { id: 'math-sqrt', input: ['4', I], calls: one('math:sqrt'), expected: ['2.0e0', `${XSD}double`] },
];

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function functionXml(call: CallSpec): string {
  const params = call.params
    .map((p, i) => {
      if (p.startsWith('?')) return `<param order="${i + 1}" about="&sripas;node_${p.slice(1)}"/>`;
      const [value = p, type] = p.split('^^xsd:');
      return `<param order="${i + 1}" val="${escapeXml(value)}"${type === undefined ? '' : ` datatype="&xsd;${type}"`}/>`;
    })
    .join('');
  return `<function about="${escapeXml(call.name)}">${params}<return about="&sripas;node_${call.result}"/></function>`;
}

/** The alignment of a case (title = case id, version 1.0), with `fn:` and `math:` declared. */
export function functionAlignment(title: string, calls: readonly CallSpec[], cellId = 'fcell'): string {
  return oneCellAlignment(
    {
      id: cellId,
      entity1: `var:x &lt;${EX}v&gt; var:v .`,
      entity2: `var:x &lt;${EX}w&gt; var:r .`,
      transformation: calls.map(functionXml).join('\n'),
    },
    { title, description: 'One function of the expression language' },
  ).replace(
    'xmlns:ex=',
    'xmlns:fn="http://www.w3.org/2005/xpath-functions#" xmlns:math="http://www.w3.org/2005/xpath-functions/math#" xmlns:xsd="http://www.w3.org/2001/XMLSchema#" xmlns:ex=',
  );
}

/** An INTER-IoT message whose payload is `ex:thing ex:v <input>`. */
export function functionMessage([lexical, type]: readonly [string, string]): string {
  const value = type.startsWith('@') ? { '@value': lexical, '@language': type.slice(1) } : { '@value': lexical, '@type': type };
  return JSON.stringify({
    '@graph': [
      {
        '@graph': [{ '@id': 'InterIoTMsg:meta-f', '@type': ['InterIoTMsg:meta', 'InterIoTMsg:Thing_Update'], 'InterIoTMsg:messageID': 'f' }],
        '@id': 'InterIoTMsg:metadata',
      },
      { '@graph': [{ '@id': `${EX}thing`, [`${EX}v`]: value }], '@id': 'InterIoTMsg:payload' },
    ],
    '@context': { InterIoTMsg: 'http://inter-iot.eu/message/' },
  });
}
