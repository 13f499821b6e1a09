/**
 * Hostile and broken inputs: each gets a clear error with a stable code and, where it has one, a
 * position (engine issue, acceptance).
 */
import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError, ValidationError } from '../errors.js';
import { analyzeAlignment, compileAlignment } from '../translation/index.js';
import { translateMessage } from '../translation/index.js';
import { readData } from '../../test-support/shared-data.js';

const coFiware = readData('alignments/CO_FIWARE.rdf');

async function compileError(text: string): Promise<unknown> {
  try {
    await compileAlignment(text, { source: 'test.rdf' });
  } catch (error) {
    return error;
  }
  throw new Error('expected compileAlignment to fail');
}

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at < 0) throw new Error(`not found: ${needle}`);
  return text.slice(0, at).split('\n').length;
}

describe('hostile XML', () => {
  it('refuses an external entity', async () => {
    const text = coFiware.replace('<!ENTITY sripas', '<!ENTITY xxe SYSTEM "file:///etc/passwd">\n<!ENTITY sripas');
    const error = await compileError(text);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe(ErrorCodes.xmlExternalEntity);
    expect((error as ParseError).message).toMatch(/xxe/);
  });

  it('refuses an entity expansion bomb with the entity limit error', async () => {
    const levels = ['<!ENTITY lol0 "lol">'];
    for (let i = 1; i <= 10; i++) levels.push(`<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`);
    const text = coFiware
      .replace('<!ENTITY sripas', `${levels.join('\n')}\n<!ENTITY sripas`)
      .replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>&lol10;</dcelem:creator>');
    const error = await compileError(text);
    expect((error as ParseError).code).toBe(ErrorCodes.xmlEntityLimit);
  });
});

describe('broken alignments', () => {
  it('reports an unclosed tag with its position', async () => {
    const text = coFiware.replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>SRIPAS');
    const error = await compileError(text);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe(ErrorCodes.xmlMalformed);
    expect((error as ParseError).line).toBeGreaterThan(0);
    expect((error as ParseError).column).toBeGreaterThan(0);
  });

  it('reports invalid Turtle in a cell at its line and column in the document', async () => {
    const broken = 'var:CTX a phd:WeighingScale ;; ] .';
    const text = coFiware.replace('var:CTX a phd:WeighingScale .', broken);
    const error = await compileError(text);
    expect(error).toBeInstanceOf(ValidationError);
    const problem = (error as ValidationError).problems.find((p) => p.code === 'CELL_TURTLE_SYNTAX');
    expect(problem).toMatchObject({ severity: 'error', cellId: 'cell2_weight', line: lineOf(text, broken) });
    expect(problem!.column).toBeGreaterThan(text.split('\n')[lineOf(text, broken) - 1]!.indexOf('var:CTX'));
  });

  it('reports a step that names a missing cell', async () => {
    const text = coFiware.replace('sripas:cell="http://www.inter-iot.eu/sripas#cell1"', 'sripas:cell="http://www.inter-iot.eu/sripas#nope"');
    const error = await compileError(text);
    expect(error).toBeInstanceOf(ValidationError);
    const problem = (error as ValidationError).problems.find((p) => p.code === 'STEP_UNKNOWN_CELL');
    expect(problem).toMatchObject({ cellId: 'nope', line: lineOf(text, '#nope') });
  });

  it('reports an unknown function and a missing return', async () => {
    const text = coFiware
      .replace('<sripas:function sripas:about="str">', '<sripas:function sripas:about="frobnicate">')
      .replace('<sripas:return sripas:about="&var;cp"/>', '');
    const result = await analyzeAlignment(text);
    const codes = result.problems.filter((p) => p.severity === 'error').map((p) => p.code);
    expect(codes).toContain('FUNCTION_UNKNOWN');
    expect(codes).toContain('FUNCTION_WITHOUT_RETURN');
  });

  it('accepts the lenient Turtle of BodyCloud_CO (no final dot) with a warning', async () => {
    const result = await analyzeAlignment(readData('alignments/BodyCloud_CO.rdf'));
    expect(result.compiled).toBeDefined();
    expect(result.problems.map((p) => [p.code, p.cellId])).toContainEqual(['CELL_TURTLE_MISSING_FINAL_DOT', '2_res_quest']);
  });

  it('warns about the CO_FIWARE cell3_entity typo variable instead of failing', async () => {
    const result = await analyzeAlignment(coFiware);
    expect(result.problems).toContainEqual(expect.objectContaining({ code: 'CELL_UNBOUND_INSERT_VARIABLE', cellId: 'cell3_entity' }));
  });

  it('points legacy-format documents at the converter', async () => {
    const result = await analyzeAlignment('<Alignment name="x" version="1"/>');
    expect(result.problems[0]).toMatchObject({ code: 'LEGACY_FORMAT' });
  });
});

describe('bad messages', () => {
  it('rejects a message that is not JSON with line and column', async () => {
    const alignment = await compileAlignment(coFiware);
    const error = await translateMessage('{\n  "@graph": [\n    oops\n  ]\n}', [alignment]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).code).toBe(ErrorCodes.messageNotJson);
    expect((error as ParseError).line).toBe(3);
  });

  it('passes a message without a payload graph through unchanged', async () => {
    const alignment = await compileAlignment(coFiware);
    const input = readData('messages/emptyPayload.json');
    const result = await translateMessage(input, [alignment]);
    expect(result.emptyPayload).toBe(true);
    expect(result.message).toBe(input);
  });
});
