/**
 * Seeded fn:format-number calls (java-decimal-format.ts) for the differential against Jena 3.9
 * (jena-differential.test.ts): numbers of every kind (ties, negative zeros, NaN, infinities, longs
 * past 64 bits) through pictures people write and pictures Java reads oddly or refuses (quotes,
 * percent and per mille, negative subpatterns, scientific forms, stray separators), with and
 * without a locale.
 */
import { factory, NS, type RDF } from '../common/rdf/terms.js';
import { caseOf, Random, type GeneratedCase } from './expression-generator.js';

const XSD = NS.xsd;
const typed = (lexical: string, type: string): RDF.Literal => factory.literal(lexical, factory.namedNode(`${XSD}${type}`));

const PICTURES = [
  '#,##0.00',
  '0.00',
  '#',
  '0',
  '#.##',
  '0.###',
  '00.000',
  '#,###',
  '#,##0.###',
  '0.00%',
  '#%',
  '0.0\u2030',
  '0.00;(0.00)',
  '0.00;-0.00',
  "'#'0",
  'abc',
  '',
  '#a#',
  '0.###E0',
  '00.###E0',
  '##0.#####E0',
  '0E0',
  '##0.##E00',
  '#,##0.00 EUR',
  '0.0.0',
  '0#',
  '#0#',
  '0.#0',
  ',',
  ';',
  '0;',
  '0;a',
  "'abc",
  '%%0',
  '-0.0',
  '#,#0.0#',
  '#,###,##0',
  '000000',
  '.00',
  '#.',
  '0.',
  "'o''clock' 0",
  '#,##,###',
  '0.0000000000',
  'E0',
  '0.0E',
  '#E0',
  '\u00a40.00',
];

function value(r: Random): RDF.Literal {
  switch (r.int(0, 3)) {
    case 0:
      return typed(
        r.pick(['0', '1', '-1', '12', '1234567', '-9876543210', '1180591620717411303424', '-5', '999999']),
        r.pick(['integer', 'integer', 'int', 'long']),
      );
    case 1:
      return typed(r.pick(['1234.5678', '-0.001', '0.125', '2.675', '0.5', '1.005', '-2.5', '100', '0.0', '-1234.5', '99.995']), 'decimal');
    case 2:
      return typed(
        r.pick([
          '1.5e0',
          'NaN',
          'INF',
          '-INF',
          '-0.0e0',
          '1e20',
          '1.0E-5',
          '123456.789e0',
          '0.1e0',
          '2.5e0',
          '3.5e0',
          '1e300',
          '0.125e0',
          '-2.675e0',
          '5e-324',
        ]),
        'double',
      );
    default:
      return typed(r.pick(['1.5', '0.1', '3.4028235E38', '-2.5', '7']), 'float');
  }
}

export function generateFormatNumberCases(seed: number, n: number): GeneratedCase[] {
  const r = new Random(seed);
  const cases: GeneratedCase[] = [];
  for (let i = 0; i < n; i++) {
    const args: RDF.Term[] = [value(r), factory.literal(r.pick(PICTURES))];
    // A locale with a region makes Java's ¤ its currency's symbol (a departure: ¤ stays here).
    const picture = (args[1] as RDF.Literal).value;
    const locales = picture.includes('\u00a4')
      ? ['de', 'fr', 'en', 'it', 'ru', 'xx', '']
      : ['de', 'fr', 'en', 'en-US', 'de-CH', 'it', 'es', 'ru', 'ja', 'xx', ''];
    if (r.chance(0.25)) args.push(factory.literal(r.pick(locales)));
    cases.push(caseOf({ fn: 'fn:format-number', args }));
  }
  return cases;
}
