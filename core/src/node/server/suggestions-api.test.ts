/**
 * POST /suggestions (issue 30) on a real server: a suggestion from a golden pair that the server
 * then accepts as an alignment, the bounds (too many examples, an unreadable example), and every
 * answer checked against the served OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../common/index.js';
import { goldenFile } from '../../test-support/shared-data.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';

checkResponsesAgainstOpenApi();

let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('suggestions-api');
});

afterAll(async () => {
  await running.stop();
});

async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const r = await fetch(`${running.server.url}/suggestions`, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

const example = { input: goldenFile('bc-weight__BodyCloud_CO', 'input.json'), output: goldenFile('bc-weight__BodyCloud_CO', 'output.json') };

describe('POST /suggestions', () => {
  it('answers an alignment the server accepts, and its questions', async () => {
    const r = await post({ examples: [example], name: 'suggested_bc', version: '0.1' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['alignment', 'expectedPayloads', 'questions', 'remaining']);
    expect(r.json.remaining).toMatchObject([{ removedCount: 0, addedCount: 0 }]);
    const upload = await fetch(`${running.server.url}/alignments`, {
      method: 'POST',
      body: String(r.json.alignment),
      headers: { 'content-type': 'application/xml' },
    });
    expect(upload.status).toBe(201);
  });

  it('times a single golden pair over HTTP (a printed bench row; issue 41 aims under 200 ms)', async () => {
    const timed = async (run: () => Promise<unknown>): Promise<number> => {
      const samples: number[] = [];
      for (let i = 0; i < 7; i++) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      return samples.sort((a, b) => a - b)[3] ?? NaN;
    };
    await post({ examples: [example] });
    const suggestMs = await timed(async () => expect((await post({ examples: [example] })).status).toBe(200));
    const versionMs = await timed(async () => (await fetch(`${running.server.url}/version`)).json());
    process.stdout.write(
      `\nPOST /suggestions, one golden pair (bc-weight): median ${suggestMs.toFixed(1)} ms; GET /version median ${versionMs.toFixed(1)} ms (ratio ${(suggestMs / versionMs).toFixed(1)})\n`,
    );
  });

  it('refuses too many examples with 400', async () => {
    const r = await post({ examples: Array.from({ length: api.SUGGESTION_LIMITS.maxExamples + 1 }, () => example) });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_REQUEST');
  });

  it('refuses an unreadable example with 400 INVALID_SUGGESTION_EXAMPLE', async () => {
    const r = await post({ examples: [{ input: 'not json', output: example.output }] });
    expect(r.status).toBe(400);
    expect(r.json.code).toBe('INVALID_SUGGESTION_EXAMPLE');
  });

  it('asks where a value with two equal sources comes from, and takes the answer', async () => {
    const message = (payload: object) =>
      JSON.stringify({
        '@graph': [{ '@id': 'InterIoTMsg:payload', '@graph': [payload] }],
        '@context': { InterIoTMsg: 'http://inter-iot.eu/message/', ex: 'http://example.org/ns#' },
      });
    const ambiguous = {
      input: message({ '@id': 'ex:m1', '@type': 'ex:Reading', 'ex:low': '7', 'ex:high': '7' }),
      output: message({ '@id': 'ex:m1', '@type': 'ex:Reading', 'ex:level': '7' }),
    };
    const asked = await post({ examples: [ambiguous] });
    expect(asked.status).toBe(200);
    const questions = asked.json.questions as api.SuggestionQuestion[];
    const question = questions.find((q) => q.kind === 'ambiguous-source');
    const other = question?.candidates.find((c) => c.id !== question.chosen);
    expect(other).toBeDefined();
    const answered = await post({ examples: [ambiguous], answers: [{ question: question?.id, choice: other?.id }] });
    expect(answered.status).toBe(200);
    expect(answered.json.questions).toEqual([]);
    expect(answered.json.alignment).not.toEqual(asked.json.alignment);
    const wrong = await post({ examples: [ambiguous], answers: [{ question: question?.id, choice: 'c-none' }] });
    expect(wrong.status).toBe(400);
    expect(wrong.json.code).toBe('INVALID_SUGGESTION_ANSWER');
  });
});
