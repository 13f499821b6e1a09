import { describe, expect, it } from 'vitest';
import coFiware from '../fixtures/CO_FIWARE.rdf?raw';
import { NOT_WELL_FORMED, wellFormednessProblems } from './well-formedness.js';

describe('wellFormednessProblems (fast-xml-parser validator)', () => {
  it('finds nothing wrong with a real alignment (DOCTYPE and entities included) or an empty editor', () => {
    expect(wellFormednessProblems(coFiware)).toEqual([]);
    expect(wellFormednessProblems('  \n')).toEqual([]);
  });

  it('reports a mismatched closing tag at its line and column', () => {
    expect(wellFormednessProblems('<a>\n  <b></c></a>')).toEqual([
      { code: NOT_WELL_FORMED, severity: 'error', message: expect.stringContaining("Expected closing tag 'b'"), line: 2, column: 6 },
    ]);
  });

  it('reports an unclosed element of an alignment where the validator stops', () => {
    const broken = coFiware.replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>SRIPAS');
    const [problem] = wellFormednessProblems(broken);
    expect(problem).toMatchObject({ code: NOT_WELL_FORMED, severity: 'error', message: expect.stringContaining('dcelem:creator') });
    expect(problem?.line).toBeGreaterThan(1);
    expect(problem?.column).toBeGreaterThan(0);
  });

  it('reports a repeated attribute', () => {
    expect(wellFormednessProblems('<a>\n  <b x="1" x="2"/></a>')).toMatchObject([{ line: 2, column: 12, message: expect.stringContaining("'x' is repeated") }]);
  });
});
