import { describe, expect, it } from 'vitest';
import { isJsonQuotedXml } from './route-support.js';

describe('isJsonQuotedXml', () => {
  it.each([
    ['a JSON-encoded XML document', JSON.stringify('<?xml version="1.0"?>\n<rdf:RDF/>'), true],
    ['with whitespace around it', `\n  ${JSON.stringify('  <root/>')}\n`, true],
    ['raw XML', '<?xml version="1.0"?><root/>', false],
    ['a JSON string that is not XML', JSON.stringify('hello'), false],
    ['a quote that is not JSON', '"<root/>', false],
    ['a JSON object', JSON.stringify({ xml: '<root/>' }), false],
    ['empty', '', false],
  ])('%s -> %s', (_label, body, expected) => {
    expect(isJsonQuotedXml(body)).toBe(expected);
  });
});
