/**
 * The plain N-Triples scanner must agree with n3 on everything it reads, and hand n3 everything
 * else: keys equal to `termKey` of n3's terms, blank nodes in the same places, and 'not-plain' for
 * every line outside the subset (so n3 reports the malformed ones with their line).
 */
import { Parser } from 'n3';
import { describe, expect, it } from 'vitest';
import { goldenFile, goldenPairs } from '../../test-support/shared-data.js';
import { termKey } from '../rdf/terms.js';
import { readPlainNTriples, type PlainReading } from './plain-ntriples.js';

/** The triples as text, blank nodes numbered by first appearance (so two readings compare). */
function plainTriples(text: string): { reading: PlainReading; triples: string[] } {
  const keys: string[] = [];
  const blanks = new Map<string, number>();
  const triples: string[] = [];
  const reading = readPlainNTriples(text, {
    term: (key) => keys.push(key) - 1,
    blank: (label) => {
      if (!blanks.has(label)) blanks.set(label, blanks.size);
      return -1 - blanks.get(label)!;
    },
    triple: (s, p, o) => {
      const show = (x: number) => (x < 0 ? `_:${-1 - x}` : keys[x]!);
      triples.push(`${show(s)} ${show(p)} ${show(o)}`);
      return true;
    },
  });
  return { reading, triples };
}

function n3Triples(text: string): string[] {
  const blanks = new Map<string, number>();
  return new Parser({ format: 'N-Triples' }).parse(text).map((q) => {
    const show = (t: typeof q.subject | typeof q.object) => {
      if (t.termType !== 'BlankNode') return termKey(t);
      if (!blanks.has(t.value)) blanks.set(t.value, blanks.size);
      return `_:${blanks.get(t.value)!}`;
    };
    return `${show(q.subject)} ${termKey(q.predicate)} ${show(q.object)}`;
  });
}

function n3Accepts(text: string): boolean {
  try {
    new Parser({ format: 'N-Triples' }).parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('plain N-Triples scanner', () => {
  it('reads every golden output payload exactly as n3 does', () => {
    for (const pair of goldenPairs()) {
      const text = goldenFile(pair.pair, 'output-payload.nt');
      const plain = plainTriples(text);
      expect({ pair: pair.pair, reading: plain.reading }).toEqual({ pair: pair.pair, reading: 'read' });
      expect(plain.triples).toEqual(n3Triples(text));
    }
  });

  const accepted: Array<[string, string]> = [
    ['language tag, lower-cased as n3 does', '<http://a/s> <http://a/p> "x"@EN-gb .'],
    ['datatype', '<http://a/s> <http://a/p> "5"^^<http://www.w3.org/2001/XMLSchema#int> .'],
    ['plain literal is xsd:string', '<http://a/s> <http://a/p> "x" .'],
    ['blank subject and object, dotted label', '_:a.b <http://a/p> _:c-d .'],
    ['tabs, spaces, CRLF, empty lines', '\t<http://a/s>\t<http://a/p>   <http://a/o>  . \r\n\r\n_:x <http://a/p> "y" .\r\n'],
    ['no final newline', '<http://a/s> <http://a/p> <urn:x:o> .'],
    ['repeated subject written the same way', '_:s <http://a/p> "1" .\n_:s <http://a/q> "2" .\n_:st <http://a/q> "3" .\n<http://a/s> <http://a/p> _:s .'],
    ['non-ASCII inside a literal', '<http://a/s> <http://a/p> "żółw ✓" .'],
  ];
  it.each(accepted)('reads %s as n3 does', (_, text) => {
    const plain = plainTriples(text);
    expect(plain.reading).toBe('read');
    expect(plain.triples).toEqual(n3Triples(text));
  });

  const refused: Array<[string, string]> = [
    ['an escape in a literal', '<http://a/s> <http://a/p> "a\\"b" .'],
    ['a \\u escape in an IRI', '<http://a/s\\u0041> <http://a/p> "x" .'],
    ['a comment', '# about\n<http://a/s> <http://a/p> "x" .'],
    ['a comment after the dot', '<http://a/s> <http://a/p> "x" . # c'],
    ['a relative IRI', '<s> <http://a/p> "x" .'],
    ['a lone CR between lines', '<http://a/s> <http://a/p> "x" .\r<http://a/s> <http://a/p> "y" .'],
    ['a label ending with a dot', '_:a. <http://a/p> "x" .'],
    ['a non-ASCII label', '_:é <http://a/p> "x" .'],
    ['no final dot', '<http://a/s> <http://a/p> "x"'],
    ['two triples on a line', '<http://a/s> <http://a/p> "x" . <http://a/s> <http://a/p> "y" .'],
    ['a literal subject', '"x" <http://a/p> "y" .'],
    ['a blank predicate', '<http://a/s> _:p "y" .'],
    ['a space inside an IRI', '<http://a/s t> <http://a/p> "x" .'],
    ['a direction on a language tag', '<http://a/s> <http://a/p> "x"@en--ltr .'],
    ['a language tag and a datatype', '<http://a/s> <http://a/p> "x"@en^^<http://a/d> .'],
    ['no space between terms', '<http://a/s><http://a/p> "x" .'],
    ['a graph term (N-Quads)', '<http://a/s> <http://a/p> "x" <http://a/g> .'],
  ];
  it.each(refused)('leaves %s to n3', (_, text) => {
    expect(plainTriples(text).reading).toBe('not-plain');
  });

  it('never reads a line n3 refuses, nor reads one differently (mutated golden lines)', () => {
    const lines = goldenPairs().flatMap((p) =>
      goldenFile(p.pair, 'output-payload.nt')
        .split('\n')
        .filter((l) => l !== ''),
    );
    const alphabet = ['<', '>', '"', '\\', ' ', '\t', '.', '_', ':', '@', '^', '#', 'a', '0', '-', 'é', '\r'];
    let seed = 12345;
    const random = (n: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let read = 0;
    for (let i = 0; i < 3000; i++) {
      const line = lines[random(lines.length)]!;
      const at = random(line.length + 1);
      const edit = random(3);
      const ch = alphabet[random(alphabet.length)]!;
      const mutated =
        edit === 0
          ? line.slice(0, at) + ch + line.slice(at)
          : edit === 1
            ? line.slice(0, at) + line.slice(at + 1)
            : line.slice(0, at) + ch + line.slice(at + 1);
      const plain = plainTriples(mutated);
      if (plain.reading !== 'read') continue;
      read++;
      expect({ mutated, n3: n3Accepts(mutated) }).toEqual({ mutated, n3: true });
      expect(plain.triples).toEqual(n3Triples(mutated));
    }
    // Most single-character edits inside a term keep the line plain; the check saw real cases.
    expect(read).toBeGreaterThan(500);
  });

  it('stops when the sink says so', () => {
    let seen = 0;
    const reading = readPlainNTriples('<http://a/s> <http://a/p> "1" .\n<http://a/s> <http://a/p> "2" .\n', {
      term: () => 0,
      blank: () => -1,
      triple: () => ++seen < 1,
    });
    expect({ reading, seen }).toEqual({ reading: 'stopped', seen: 1 });
  });
});
