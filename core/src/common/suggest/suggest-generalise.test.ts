/**
 * Issue 41's reports as tests, on formats the synthesizer has never seen: a value the examples do
 * not pin down is a question (never a silent constant), a second example removes it, and what is
 * found holds on a third message with the wanted lexical forms.
 */
import { describe, expect, it } from 'vitest';
import { exampleMessage, holdsOn } from '../../test-support/suggest-examples.js';
import { suggestAlignment, type SuggestionExample } from './suggest-alignment.js';

const CONTEXT = {
  InterIoTMsg: 'http://inter-iot.eu/message/',
  ex: 'http://example.org/health#',
  sosa: 'http://www.w3.org/ns/sosa/',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
};
const message = (payload: readonly object[]): string => exampleMessage(CONTEXT, 'InterIoTMsg:Observation', payload);

const decimal = (v: string) => ({ '@value': v, '@type': 'xsd:decimal' });

/** A weight in kg becomes grams as plain text and a label naming the patient. */
function weight(patient: string, kg: string, grams: string): SuggestionExample {
  return {
    input: message([{ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:patient': patient, 'ex:kg': decimal(kg) }]),
    output: message([{ '@id': `ex:w-${patient}`, '@type': 'ex:Weighing', 'ex:patient': patient, 'ex:grams': grams, 'ex:label': `weight of ${patient}` }]),
  };
}

/** A reading in Celsius becomes a SOSA observation whose result is in Fahrenheit. */
function reading(id: string, celsius: string, fahrenheit: string): SuggestionExample {
  return {
    input: message([{ '@id': `ex:${id}`, '@type': 'ex:Reading', 'ex:celsius': decimal(celsius) }]),
    output: message([{ '@id': `ex:${id}`, '@type': 'sosa:Observation', 'sosa:hasSimpleResult': decimal(fahrenheit) }]),
  };
}

/** An identifier with dots becomes part of an IRI, dots replaced. */
function device(n: string, code: string, local: string): SuggestionExample {
  return {
    input: message([{ '@id': `ex:d${n}`, '@type': 'ex:Device', 'ex:code': code }]),
    output: message([{ '@id': `ex:d${n}`, '@type': 'ex:Device', 'ex:sameAs': { '@id': `http://example.org/devices/${local}` } }]),
  };
}

describe('no silent guess from one example', () => {
  it('grams and label are questions with "a constant" among their candidates; the lexical form stays "68500"', async () => {
    const suggestion = await suggestAlignment([weight('001EXP', '68.5', '68500')]);
    expect(suggestion.checks).toEqual([{ reproduced: true, differingTriples: 0 }]);
    const byValue = new Map(suggestion.questions.map((q) => [q.value, q]));
    for (const value of ['"68500"', '"weight of 001EXP"']) {
      const transforms = byValue.get(value)?.candidates.map((c) => c.transform) ?? [];
      expect(transforms, value).toContain('a constant');
      expect(transforms.length, value).toBeGreaterThan(1);
    }
    expect(suggestion.alignment).not.toContain('68500.0');
  });

  it('a second example removes the questions, and the suggestion holds on a third patient', async () => {
    const suggestion = await suggestAlignment([weight('001EXP', '68.5', '68500'), weight('002EXP', '80.25', '80250')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(suggestion.questions).toEqual([]);
    expect(await holdsOn(suggestion.alignment, weight('003XYZ', '101.125', '101125'))).toBe(true);
  });
});

describe('functions found from two examples', () => {
  it('an affine map into a new observation (Celsius to Fahrenheit)', async () => {
    // Wanted values as the engine writes computed decimals ("68.0").
    const suggestion = await suggestAlignment([reading('r1', '20', '68.0'), reading('r2', '37.5', '99.5')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(suggestion.questions).toEqual([]);
    expect(await holdsOn(suggestion.alignment, reading('r3', '-40', '-40.0'))).toBe(true);
  });

  it('an affine map no table knows, solved from two examples', async () => {
    const suggestion = await suggestAlignment([reading('r1', '2', '7.5'), reading('r2', '4', '12.5')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(suggestion.cells).toBe(1);
    expect(await holdsOn(suggestion.alignment, reading('r3', '10', '27.5'))).toBe(true);
  });

  it('an affine map no table knows, of a value the output keeps', async () => {
    const kept = (id: string, raw: string, scaled: string): SuggestionExample => ({
      input: message([{ '@id': `ex:${id}`, '@type': 'ex:Reading', 'ex:raw': decimal(raw) }]),
      output: message([{ '@id': `ex:${id}`, '@type': 'ex:Reading', 'ex:raw': decimal(raw), 'ex:scaled': decimal(scaled) }]),
    });
    const suggestion = await suggestAlignment([kept('k1', '2', '7.5'), kept('k2', '4', '12.5')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(suggestion.cells).toBe(1);
    expect(await holdsOn(suggestion.alignment, kept('k3', '10', '27.5'))).toBe(true);
  });

  it('a reading becomes a new SOSA observation (a new blank node) whose result is a unit conversion', async () => {
    const sensor = (id: string, celsius: string, fahrenheit: string): SuggestionExample => ({
      input: message([{ '@id': `ex:${id}`, '@type': 'ex:Thermometer', 'ex:reading': decimal(celsius), 'ex:place': 'lab' }]),
      output: message([
        {
          '@id': `ex:${id}`,
          '@type': 'sosa:Sensor',
          'ex:place': 'lab',
          'sosa:madeObservation': { '@type': 'sosa:Observation', 'sosa:hasSimpleResult': decimal(fahrenheit) },
        },
      ]),
    });
    // Wanted results as the engine writes computed decimals (70.7, 26.6, 212.0).
    const suggestion = await suggestAlignment([sensor('t1', '21.5', '70.7'), sensor('t2', '-3', '26.6')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(await holdsOn(suggestion.alignment, sensor('t3', '100', '212.0'))).toBe(true);
  });

  it('several separators replaced by one text in an IRI', async () => {
    const suggestion = await suggestAlignment([device('5', 'AB 12/x', 'AB_12_x'), device('6', 'q/r s', 'q_r_s')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(await holdsOn(suggestion.alignment, device('7', 'm n/o p', 'm_n_o_p'))).toBe(true);
  });

  it('an IRI built from text with regular-expression characters replaced literally', async () => {
    const suggestion = await suggestAlignment([device('1', 'v1.0', 'v1_0'), device('2', 'AB.12.7', 'AB_12_7')]);
    expect(suggestion.checks.every((c) => c.reproduced)).toBe(true);
    expect(await holdsOn(suggestion.alignment, device('3', 'x.y', 'x_y'))).toBe(true);
    expect(await holdsOn(suggestion.alignment, device('4', 'q1x2', 'q1x2'))).toBe(true);
  });
});
