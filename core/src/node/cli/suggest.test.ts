import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dataDir } from '../../test-support/shared-data.js';
import { compileAlignment } from '../../common/index.js';
import { runCli } from '../cli.js';

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => '' });
  return { code, stdout, stderr };
}

const golden = (pair: string, file: string) => join(dataDir, 'golden', pair, file);

describe('mediator suggest', () => {
  it('prints a valid alignment named as asked', async () => {
    const r = await cli([
      'suggest',
      golden('bc-weight__BodyCloud_CO', 'input.json'),
      golden('bc-weight__BodyCloud_CO', 'output.json'),
      '--name',
      'bc_suggested',
      '--version',
      '0.1',
    ]);
    expect(r.code).toBe(0);
    const compiled = await compileAlignment(r.stdout);
    expect(compiled.header).toMatchObject({ name: 'bc_suggested', version: '0.1' });
  });

  it('--json prints alignment, questions and the cell count', async () => {
    const r = await cli(['suggest', golden('weight__UniversAAL_CO', 'input.json'), golden('weight__UniversAAL_CO', 'output.json'), '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { alignment: string; questions: unknown[]; cells: number };
    expect(Object.keys(body).sort()).toEqual(['alignment', 'cells', 'questions']);
    expect((await compileAlignment(body.alignment)).alignment.cells.length).toBe(body.cells);
  });

  it.each([[['suggest']], [['suggest', 'only-one.json']], [['suggest', 'a.json', 'b.json', '--bogus']]])('usage error %j exits 2', async (args) => {
    expect((await cli(args)).code).toBe(2);
  });

  it('--help prints usage and exits 0; mediator help lists it', async () => {
    const r = await cli(['suggest', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('mediator suggest INPUT.json OUTPUT.json');
    expect((await cli(['help'])).stdout).toContain('mediator suggest');
  });

  it('an unreadable file exits 1', async () => {
    expect((await cli(['suggest', '/nonexistent/in.json', '/nonexistent/out.json'])).code).toBe(1);
  });

  it('--answer settles a question printed by an earlier run; a malformed one exits 2, an unknown one 1', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'suggest-answer-'));
    const message = (payload: object) =>
      JSON.stringify({
        '@graph': [{ '@id': 'InterIoTMsg:payload', '@graph': [payload] }],
        '@context': { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/ns#' },
      });
    const input = join(dir, 'in.json');
    const output = join(dir, 'out.json');
    await writeFile(input, message({ '@id': 'ex:m1', '@type': 'ex:Reading', 'ex:low': '7', 'ex:high': '7' }));
    await writeFile(output, message({ '@id': 'ex:m1', '@type': 'ex:Reading', 'ex:level': '7' }));
    const asked = await cli(['suggest', input, output]);
    expect(asked.code).toBe(0);
    const id = /question (q-[0-9a-z]+)/.exec(asked.stderr)?.[1];
    const other = /^ {4}(c-[0-9a-z]+):/m.exec(asked.stderr)?.[1];
    expect(id).toBeDefined();
    expect(other).toBeDefined();
    const answered = await cli(['suggest', input, output, '--answer', `${id}=${other}`, '--json']);
    expect(answered.code).toBe(0);
    expect((JSON.parse(answered.stdout) as { questions: unknown[] }).questions).toEqual([]);
    expect((await cli(['suggest', input, output, '--answer', 'no-equals-sign'])).code).toBe(2);
    const unknown = await cli(['suggest', input, output, '--answer', 'q-x=c-y']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('INVALID_SUGGESTION_ANSWER');
  });
});
