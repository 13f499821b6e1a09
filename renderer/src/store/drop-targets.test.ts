import { describe, expect, it } from 'vitest';
import { refusalNotice, routeDrop } from './drop-targets.js';

describe('drops go where they are dropped', () => {
  it.each([
    ['message', ['weight.json'], { message: 'weight.json', alignments: [], refused: [] }],
    ['message', ['a.json', 'b.json', 'CO.rdf'], { message: 'a.json', alignments: [], refused: ['b.json', 'CO.rdf'] }],
    ['chain', ['CO.rdf', 'weight.json'], { alignments: ['CO.rdf'], refused: ['weight.json'] }],
    ['alignments', ['CO.xml', 'notes.txt'], { alignments: ['CO.xml'], refused: ['notes.txt'] }],
    ['translate', ['m.jsonld', 'CO.owl'], { message: 'm.jsonld', alignments: ['CO.owl'], refused: [] }],
    ['none', ['CO.rdf'], { alignments: [], refused: ['CO.rdf'] }],
  ] as const)('on %s: %j', (target, files, want) => {
    expect(routeDrop(target, files)).toEqual(want);
  });

  it('names the refused file and what the target takes', () => {
    expect(refusalNotice('message', ['CO.rdf'])).toBe('“CO.rdf” was not loaded: the message editor takes one message (.json, .jsonld).');
    expect(refusalNotice('chain', [])).toBeUndefined();
  });
});
