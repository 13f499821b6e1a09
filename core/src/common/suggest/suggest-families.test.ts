/**
 * Synthetic families for the cell synthesizer (issue 30): value functions found from two examples
 * must hold on a third; two attributes with the same value must become a question; all the
 * examples of one real alignment must give one suggestion that reproduces each.
 */
import { describe, expect, it } from 'vitest';
import { goldenPairs, goldenFile } from '../../test-support/shared-data.js';
import { exampleMessage, holdsOn } from '../../test-support/suggest-examples.js';
import { suggestAlignment, type SuggestionExample } from './suggest-alignment.js';

const CONTEXT = { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/ns#', xsd: 'http://www.w3.org/2001/XMLSchema#' };
const message = (payload: readonly object[]): string => exampleMessage(CONTEXT, 'InterIoTMsg:Thing_Update', payload);

/** A device whose `from` attribute becomes `to`, its value mapped. */
function renamed(id: string, from: string, to: string, value: unknown, mapped: unknown): SuggestionExample {
  return {
    input: message([{ '@id': `ex:${id}`, '@type': 'ex:Device', [`ex:${from}`]: value, 'ex:site': 'north' }]),
    output: message([{ '@id': `ex:${id}`, '@type': 'ex:Gauge', [`ex:${to}`]: mapped, 'ex:site': 'north' }]),
  };
}

const int = (n: number) => ({ '@value': String(n), '@type': 'xsd:integer' });

describe('value functions from two examples hold on a third', () => {
  it.each([
    [
      'a replace',
      [renamed('d1', 'code', 'id', 'AB-12-CD', 'AB_12_CD'), renamed('d2', 'code', 'id', 'X-9', 'X_9')],
      renamed('d3', 'code', 'id', 'Q-1-2-3', 'Q_1_2_3'),
    ],
    [
      'a prefix',
      [renamed('d1', 'serial', 'label', '1234', 'dev-1234'), renamed('d2', 'serial', 'label', '987', 'dev-987')],
      renamed('d3', 'serial', 'label', '55555', 'dev-55555'),
    ],
    [
      'an affine number map',
      [renamed('d1', 'raw', 'value', int(20), int(43)), renamed('d2', 'raw', 'value', int(30), int(63))],
      renamed('d3', 'raw', 'value', int(7), int(17)),
    ],
  ] as const)('%s', async (_name, examples, third) => {
    const suggestion = await suggestAlignment(examples);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(await holdsOn(suggestion.alignment, third)).toBe(true);
  });

  it('one example of a replace is no silent guess: a question offers the REPLACE and a constant; answering "a constant" memorises', async () => {
    const suggestion = await suggestAlignment([renamed('d1', 'code', 'id', 'AB-12-CD', 'AB_12_CD')]);
    expect(suggestion.checks[0]?.reproduced).toBe(true);
    const question = suggestion.questions.find((q) => q.value === '"AB_12_CD"');
    expect(question?.candidates.map((c) => c.transform)).toEqual(expect.arrayContaining(['REPLACE(value, "-", "_")', 'a constant']));
    expect(await holdsOn(suggestion.alignment, renamed('d3', 'code', 'id', 'Q-1-2-3', 'Q_1_2_3'))).toBe(true);
    const constant = question?.candidates.find((c) => c.transform === 'a constant');
    const answered = await suggestAlignment([renamed('d1', 'code', 'id', 'AB-12-CD', 'AB_12_CD')], {
      answers: [{ question: question?.id ?? '', choice: constant?.id ?? '' }],
    });
    expect(answered.questions).toEqual([]);
    expect(await holdsOn(answered.alignment, renamed('d3', 'code', 'id', 'Q-1-2-3', 'Q_1_2_3'))).toBe(false);
  });
});

describe('a literal that varies across examples becomes a variable', () => {
  const withUnit = (id: string, n: string) => renamed(id, 'raw', 'label', n, `${n} units`);

  it('one example with a short value keeps the output as a constant; two make it a function of the input that holds on a third', async () => {
    const one = await suggestAlignment([withUnit('d1', '7')]);
    expect(one.checks[0]?.reproduced).toBe(true);
    expect(one.alignment).toContain('7 units');
    expect(await holdsOn(one.alignment, withUnit('d3', '300'))).toBe(false);

    const two = await suggestAlignment([withUnit('d1', '7'), withUnit('d2', '12')]);
    expect(two.checks.every((c) => c.reproduced)).toBe(true);
    expect(two.cells).toBe(1);
    expect(two.alignment).not.toContain('7 units');
    expect(await holdsOn(two.alignment, withUnit('d3', '300'))).toBe(true);
  });
});

describe('ambiguity becomes a question', () => {
  // `low` sorts after `high`, so a guess by name would take `high`: the wanted source here is `low`.
  const reading = (id: string, low: string, high: string, level: string): SuggestionExample => ({
    input: message([{ '@id': `ex:${id}`, '@type': 'ex:Reading', 'ex:low': low, 'ex:high': high }]),
    output: message([{ '@id': `ex:${id}`, '@type': 'ex:Reading', 'ex:level': level }]),
  });
  const same = reading('m1', '7', '7', '7');
  const separating = reading('m2', '3', '9', '3');
  const third = reading('m3', '11', '40', '11');

  it('two source attributes with the same value: a question naming the output triple, both candidates and the pick', async () => {
    const suggestion = await suggestAlignment([same]);
    expect(suggestion.checks[0]?.reproduced).toBe(true);
    const questions = suggestion.questions.filter((q) => q.kind === 'ambiguous-source');
    expect(questions).toHaveLength(1);
    const question = questions[0];
    expect(question?.value).toBe('"7"');
    expect(question?.triple).toBe('<http://example.org/ns#m1> <http://example.org/ns#level> "7" .');
    expect(question?.candidates.map((c) => [c.source, c.value])).toEqual(
      expect.arrayContaining([
        ['<http://example.org/ns#m1> <http://example.org/ns#low>', '"7"'],
        ['<http://example.org/ns#m1> <http://example.org/ns#high>', '"7"'],
      ]),
    );
    expect(question?.candidates.map((c) => c.id)).toContain(question?.chosen);
    // The same examples give the same ids.
    const again = await suggestAlignment([same]);
    expect(again.questions).toEqual(suggestion.questions);
  });

  it('a second example where they differ: no question, and the suggestion takes the attribute that explains both', async () => {
    const suggestion = await suggestAlignment([same, separating]);
    expect(suggestion.questions).toEqual([]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(suggestion.cells).toBe(1);
    expect(await holdsOn(suggestion.alignment, third)).toBe(true);
  });

  it('an answer picks the other candidate: the question is gone and the suggestion follows the answer', async () => {
    const asked = await suggestAlignment([same]);
    const question = asked.questions.find((q) => q.kind === 'ambiguous-source');
    if (question === undefined) throw new Error('no question');
    const picksLow = (await holdsOn(asked.alignment, third)) ? 'low' : 'high';
    const other = question.candidates.find((c) => c.id !== question.chosen);
    if (other === undefined) throw new Error('one candidate');
    const answered = await suggestAlignment([same], { answers: [{ question: question.id, choice: other.id }] });
    expect(answered.questions).toEqual([]);
    expect(answered.checks[0]?.reproduced).toBe(true);
    // Exactly one of the two picks is the `low` attribute, so the answer flips what the third example gets.
    expect(await holdsOn(answered.alignment, third)).toBe(picksLow !== 'low');
    expect(other.source.endsWith(picksLow === 'low' ? '#high>' : '#low>')).toBe(true);
  });

  it('an answer to an unknown question or with an unknown candidate is refused', async () => {
    const asked = await suggestAlignment([same]);
    const question = asked.questions[0];
    await expect(suggestAlignment([same], { answers: [{ question: 'q-nope', choice: 'c-nope' }] })).rejects.toMatchObject({
      code: 'INVALID_SUGGESTION_ANSWER',
    });
    await expect(suggestAlignment([same], { answers: [{ question: question?.id ?? '', choice: 'c-nope' }] })).rejects.toMatchObject({
      code: 'INVALID_SUGGESTION_ANSWER',
    });
  });
});

describe('one suggestion from all the examples of an alignment', () => {
  const byAlignment = new Map<string, string[]>();
  for (const p of goldenPairs()) {
    if (p.alignments.length !== 1 || p.outputPayloadTriples === 0) continue;
    const a = p.alignments[0] ?? '';
    byAlignment.set(a, [...(byAlignment.get(a) ?? []), p.pair]);
  }
  it.each([...byAlignment.entries()])('%s reproduces each of its examples', async (_alignment, pairs) => {
    const examples = pairs.map((pair) => ({ input: goldenFile(pair, 'input.json'), output: goldenFile(pair, 'output.json') }));
    const suggestion = await suggestAlignment(examples);
    expect(suggestion.checks.map((c) => c.reproduced)).toEqual(pairs.map(() => true));
  });
});

describe('bounds', () => {
  it('stops past its time budget with SUGGESTION_TIMEOUT', async () => {
    const example = { input: goldenFile('bc-weight__BodyCloud_CO', 'input.json'), output: goldenFile('bc-weight__BodyCloud_CO', 'output.json') };
    await expect(suggestAlignment([example], { timeoutMs: -1 })).rejects.toMatchObject({ code: 'SUGGESTION_TIMEOUT' });
  });

  it('refuses no example and an unreadable one', async () => {
    await expect(suggestAlignment([])).rejects.toMatchObject({ code: 'INVALID_SUGGESTION_EXAMPLE' });
    await expect(suggestAlignment([{ input: '{', output: '{}' }])).rejects.toMatchObject({ code: 'INVALID_SUGGESTION_EXAMPLE' });
  });
});

describe('a value the input chooses: conditionals where the examples split', () => {
  const bool = (b: boolean) => ({ '@value': String(b), '@type': 'xsd:boolean' });
  const state = (id: string, status: string, on: boolean) => renamed(id, 'status', 'on', status, bool(on));

  it('one example: the constant is asked about, and "only messages where" makes the cell that specific', async () => {
    const one = await suggestAlignment([state('d1', 'active', true)]);
    expect(one.checks[0]?.reproduced).toBe(true);
    const question = one.questions.find((q) => q.value.startsWith('"true"'));
    expect(question?.message).toContain('<http://example.org/ns#status> is "active"');
    expect(question?.candidates.map((c) => c.source)).toEqual(['every message', 'only messages where <http://example.org/ns#status> is "active"']);
    // As suggested, the constant is written for every message.
    expect(await holdsOn(one.alignment, state('d3', 'standby', true))).toBe(true);
    const only = question?.candidates[1]?.id ?? '';
    const answered = await suggestAlignment([state('d1', 'active', true)], { answers: [{ question: question?.id ?? '', choice: only }] });
    expect(answered.questions).toEqual([]);
    expect(answered.checks[0]?.reproduced).toBe(true);
    expect(await holdsOn(answered.alignment, state('d3', 'active', true))).toBe(true);
    expect(await holdsOn(answered.alignment, state('d3', 'standby', true))).toBe(false);
  });

  it('two examples that split: one cell whose IF holds on both values, and an input that kept its attribute too', async () => {
    const two = await suggestAlignment([state('d1', 'active', true), state('d2', 'standby', false)]);
    expect(two.checks.every((c) => c.reproduced)).toBe(true);
    expect(two.cells).toBe(1);
    expect(two.alignment).toContain('sripas:about="IF"');
    expect(await holdsOn(two.alignment, state('d3', 'standby', false))).toBe(true);
    expect(await holdsOn(two.alignment, state('d4', 'active', true))).toBe(true);
  });
});
