/**
 * One path for every translation, bounded (issue 29, CONTRACT.md Safety): an alignment whose cell
 * runs a catastrophically backtracking REPLACE pattern, driven by a message, must not freeze the
 * server wherever it runs: POST /translation, a channel on the embedded bus, a channel's coverage,
 * a suite. A real server on a free port with one translation worker and a 2 s limit.
 *
 * Each hostile request is answered within its bound, a GET /version sent while it runs is answered
 * well within the runaway's limit (VERSION_BOUND_MS, measured), and the stored alignments are unchanged afterwards.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oneCellAlignment } from '../../test-support/one-cell-alignment.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { startTestServer, uploadNew, type TestServer } from './test-support/test-server.js';
import { waitUntil } from '../../test-support/wait-until.js';

const waitFor = <T>(probe: () => Promise<T | undefined>, ms: number): Promise<T> => waitUntil('the probe', ms, probe, 25);

checkResponsesAgainstOpenApi();

const LIMIT_MS = 2000;
const GRACE_MS = 500;
/** A runaway POST /translation is answered within its limit, the grace, and this margin (a loaded 2-core machine). */
const MARGIN_MS = 2000;
/** Coverage and suite runs that meet the runaway answer within this (issue 29). */
const RUN_BOUND_MS = 15_000;
/**
 * GET /version, sent 100 ms into a runaway, answers well before the runaway's limit: a server whose
 * event loop the runaway held would answer it only after the limit. Half the limit, not a latency
 * goal: a loaded CI machine once took 592 ms to answer it beside a runaway on the worker.
 */
const VERSION_BOUND_MS = LIMIT_MS / 2;

const EX = 'http://example.org/';

/** `(a+)+$` over "aaaa...b": every way of splitting the a's is tried before the match fails, 2^n steps. */
const RUNAWAY = oneCellAlignment({
  entity1: `var:x &lt;${EX}v&gt; var:v .`,
  entity2: `var:x &lt;${EX}w&gt; var:r .`,
  transformation: `<function about="REPLACE"><param order="1" about="&sripas;node_v"/><param order="2" val="(a+)+$"/><param order="3" val="x"/><return about="&sripas;node_r"/></function>`,
}).replace('<dcelem:title>Fixes</dcelem:title>', '<dcelem:title>Runaway</dcelem:title>');

const QUICK = oneCellAlignment({ entity1: `var:x &lt;${EX}v&gt; var:v .`, entity2: `var:x &lt;${EX}w&gt; var:v .` }).replace(
  '<dcelem:title>Fixes</dcelem:title>',
  '<dcelem:title>Quick</dcelem:title>',
);

function message(id: string, value: string): string {
  return JSON.stringify({
    '@graph': [
      {
        '@graph': [{ '@id': `InterIoTMsg:meta-${id}`, '@type': ['InterIoTMsg:meta', 'InterIoTMsg:Thing_Update'], 'InterIoTMsg:messageID': id }],
        '@id': 'InterIoTMsg:metadata',
      },
      { '@graph': [{ '@id': `${EX}thing`, [`${EX}v`]: value }], '@id': 'InterIoTMsg:payload' },
    ],
    '@context': { InterIoTMsg: 'http://inter-iot.eu/message/' },
  });
}

const HOSTILE = message('hostile', `${'a'.repeat(40)}b`);
const GOOD = message('good', 'plain');
const runaway = { name: 'Runaway', version: '1.0' };
const quick = { name: 'Quick', version: '1.0' };

let running: TestServer;
let url: string;
let storedBefore: string;
const measured: string[] = [];

beforeAll(async () => {
  running = await startTestServer('translation-bounds', { translationWorkers: 1, translationTimeoutMs: LIMIT_MS, translationGraceMs: GRACE_MS });
  url = running.server.url;
  await uploadNew(running.server, RUNAWAY);
  await uploadNew(running.server, QUICK);
  // One translation first, so the runaway's timings are not a first translation's.
  expect((await call('POST', '/translation', { alignIDs: [quick], graphStr: GOOD })).status).toBe(200);
  storedBefore = await (await fetch(`${url}/alignments`)).text();
}, 30_000);

afterEach(async () => {
  expect(await (await fetch(`${url}/alignments`)).text()).toBe(storedBefore);
});

afterAll(async () => {
  await running.stop();
  process.stdout.write(`\nTranslation bounds (answer ms / parallel GET /version ms):\n${measured.map((m) => `  ${m}`).join('\n')}\n`);
});

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly ms: number;
}

async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const r = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  const text = await r.text();
  return { status: r.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>), ms: performance.now() - started };
}

/** Times GET /version once the hostile request has had time to reach the worker. */
async function versionWhile(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const answer = await call('GET', '/version');
  expect(answer.status).toBe(200);
  return answer.ms;
}

async function topic(name: string): Promise<string[]> {
  const answer = await call('GET', `/topics/${encodeURIComponent(name)}/messages?limit=100`);
  expect(answer.status).toBe(200);
  return (answer.body as unknown as Array<{ value: string }>).map((m) => m.value);
}

describe('a catastrophic REPLACE pattern', () => {
  it('POST /translation: 503 TIMEOUT within the limit, the server answering meanwhile, a quick request queued behind it 200', async () => {
    const hostile = call('POST', '/translation', { alignIDs: [runaway], graphStr: HOSTILE });
    const versionMs = await versionWhile();
    // Queued behind the runaway on the one worker: its clock starts when the worker takes it.
    const queued = call('POST', '/translation', { alignIDs: [quick], graphStr: GOOD });
    const [answer, quickAnswer] = await Promise.all([hostile, queued]);
    measured.push(`POST /translation (runaway): ${answer.ms.toFixed(0)} / ${versionMs.toFixed(1)}; queued quick one: ${quickAnswer.ms.toFixed(0)}`);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('TIMEOUT');
    expect(answer.body.message).toContain('Runaway');
    expect(answer.ms).toBeLessThan(LIMIT_MS + GRACE_MS + MARGIN_MS);
    expect(versionMs).toBeLessThan(VERSION_BOUND_MS);
    expect(quickAnswer.status).toBe(200);
    expect(quickAnswer.body.graphStr).toContain(`${EX}w`);
  });

  it('a channel on the embedded bus dead-letters the runaway message with the reason and translates the next one', async () => {
    const created = await call('POST', '/channels', {
      source: 'bounds.in',
      sink: 'bounds.out',
      inpAlignmentName: runaway.name,
      inpAlignmentVersion: runaway.version,
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: 1,
    });
    expect(created.status).toBe(201);
    expect((await call('POST', '/topics/bounds.in/messages', JSON.parse(HOSTILE))).status).toBe(202);
    expect((await call('POST', '/topics/bounds.in/messages', JSON.parse(GOOD))).status).toBe(202);
    const versionMs = await versionWhile();
    const started = performance.now();
    const [letter] = await waitFor(
      async () => {
        const letters = await topic('bounds.out.errors');
        return letters.length > 0 ? letters : undefined;
      },
      LIMIT_MS + GRACE_MS + MARGIN_MS,
    );
    const translated = await waitFor(async () => {
      const out = await topic('bounds.out');
      return out.length > 0 ? out : undefined;
    }, MARGIN_MS);
    measured.push(`channel: dead letter after ${(performance.now() - started).toFixed(0)} / ${versionMs.toFixed(1)}`);
    const envelope = JSON.parse(letter!) as { error: { code: string; message: string }; original: string; source: string };
    expect(envelope.error.code).toBe('TIMEOUT');
    expect(envelope.error.message).toContain('Runaway');
    expect(envelope.original).toBe(HOSTILE);
    expect(envelope.source).toBe('bounds.in');
    expect(translated).toHaveLength(1);
    expect(translated[0]).toContain('messageID');
    expect(translated[0]).toContain('"good"');
    expect(versionMs).toBeLessThan(VERSION_BOUND_MS);
  }, 20_000);

  it("GET /channels/{id}/coverage over the channel's messages answers 503 naming the message within 15 s", async () => {
    const list = (await call('GET', '/channels')).body as unknown as Array<{ id: number; source: string }>;
    const id = list.find((c) => c.source === 'bounds.in')!.id;
    const coverage = call('GET', `/channels/${id}/coverage`);
    const versionMs = await versionWhile();
    const answer = await coverage;
    measured.push(`GET /channels/{id}/coverage: ${answer.ms.toFixed(0)} / ${versionMs.toFixed(1)}`);
    expect(answer.ms).toBeLessThan(RUN_BOUND_MS);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('TIMEOUT');
    expect(answer.body.message).toContain('bounds.in@');
    expect(answer.body.message).toContain('Runaway');
    expect(versionMs).toBeLessThan(VERSION_BOUND_MS);
  }, 20_000);

  it('POST /coverage over many runaway messages stops at the first: one limit, not one per message', async () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({ name: `m${i}`, graphStr: HOSTILE }));
    const coverage = call('POST', '/coverage', { alignIDs: [runaway], messages });
    const versionMs = await versionWhile();
    const answer = await coverage;
    measured.push(`POST /coverage (30 runaway messages): ${answer.ms.toFixed(0)} / ${versionMs.toFixed(1)}`);
    expect(answer.status).toBe(503);
    expect(answer.body.message).toContain('"m0"');
    expect(answer.ms).toBeLessThan(LIMIT_MS + GRACE_MS + MARGIN_MS);
    expect(versionMs).toBeLessThan(VERSION_BOUND_MS);
  }, 20_000);

  it('a suite: saving the runaway message as a case and running a suite of them answer 503 naming the case within 15 s', async () => {
    expect((await call('POST', '/suites', { name: 'bounds' })).status).toBe(201);
    const record = call('POST', '/suites/bounds/cases', { name: 'recorded', alignments: [runaway], message: HOSTILE });
    const recordVersionMs = await versionWhile();
    const recorded = await record;
    expect(recorded.status).toBe(503);
    expect(recorded.body.code).toBe('TIMEOUT');
    for (let i = 0; i < 10; i++) {
      const added = await call('POST', '/suites/bounds/cases', { name: `case${i}`, alignments: [runaway], message: HOSTILE, expectedPayload: '' });
      expect(added.status).toBe(201);
    }
    const run = call('POST', '/suites/bounds/run');
    const versionMs = await versionWhile();
    const answer = await run;
    const one = await call('POST', '/suites/bounds/cases/case3/run');
    measured.push(
      `suite: save as case ${recorded.ms.toFixed(0)} / ${recordVersionMs.toFixed(1)}; run of 10 cases ${answer.ms.toFixed(0)} / ${versionMs.toFixed(1)}; one case ${one.ms.toFixed(0)}`,
    );
    expect(answer.ms).toBeLessThan(RUN_BOUND_MS);
    expect(answer.status).toBe(503);
    expect(answer.body.code).toBe('TIMEOUT');
    expect(answer.body.message).toContain('"case0"');
    expect(answer.body.message).toContain('Runaway');
    expect(one.status).toBe(503);
    expect(one.body.message).toContain('"case3"');
    expect(Math.max(recordVersionMs, versionMs)).toBeLessThan(VERSION_BOUND_MS);
  }, 40_000);

  it('after all of it the pool still serves: a quick translation answers 200', async () => {
    const answer = await call('POST', '/translation', { alignIDs: [quick], graphStr: GOOD });
    expect(answer.status).toBe(200);
    // The bound includes starting the worker that replaced the last terminated one (loading the
    // engine), which took 2 s on a loaded 2-core machine: liveness, not speed, is what is checked.
    expect(answer.ms).toBeLessThan(10 * LIMIT_MS);
  });
});
