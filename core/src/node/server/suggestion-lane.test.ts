/**
 * Suggestions queue in their own lane (issue 40), over a real port with one translation worker:
 * twelve POST /suggestions at once, each a synthesis of about its whole budget, and a POST
 * /translation sent just after them. The translation is answered 200 within one suggestion's
 * budget plus margins, far inside its own 10 s queue wait (it used to wait behind all twelve and get
 * 503 TRANSLATION_QUEUE_FULL); every suggestion is answered within the lane's wait plus one budget;
 * those refused are 503 TRANSLATION_QUEUE_FULL with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../common/index.js';
import { readData } from '../../test-support/shared-data.js';
import { SUGGESTION_TIMEOUT_MS } from './routes/suggestions.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { heavySuggestionExample } from '../../test-support/heavy-suggestion.js';

const BURST = 12;
const NODES = 300;
/** A suggestion's budget plus the pool's grace and a loaded machine's margin. */
const ONE_SUGGESTION_MS = SUGGESTION_TIMEOUT_MS + 1000 + 3000;
/** The lane's longest wait (10 s) plus one suggestion. */
const SUGGESTION_BOUND_MS = 10_000 + ONE_SUGGESTION_MS;

let running: TestServer;

beforeAll(async () => {
  running = await startTestServer('suggestion-lane', { translationWorkers: 1 });
  await uploadNew(running.server, readData('alignments/CO_FIWARE.rdf'));
});

afterAll(async () => {
  await running.stop();
});

interface Timed {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfter: string | null;
  readonly ms: number;
}

async function timedPost(path: string, body: string): Promise<Timed> {
  const started = Date.now();
  const reply = await fetch(`${running.server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  const json = (await reply.json()) as { code?: string };
  return { status: reply.status, code: json.code, retryAfter: reply.headers.get('retry-after'), ms: Date.now() - started };
}

describe('a burst of suggestions', () => {
  it('does not delay a translation past one suggestion, and each suggestion is answered or refused in time', { timeout: 90_000 }, async () => {
    const example = heavySuggestionExample(NODES);
    const body = JSON.stringify({ examples: [example] });
    const suggestions = Array.from({ length: BURST }, () => timedPost('/suggestions', body));
    await new Promise((r) => setTimeout(r, 300));
    const translation = await timedPost(
      '/translation',
      JSON.stringify({ alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') }),
    );
    const answers = await Promise.all(suggestions);
    process.stdout.write(
      `\n${BURST} suggestions at once: translation ${translation.status} in ${translation.ms} ms; suggestions ${answers.map((a) => `${a.status}${a.code === undefined ? '' : ` ${a.code}`} ${a.ms} ms`).join(', ')}\n`,
    );
    expect(translation.status, translation.code).toBe(200);
    expect(translation.ms).toBeLessThan(ONE_SUGGESTION_MS);
    for (const answer of answers) {
      expect(answer.ms).toBeLessThan(SUGGESTION_BOUND_MS);
      if (answer.status === 200) continue;
      expect(answer.status).toBe(503);
      expect([ErrorCodes.translationQueueFull, ErrorCodes.suggestionTimeout, ErrorCodes.timeout]).toContain(answer.code);
      expect(answer.retryAfter).toMatch(/^[1-9]\d*$/);
    }
    // The lane has room for one running and eight waiting: the rest are refused at once.
    expect(answers.filter((a) => a.code === ErrorCodes.translationQueueFull).length).toBeGreaterThanOrEqual(BURST - 9);
  });
});
