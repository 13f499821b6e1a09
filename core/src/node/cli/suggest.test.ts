import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dataDir } from '../../test-support/shared-data.js';
import { compileAlignment } from '../../common/index.js';
import { runCapturedCli as cli } from '../../test-support/cli-run.js';

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

  it('--json prints alignment, questions, the cell count and per example whether it is reproduced', async () => {
    const r = await cli(['suggest', golden('weight__UniversAAL_CO', 'input.json'), golden('weight__UniversAAL_CO', 'output.json'), '--json']);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout) as { alignment: string; questions: unknown[]; cells: number };
    expect(Object.keys(body).sort()).toEqual(['alignment', 'cells', 'examples', 'questions']);
    expect((body as unknown as { examples: Array<{ reproduced: boolean }> }).examples).toMatchObject([{ reproduced: true }]);
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

  describe('issue 41: N pairs, stable question ids, exit 1 when an example is not reproduced', () => {
    const message = (payload: object) =>
      JSON.stringify({
        '@graph': [{ '@id': 'InterIoTMsg:payload', '@graph': [payload] }],
        '@context': { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/ns#', xsd: 'http://www.w3.org/2001/XMLSchema#' },
      });
    const weighing = (patient: string, kg: string, grams: string) => [
      message({ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:kg': { '@value': kg, '@type': 'xsd:decimal' } }),
      message({ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:grams': grams }),
    ];
    async function files(pairs: string[][]): Promise<string[]> {
      const dir = await mkdtemp(join(tmpdir(), 'suggest-n-'));
      const out: string[] = [];
      for (const [i, [input, output]] of pairs.entries()) {
        out.push(join(dir, `in${i}.json`), join(dir, `out${i}.json`));
        await writeFile(join(dir, `in${i}.json`), input ?? '');
        await writeFile(join(dir, `out${i}.json`), output ?? '');
      }
      return out;
    }

    it('one pair: the grams are a question; its id is the same on a second run and --answer with it picks "a constant"', async () => {
      const args = await files([weighing('001EXP', '68.5', '68500')]);
      const first = await cli(['suggest', ...args, '--json']);
      const second = await cli(['suggest', ...args, '--json']);
      expect(first.code).toBe(0);
      type Reply = {
        questions: Array<{ id: string; candidates: Array<{ id: string; transform: string }> }>;
        examples: Array<{ reproduced: boolean }>;
        alignment: string;
      };
      const a = JSON.parse(first.stdout) as Reply;
      expect(a.questions.map((q) => q.id)).toEqual((JSON.parse(second.stdout) as Reply).questions.map((q) => q.id));
      const question = a.questions[0];
      const constant = question?.candidates.find((c) => c.transform === 'a constant');
      expect(constant).toBeDefined();
      expect(a.alignment).not.toContain('68500.0');
      const answered = await cli(['suggest', ...args, '--answer', `${question?.id ?? ''}=${constant?.id ?? ''}`, '--json']);
      expect(answered.code).toBe(0);
      expect((JSON.parse(answered.stdout) as Reply).questions).toEqual([]);
    });

    it('two pairs that separate the candidates: no question; a pair that contradicts them: exit 1 with reproduced false and the triples listed', async () => {
      const two = await cli(['suggest', ...(await files([weighing('001EXP', '68.5', '68500'), weighing('002EXP', '80.25', '80250')])), '--json']);
      expect(two.code).toBe(0);
      expect((JSON.parse(two.stdout) as { questions: unknown[] }).questions).toEqual([]);
      const clash = await cli(['suggest', ...(await files([weighing('001EXP', '68.5', '68500'), weighing('001EXP', '68.5', '1')])), '--json']);
      expect(clash.code).toBe(1);
      const reply = JSON.parse(clash.stdout) as { examples: Array<{ reproduced: boolean; extra: string[]; missing: string[] }> };
      expect(reply.examples.some((e) => !e.reproduced)).toBe(true);
      const failed = reply.examples.find((e) => !e.reproduced);
      expect([...(failed?.extra ?? []), ...(failed?.missing ?? [])].join(' ')).toContain('ex:grams');
      const text = await cli(['suggest', ...(await files([weighing('001EXP', '68.5', '68500'), weighing('001EXP', '68.5', '1')]))]);
      expect(text.code).toBe(1);
      expect(text.stderr).toMatch(/(extra|missing): +ex:w-001EXP ex:grams/);
    });
  });
});
