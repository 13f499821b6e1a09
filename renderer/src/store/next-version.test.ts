import { describe, expect, it } from 'vitest';
import { nextVersion, withDocumentVersion } from './next-version.js';

describe('nextVersion', () => {
  it.each([
    ['1.0', [], '1.0.1'],
    ['1.0', ['1.0.1'], '1.0.2'],
    ['3.0.1', [], '3.0.2'],
    ['3.0.1', ['3.0.2', '3.0.3'], '3.0.4'],
    ['3', [], '3.1'],
    ['beta', [], 'beta.1'],
  ] as const)('%s (taken %j) -> %s', (version, taken, expected) => {
    expect(nextVersion(version, taken)).toBe(expected);
  });
});

describe('withDocumentVersion', () => {
  it('rewrites the exmo:version element', () => {
    expect(withDocumentVersion('<a><exmo:version>1.0</exmo:version></a>', '1.0.1')).toBe('<a><exmo:version>1.0.1</exmo:version></a>');
  });
  it('rewrites the exmo:version attribute', () => {
    expect(withDocumentVersion('<Alignment exmo:version="2" />', '2.1')).toBe('<Alignment exmo:version="2.1" />');
  });
  it('answers undefined when the document declares no version', () => {
    expect(withDocumentVersion('<Alignment />', '2.1')).toBeUndefined();
  });
});
