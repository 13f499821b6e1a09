/**
 * POST /translation on worker threads (`translationWorkers`) answers exactly as on the event loop:
 * two real servers, one of each, get the same requests and must give the same statuses and bodies
 * (trace timings aside). Plus what only the pool has: no stale alignment after delete and
 * re-upload, a deadline overrun that replaces the worker, a crashed worker that is replaced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, MediatorError, type TranslationResult } from '../../common/index.js';
import { goldenPairs, readData } from '../../test-support/shared-data.js';
import { oneCellAlignment } from '../../test-support/one-cell-alignment.js';
import { TranslationPool } from '../services/translation-pool.js';
import { startServer, type RunningServer } from './start-server.js';
import { checkResponsesAgainstOpenApi } from './test-support/openapi-responses.js';
import { silentLog } from './test-support/test-server.js';

// Every answer these tests receive, errors included, is checked against the served OpenAPI document.
checkResponsesAgainstOpenApi();

const dirs: string[] = [];
let inline: RunningServer;
let pooled: RunningServer;

const files = ['CO_FIWARE', 'UniversAAL_CO', 'BodyCloud_CO'];
const idOf = (file: string) => {
  const text = readData(`alignments/${file}.rdf`);
  return { name: /<dcelem:title>([^<]*)</.exec(text)![1]!, version: /<exmo:version>([^<]*)</.exec(text)![1]! };
};

async function start(translationWorkers: number): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-workers-'));
  dirs.push(dataDir);
  const server = await startServer({ dataDir, port: 0, logStream: silentLog(), translationWorkers });
  for (const f of files) {
    const r = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      body: readData(`alignments/${f}.rdf`),
      headers: { 'content-type': 'application/xml' },
    });
    expect(r.status).toBe(201);
  }
  return server;
}

/** Status and body, with the trace's timings removed (they differ run to run). */
async function post(server: RunningServer, path: string, body: unknown): Promise<{ status: number; body: unknown }> {
  const r = await fetch(server.url + path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
  const json = (await r.json()) as Record<string, unknown>;
  if (Array.isArray(json['trace'])) json['trace'] = (json['trace'] as Array<Record<string, unknown>>).map(({ ms: _ms, ...rest }) => rest);
  return { status: r.status, body: json };
}

// Two servers, one with a pool of worker threads that each load the engine, plus three uploads
// each: on a loaded 2-core CI machine that can take longer than vitest's 10 s hook default.
beforeAll(async () => {
  inline = await start(0);
  pooled = await start(2);
}, 60_000);

afterAll(async () => {
  // Either may be missing when start-up failed; its own error is the one to read.
  await inline?.close();
  await pooled?.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('POST /translation on worker threads', () => {
  it('answers every golden pair, with and without trace and pretty printing, exactly as on the event loop', async () => {
    const byFile = Object.fromEntries(files.map((f) => [`alignments/${f}.rdf`, idOf(f)]));
    let compared = 0;
    for (const pair of goldenPairs()) {
      const request = { alignIDs: pair.alignments.map((f) => byFile[f]), graphStr: readData(pair.message) };
      for (const path of ['/translation', '/translation?trace=true', '/translation?pretty=false']) {
        const expected = await post(inline, path, request);
        expect(expected.status).toBe(200);
        expect({ pair: pair.pair, path, ...(await post(pooled, path, request)) }).toEqual({ pair: pair.pair, path, ...expected });
        compared++;
      }
    }
    expect(compared).toBe(goldenPairs().length * 3);
  });

  it('keeps JSON numbers as written, exactly as on the event loop (issue 16)', async () => {
    const graphStr = readData('messages/bc-weight.json')
      .replace('{\n          "@type": "xsd:float",\n          "@value": "68.5"\n        }', '0.30000000000000004')
      .replace('"bc:hasTimestamp": "1504126800"', '"bc:hasTimestamp": 150412680000000000000000');
    expect(graphStr).toContain('"bc:hasWeight": 0.30000000000000004');
    const request = { alignIDs: [idOf('BodyCloud_CO')], graphStr };
    const expected = await post(inline, '/translation', request);
    expect(expected.status).toBe(200);
    expect(await post(pooled, '/translation', request)).toEqual(expected);
    const out = (expected.body as { graphStr: string }).graphStr;
    expect(out).toContain('"@value": "3.0000000000000004E-1"');
    expect(out).toContain('"@value": "150412680000000000000000"');
  });

  it('answers bad requests exactly as on the event loop: unknown alignment, malformed message, JSON-LD that is not an INTER-IoT message', async () => {
    const co = idOf('CO_FIWARE');
    const cases = [
      { alignIDs: [{ name: 'nope', version: '1' }], graphStr: readData('messages/weight.json') },
      { alignIDs: [co], graphStr: '{ "@graph": [ {"@id": "x",, } ] }' },
      { alignIDs: [co], graphStr: '[1, 2' },
      { alignIDs: [co], graphStr: '{"@id": "http://example.org/a", "http://example.org/p": "v"}' },
    ];
    for (const request of cases) {
      const expected = await post(inline, '/translation', request);
      expect(expected.status).toBeGreaterThanOrEqual(200);
      expect(await post(pooled, '/translation', request)).toEqual(expected);
    }
    const notJson = await post(pooled, '/translation', { alignIDs: [co], graphStr: '{ not json' });
    expect(notJson.status).toBe(400);
    expect((notJson.body as { message: string }).message).toMatch(/^Exception parsing message: \S/);
  });

  it('never uses a stale compiled copy: delete, re-upload other content under the same name and version', async () => {
    const co = idOf('CO_FIWARE');
    const request = { alignIDs: [co], graphStr: readData('messages/weight.UniversAAL_CO.json') };
    const before = await post(pooled, '/translation', request);
    expect(before.status).toBe(200);
    const del = await fetch(`${pooled.url}/alignments/${encodeURIComponent(co.name)}/${encodeURIComponent(co.version)}`, { method: 'DELETE' });
    expect(del.status).toBe(204);
    // Same name and version, different meaning: CO_FIWARE without its last step.
    const changed = readData('alignments/CO_FIWARE.rdf').replace(/\s*<sripas:step sripas:order="[^"]*" sripas:cell="[^"]*"\s*\/>\s*(<\/sripas:steps>)/, '\n$1');
    expect(changed).not.toBe(readData('alignments/CO_FIWARE.rdf'));
    const up = await fetch(`${pooled.url}/alignments`, { method: 'POST', body: changed, headers: { 'content-type': 'application/xml' } });
    expect(up.status).toBe(201);
    const after = await post(pooled, '/translation', request);
    expect(after.status).toBe(200);
    expect(after.body).not.toEqual(before.body);
    // And it is what the event loop makes of the changed alignment.
    await fetch(`${inline.url}/alignments/${encodeURIComponent(co.name)}/${encodeURIComponent(co.version)}`, { method: 'DELETE' });
    await fetch(`${inline.url}/alignments`, { method: 'POST', body: changed, headers: { 'content-type': 'application/xml' } });
    expect(await post(inline, '/translation', request)).toEqual(after);
  });
});

describe('TranslationPool', () => {
  const co = { key: 'co', xml: readData('alignments/CO_FIWARE.rdf') };
  const message = readData('messages/weight.UniversAAL_CO.json');
  /** One translation of `message` through CO_FIWARE, as POST /translation sends it. */
  const translate = (pool: TranslationPool, timeoutMs: number) =>
    pool.submit({
      alignments: [co],
      items: [{ kind: 'translate', graphStr: message, trace: false, pretty: true, defaultGraph: false }],
      timeoutMs,
      bounded: true,
    })[0] as Promise<TranslationResult>;

  it('replaces a worker that overran its deadline (the job fails with TIMEOUT) and goes on', async () => {
    // Grace 0 and deadline 0: the first job (which also compiles the alignment) cannot answer in time.
    const pool = new TranslationPool({ size: 1, graceMs: 0 });
    try {
      const error = await translate(pool, 0).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MediatorError);
      expect((error as MediatorError).code).toBe(ErrorCodes.timeout);
      const ok = await translate(pool, 10_000);
      expect(ok.emptyPayload).toBe(false);
      expect(ok.payloadTriplesOut).toBeGreaterThan(0);
    } finally {
      await pool.close();
    }
  });

  it('replaces a worker that died and sends it the alignments again', async () => {
    const pool = new TranslationPool({ size: 1 });
    try {
      const first = await translate(pool, 10_000);
      await pool.crashWorkerForTest(0);
      await new Promise((r) => setTimeout(r, 50));
      const second = await translate(pool, 10_000);
      expect(second.message).toBe(first.message);
      expect(pool.pendingJobs).toBe(0);
    } finally {
      await pool.close();
    }
    await expect(translate(pool, 10_000)).rejects.toThrow(/closed/);
  });

  // A cell whose REPLACE pattern backtracks for ever holds its worker until the watchdog.
  const runaway = {
    key: 'runaway',
    xml: oneCellAlignment({
      entity1: 'var:x &lt;http://example.org/v&gt; var:v .',
      entity2: 'var:x &lt;http://example.org/w&gt; var:r .',
      transformation:
        '<function about="REPLACE"><param order="1" about="&sripas;node_v"/><param order="2" val="(a+)+$"/><param order="3" val="x"/><return about="&sripas;node_r"/></function>',
    }),
  };
  const hostile = JSON.stringify({
    '@graph': [
      { '@graph': [{ '@id': 'InterIoTMsg:meta-1', '@type': ['InterIoTMsg:meta'], 'InterIoTMsg:messageID': 'm1' }], '@id': 'InterIoTMsg:metadata' },
      { '@graph': [{ '@id': 'http://example.org/x', 'http://example.org/v': `${'a'.repeat(40)}b` }], '@id': 'InterIoTMsg:payload' },
    ],
    '@context': { InterIoTMsg: 'http://inter-iot.eu/message/' },
  });
  const item = (graphStr: string) => ({ kind: 'translate', graphStr, trace: false, pretty: true, defaultGraph: false }) as const;

  it('bounds its queue of request jobs in length and in wait (TRANSLATION_QUEUE_FULL); a channel batch is not refused', async () => {
    // No spare worker here (spareAfterMs): this test is about the queue's bounds with the one worker held.
    const pool = new TranslationPool({ size: 1, graceMs: 200, queueLimit: 1, queueWaitMs: 300, spareAfterMs: 60_000 });
    try {
      // The worker's start-up counts as waiting: warm it before the 300 ms bound matters.
      for (let tries = 0; (await translate(pool, 10_000).catch(() => undefined)) === undefined && tries < 50; tries++);
      const stuck = pool.submit({ alignments: [runaway], items: [item(hostile)], timeoutMs: 3000, bounded: true })[0]!.catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 50));
      const waiting = translate(pool, 10_000).catch((e: unknown) => e);
      const refused = await translate(pool, 10_000).catch((e: unknown) => e);
      expect((refused as MediatorError).code).toBe(ErrorCodes.translationQueueFull);
      expect((refused as MediatorError).message).toMatch(/limit 1/);
      // Channels wait their turn instead: not refused by the length bound.
      const channel = pool.submit({ alignments: [co], items: [item(message)], timeoutMs: 10_000, bounded: false })[0]!;
      const waited = (await waiting) as MediatorError;
      expect(waited.code).toBe(ErrorCodes.translationQueueFull);
      expect(waited.message).toMatch(/300 ms/);
      expect(((await stuck) as MediatorError).code).toBe(ErrorCodes.timeout);
      expect(((await channel) as TranslationResult).emptyPayload).toBe(false);
    } finally {
      await pool.close();
    }
  }, 20_000);

  it('sends each POST /translation answer back as soon as it is done, not at the end of its batch (issue 42)', async () => {
    // A batch of two answers whose second runs away: the first reaches the event loop (and its
    // client) while the worker is still busy. Held for the batch's end, it would be lost with the
    // worker the watchdog replaces and fail with the runaway's TIMEOUT.
    const pool = new TranslationPool({ size: 1, graceMs: 200, spareAfterMs: 60_000 });
    try {
      await translate(pool, 10_000);
      const answer = (graphStr: string) => ({ kind: 'answer', graphStr, trace: false, pretty: true, defaultGraph: false }) as const;
      const order: string[] = [];
      const [first, second] = pool.submit({ alignments: [runaway], items: [answer(message), answer(hostile)], timeoutMs: 1000, bounded: true });
      await Promise.all([
        first!.then(
          () => order.push('first answered'),
          (e: unknown) => order.push(`first ${(e as MediatorError).code}`),
        ),
        second!.then(
          () => order.push('runaway answered'),
          (e: unknown) => order.push(`runaway ${(e as MediatorError).code}`),
        ),
      ]);
      expect(order).toEqual(['first answered', `runaway ${ErrorCodes.timeout}`]);
    } finally {
      await pool.close();
    }
  }, 30_000);

  /** A channel's batch of `count` copies of `graphStr` through `alignment` (unbounded, as ChannelBatcher submits). */
  const channelBatch = (pool: TranslationPool, alignment: typeof co, graphStr: string, count: number, timeoutMs = 10_000) =>
    pool.submit({
      alignments: [alignment],
      items: Array.from({ length: count }, () => item(graphStr)),
      timeoutMs,
      bounded: false,
    }) as Promise<TranslationResult>[];
  const turn = () => new Promise((r) => setImmediate(r));

  /** A request's job of `count` copies of `message` through CO_FIWARE (bounded, as the REST routes submit). */
  const requestJob = (pool: TranslationPool, count: number, timeoutMs = 10_000) =>
    pool.submit({ alignments: [co], items: Array.from({ length: count }, () => item(message)), timeoutMs, bounded: true }) as Promise<TranslationResult>[];

  it.each([
    ["a channel's next job behind its running one", (pool: TranslationPool, count: number) => channelBatch(pool, co, message, count)],
    ["a request's job behind a running request's job", (pool: TranslationPool, count: number) => requestJob(pool, count)],
  ])(
    'sends %s, and every item of both is answered in order (issue 42)',
    async (_what, submit) => {
      const pool = new TranslationPool({ size: 1, spareAfterMs: 60_000 });
      try {
        const reference = await translate(pool, 10_000);
        const posted = pool.jobsPostedForTest;
        // Long enough (300 translations) to be running still a turn later.
        const first = submit(pool, 300);
        let firstDone = false;
        void Promise.all(first).then(() => (firstDone = true));
        await turn();
        const second = submit(pool, 5);
        await turn();
        expect(firstDone).toBe(false);
        // Posted while the first still runs: the worker goes on to it without waiting for this thread.
        expect(pool.jobsPostedForTest).toBe(posted + 2);
        const answers = await Promise.all([...first, ...second]);
        expect(answers.every((a) => a.message === reference.message)).toBe(true);
        expect(pool.pendingJobs).toBe(0);
        expect(pool.strayRepliesForTest).toBe(0);
      } finally {
        await pool.close();
      }
    },
    30_000,
  );

  it('does not send a channel job behind a request job', async () => {
    const pool = new TranslationPool({ size: 1, spareAfterMs: 60_000 });
    try {
      await translate(pool, 10_000);
      const posted = pool.jobsPostedForTest;
      const request = pool.submit({ alignments: [co], items: Array.from({ length: 300 }, () => item(message)), timeoutMs: 10_000, bounded: true });
      let requestDone = false;
      void Promise.all(request).then(() => (requestDone = true));
      await turn();
      const channel = channelBatch(pool, co, message, 5);
      await turn();
      expect(requestDone).toBe(false);
      expect(pool.jobsPostedForTest).toBe(posted + 1);
      await Promise.all([...request, ...channel]);
      expect(pool.jobsPostedForTest).toBe(posted + 2);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it("counts a request's job sent behind a running one against the queue's length and wait limits", async () => {
    const pool = new TranslationPool({ size: 1, graceMs: 200, queueLimit: 1, queueWaitMs: 300, spareAfterMs: 60_000 });
    try {
      for (let tries = 0; (await translate(pool, 10_000).catch(() => undefined)) === undefined && tries < 50; tries++);
      const posted = pool.jobsPostedForTest;
      const stuck = pool.submit({ alignments: [runaway], items: [item(hostile)], timeoutMs: 2000, bounded: true })[0]!.catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 50));
      const behind = translate(pool, 10_000).catch((e: unknown) => e);
      await turn();
      // Sent behind the runaway: out of the queue, and still waiting for its worker.
      expect(pool.jobsPostedForTest).toBe(posted + 2);
      const refused = (await translate(pool, 10_000).catch((e: unknown) => e)) as MediatorError;
      expect(refused.code).toBe(ErrorCodes.translationQueueFull);
      expect(refused.message).toMatch(/limit 1/);
      const waited = (await behind) as MediatorError;
      expect(waited.code).toBe(ErrorCodes.translationQueueFull);
      expect(waited.message).toMatch(/300 ms/);
      expect(((await stuck) as MediatorError).code).toBe(ErrorCodes.timeout);
      // The worker was told to drop its copy: the replacement answers the next request, and no stray answer came.
      // (The replacement's start-up counts as waiting, as above: on a loaded machine it can pass 300 ms.)
      await pool.whenReady();
      let answered: TranslationResult | undefined;
      for (let tries = 0; answered === undefined && tries < 50; tries++) answered = await translate(pool, 10_000).catch(() => undefined);
      expect(answered?.emptyPayload).toBe(false);
      expect(pool.strayRepliesForTest).toBe(0);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('a worker left free takes a job sent behind another worker running a long job, and runs it first', async () => {
    const pool = new TranslationPool({ size: 2, spareAfterMs: 60_000 });
    try {
      await pool.whenReady();
      const reference = await translate(pool, 10_000);
      const posted = pool.jobsPostedForTest;
      // The first worker: a long request job. The second: a short one, and a third job (another
      // time limit, so not merged with the short one) goes behind the long one.
      const long = requestJob(pool, 3000);
      let longDone = false;
      void Promise.all(long).then(() => (longDone = true));
      await turn();
      const short = requestJob(pool, 1);
      const behind = requestJob(pool, 1, 9_999);
      await turn();
      expect(pool.jobsPostedForTest).toBeGreaterThanOrEqual(posted + 3);
      const [answer] = await Promise.all(behind);
      // Taken back from behind the long job when the second worker was free, and answered there.
      expect(longDone).toBe(false);
      expect(answer!.message).toBe(reference.message);
      expect(pool.jobsPostedForTest).toBe(posted + 4);
      await Promise.all([...long, ...short]);
      expect(pool.pendingJobs).toBe(0);
      // The first worker dropped its copy without running it.
      expect(pool.strayRepliesForTest).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('answers a job sent behind the running one when the worker dies, on its replacement', async () => {
    const pool = new TranslationPool({ size: 1, spareAfterMs: 60_000 });
    try {
      const reference = await translate(pool, 10_000);
      const first = channelBatch(pool, co, message, 300).map((p) => p.catch((e: unknown) => e));
      await turn();
      const second = channelBatch(pool, co, message, 5);
      await turn();
      await pool.crashWorkerForTest(0);
      // The item running when it died fails (INTERNAL); the rest of the first job and the whole second are answered.
      const firstAnswers = await Promise.all(first);
      expect(firstAnswers.filter((a) => a instanceof MediatorError).length).toBeLessThanOrEqual(1);
      expect((await Promise.all(second)).every((a) => a.message === reference.message)).toBe(true);
      expect(pool.pendingJobs).toBe(0);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('takes a job sent behind a runaway item back, so a spare answers it before the runaway is stopped', async () => {
    const pool = new TranslationPool({ size: 1, graceMs: 200, spareAfterMs: 200 });
    try {
      await translate(pool, 10_000);
      const order: string[] = [];
      const stuck = channelBatch(pool, runaway, hostile, 1, 6000)[0]!.then(
        () => order.push('runaway answered'),
        (e: unknown) => order.push(`runaway ${(e as MediatorError).code}`),
      );
      await new Promise((r) => setTimeout(r, 50));
      const behind = channelBatch(pool, co, message, 1)[0]!.then((r) => order.push(r.emptyPayload ? 'behind empty' : 'behind translated'));
      await Promise.all([stuck, behind]);
      expect(order).toEqual(['behind translated', `runaway ${ErrorCodes.timeout}`]);
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('drops the copy of a job it took back from behind a slow item: the worker never runs it (issue 42)', async () => {
    const pool = new TranslationPool({ size: 1, graceMs: 200, spareAfterMs: 100 });
    try {
      const reference = await translate(pool, 10_000);
      // One item that runs well past spareAfterMs and then ends: many values, each a short backtracking match.
      const slowMessage = JSON.stringify({
        '@graph': [
          { '@graph': [{ '@id': 'InterIoTMsg:meta-1', '@type': ['InterIoTMsg:meta'], 'InterIoTMsg:messageID': 'm1' }], '@id': 'InterIoTMsg:metadata' },
          {
            '@graph': Array.from({ length: 60 }, (_, i) => ({ '@id': `http://example.org/x${i}`, 'http://example.org/v': `${'a'.repeat(19)}b` })),
            '@id': 'InterIoTMsg:payload',
          },
        ],
        '@context': { InterIoTMsg: 'http://inter-iot.eu/message/' },
      });
      const posted = pool.jobsPostedForTest;
      const slow = channelBatch(pool, runaway, slowMessage, 1, 30_000);
      await turn();
      const behind = channelBatch(pool, co, message, 20);
      await turn();
      // Sent behind the slow item, then taken back when it ran long (a spare may take it).
      expect(pool.jobsPostedForTest).toBe(posted + 2);
      const started = performance.now();
      await Promise.all(slow);
      const slowMs = performance.now() - started;
      expect(slowMs).toBeGreaterThan(100);
      expect((await Promise.all(behind)).every((a) => a.message === reference.message)).toBe(true);
      // The next job goes to the first worker again, which would run the stale copy before it.
      await translate(pool, 10_000);
      await translate(pool, 10_000);
      expect(pool.strayRepliesForTest).toBe(0);
    } finally {
      await pool.close();
    }
  }, 60_000);

  it('starts a spare worker while a runaway item holds the only one, so a job behind it is answered first, and retires it', async () => {
    const pool = new TranslationPool({ size: 1, graceMs: 200, spareAfterMs: 200 });
    try {
      await translate(pool, 10_000);
      const order: string[] = [];
      const stuck = pool.submit({ alignments: [runaway], items: [item(hostile)], timeoutMs: 6000, bounded: true })[0]!.then(
        () => order.push('runaway answered'),
        (e: unknown) => order.push(`runaway ${(e as MediatorError).code}`),
      );
      await new Promise((r) => setTimeout(r, 50));
      const quick = translate(pool, 10_000).then((r) => order.push(r.emptyPayload ? 'quick empty' : 'quick translated'));
      await Promise.all([stuck, quick]);
      // Ordering, not timing: the job queued behind the runaway did not wait for its limit.
      expect(order).toEqual(['quick translated', `runaway ${ErrorCodes.timeout}`]);
      // Once nothing waits and nothing runs long, the spare goes.
      for (let i = 0; i < 100 && pool.workerCount > 1; i++) await new Promise((r) => setTimeout(r, 50));
      expect(pool.workerCount).toBe(1);
    } finally {
      await pool.close();
    }
  }, 30_000);
});
