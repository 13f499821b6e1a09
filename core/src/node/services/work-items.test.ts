import { describe, expect, it } from 'vitest';
import { compileAlignment, translateMessage, type CompiledAlignment } from '../../common/index.js';
import { goldenPairs, readData } from '../../test-support/shared-data.js';
import { jsonBytes, runWorkItem, translationAnswer, translationResponse } from './work-items.js';

const decode = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');

async function chainOf(files: readonly string[]): Promise<CompiledAlignment[]> {
  return Promise.all(files.map(async (f) => compileAlignment(readData(f))));
}

describe("POST /translation's answer bytes, with the message written as its JSON string literal", () => {
  it('are the bytes of JSON.stringify of the REST answer, on every golden pair, pretty and compact', async () => {
    for (const pair of goldenPairs()) {
      const message = readData(pair.message);
      const chain = await chainOf(pair.alignments);
      for (const pretty of [true, false]) {
        const text = await translateMessage(message, chain, { pretty });
        const asString = await translateMessage(message, chain, { pretty, messageAsJsonString: true });
        const expected = decode(jsonBytes(translationResponse(text, message)));
        expect(decode(translationAnswer(asString, message).body), `${pair.pair} pretty=${pretty}`).toBe(expected);
        // The work item the server runs gives the same bytes.
        const item = { kind: 'answer', graphStr: message, trace: false, pretty, defaultGraph: false } as const;
        const answer = (await runWorkItem(item, chain, 10_000, () => undefined)) as { body: Uint8Array };
        expect(decode(answer.body)).toBe(expected);
        if (!text.emptyPayload) {
          expect(asString.messageAsJsonString).toBe(true);
          expect(asString.message).toBe(JSON.stringify(text.message));
        }
      }
    }
  });

  it('carry the failures after the message, as JSON.stringify orders them', () => {
    const failures = [
      { alignment: 'A "quoted"', version: '1.0', cellId: 'cell\\1', step: 3, error: 'line\nbreak' },
      { alignment: 'B', version: '2', cellId: 'c2', step: 4, error: 'é' },
    ];
    const text = { message: '{\n  "@id" : "x"\n}', emptyPayload: false, payloadTriplesIn: 1, payloadTriplesOut: 1, failures };
    const asString = { ...text, message: JSON.stringify(text.message), messageAsJsonString: true as const };
    expect(decode(translationAnswer(asString, 'input').body)).toBe(decode(jsonBytes(translationResponse(text, 'input'))));
    expect(translationAnswer(asString, 'input').failures).toBe(failures);
  });

  it('keep the text where a trace is asked for (the answer item then writes the trace too)', async () => {
    const pair = goldenPairs().find((p) => p.outputPayloadTriples > 0)!;
    const message = readData(pair.message);
    const chain = await chainOf(pair.alignments);
    const item = { kind: 'answer', graphStr: message, trace: true, pretty: true, defaultGraph: false } as const;
    const answer = JSON.parse(decode(((await runWorkItem(item, chain, 10_000, () => undefined)) as { body: Uint8Array }).body)) as {
      graphStr: string;
      trace: unknown[];
    };
    expect(answer.trace.length).toBeGreaterThan(0);
    expect(answer.graphStr).toBe((await translateMessage(message, chain)).message);
  });

  it('are refused by translationResponse, which needs the text', () => {
    const result = { message: '"{}"', messageAsJsonString: true as const, emptyPayload: false, payloadTriplesIn: 0, payloadTriplesOut: 0, failures: [] };
    expect(() => translationResponse(result, '{}')).toThrow(/as text/);
  });
});
