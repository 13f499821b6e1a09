/**
 * The original IPSM dashboard (1.1.6, spec A.4) against this server (issue 15): its page calls the
 * API from the browser, cross-origin, so it works only with `--cors <the dashboard's origin>`.
 * This replays what Chromium sends for the dashboard's jQuery calls, with its Origin and Fetch
 * Metadata (Sec-Fetch-Site: cross-site): the OPTIONS preflights, upload (201/208/409/400), the
 * 0.5-style channel body (identity = empty alignment fields), translation with alignIDs and
 * graphStr, deletes and lists; and checks the CORS headers of every answer and the `message` that
 * the dashboard shows (`responseJSON.message`). Real server on a random port, raw HTTP so that the
 * browser-only headers go out exactly as a browser sends them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goldenPairs, readData } from '../../test-support/shared-data.js';
import { startServer, type RunningServer } from './start-server.js';

const DASHBOARD = 'http://dashboard.example:8080';
let server: RunningServer;
let dataDir: string;

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly json: Record<string, unknown> & { message?: string };
}

/** One request as Chromium sends it from the dashboard's page (cross-site, CORS mode). */
function browser(method: string, path: string, options: { origin?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const url = new URL(path, server.url);
  const headers: Record<string, string> = {
    origin: options.origin ?? DASHBOARD,
    referer: `${options.origin ?? DASHBOARD}/alignments`,
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'cors',
    'sec-fetch-dest': 'empty',
    accept: method === 'OPTIONS' ? '*/*' : 'application/json, text/javascript, */*; q=0.01',
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
    ...options.headers,
  };
  if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, timeout: 20_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: Answer['json'] = {};
        try {
          json = text === '' ? {} : (JSON.parse(text) as Answer['json']);
        } catch {
          // not JSON: the assertions on `json` fail with the text in view
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

/** The preflight Chromium sends before a non-simple request, and what it needs back to go on. */
async function preflight(method: string, path: string, requestHeaders?: string): Promise<void> {
  const answer = await browser('OPTIONS', path, {
    headers: { 'access-control-request-method': method, ...(requestHeaders === undefined ? {} : { 'access-control-request-headers': requestHeaders }) },
  });
  expect(answer.status, `preflight ${method} ${path}: ${answer.text}`).toBeGreaterThanOrEqual(200);
  expect(answer.status).toBeLessThan(300);
  expect(answer.headers['access-control-allow-origin']).toBe(DASHBOARD);
  const methods = String(answer.headers['access-control-allow-methods'] ?? '').toUpperCase();
  expect(methods.split(/\s*,\s*/)).toContain(method);
  if (requestHeaders !== undefined) {
    const allowed = String(answer.headers['access-control-allow-headers'] ?? '').toLowerCase();
    for (const header of requestHeaders.split(','))
      expect(allowed === '*' || allowed.split(/\s*,\s*/).includes(header.trim().toLowerCase()), allowed).toBe(true);
  }
}

/** Every actual answer must be readable by the dashboard's page. */
function readable(answer: Answer): Answer {
  expect(answer.headers['access-control-allow-origin'], `${answer.status} ${answer.text}`).toBe(DASHBOARD);
  return answer;
}

const xmlHeaders = { 'content-type': 'application/xml; charset=UTF-8' };
const jsonHeaders = { 'content-type': 'application/json; charset=UTF-8' };
const pair = goldenPairs()[0];
if (pair === undefined) throw new Error('no golden pair');
const alignmentXml = readData(pair.alignments[0] ?? '');
const message = readData(pair.message);
const title = /<dcelem:title>([^<]*)<\/dcelem:title>/.exec(alignmentXml)?.[1] ?? '';
const version = /<exmo:version>([^<]*)<\/exmo:version>/.exec(alignmentXml)?.[1] ?? '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'mediator-dashboard-'));
  server = await startServer({
    dataDir,
    port: 0,
    corsOrigins: [DASHBOARD],
    logStream: new Writable({
      write(_c, _e, done) {
        done();
      },
    }),
  });
});

afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the IPSM dashboard 1.1.6 from its own origin (--cors)', () => {
  it('lists alignments and channels', async () => {
    expect(readable(await browser('GET', '/alignments')).status).toBe(200);
    expect(readable(await browser('GET', '/channels')).status).toBe(200);
  });

  it('uploads an alignment: 201, then 208 for the same, 409 for another content, 400 for a malformed one, each with a message', async () => {
    await preflight('POST', '/alignments', 'content-type');
    const created = readable(await browser('POST', '/alignments', { headers: xmlHeaders, body: alignmentXml }));
    expect(created.status, created.text).toBe(201);
    expect(created.json.message).toBe(`Alignment with AlignmentID(${title},${version}) uploaded successfully`);

    const again = readable(await browser('POST', '/alignments', { headers: xmlHeaders, body: alignmentXml }));
    expect(again.status).toBe(208);
    expect(again.json.message).toBe(`Alignment with AlignmentID(${title},${version}) already exists`);

    const other = alignmentXml.replace(/<dcelem:description>[^<]*<\/dcelem:description>/, '<dcelem:description>changed</dcelem:description>');
    expect(other).not.toBe(alignmentXml);
    const conflict = readable(await browser('POST', '/alignments', { headers: xmlHeaders, body: other }));
    expect(conflict.status, conflict.text).toBe(409);
    expect(conflict.json.message).toMatch(/already exists but has a different content/);

    const malformed = readable(await browser('POST', '/alignments', { headers: xmlHeaders, body: alignmentXml.slice(0, alignmentXml.length / 2) }));
    expect(malformed.status).toBe(400);
    expect(typeof malformed.json.message).toBe('string');
    expect(malformed.json.message).not.toBe('');

    const list = readable(await browser('GET', '/alignments'));
    expect((list.json as unknown as Array<{ name: string }>).map((a) => a.name)).toContain(title);
  });

  let channelIds: number[] = [];

  it('creates an identity channel and an aligned one with the 0.5 body, lists them', async () => {
    await preflight('POST', '/channels', 'content-type');
    const identity = {
      source: 'dashboard-in',
      sink: 'dashboard-out',
      inpAlignmentName: '',
      inpAlignmentVersion: '',
      outAlignmentName: '',
      outAlignmentVersion: '',
    };
    const made = readable(await browser('POST', '/channels', { headers: jsonHeaders, body: JSON.stringify(identity) }));
    expect(made.status, made.text).toBe(201);
    expect(made.json.message).toMatch(/^Channel \d+ created successfully$/);

    const aligned = { ...identity, source: 'dashboard-in2', sink: 'dashboard-out2', inpAlignmentName: title, inpAlignmentVersion: version };
    const made2 = readable(await browser('POST', '/channels', { headers: jsonHeaders, body: JSON.stringify(aligned) }));
    expect(made2.status, made2.text).toBe(201);

    const unknown = readable(
      await browser('POST', '/channels', {
        headers: jsonHeaders,
        body: JSON.stringify({ ...identity, source: 'x', sink: 'y', outAlignmentName: 'nope', outAlignmentVersion: '9' }),
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toEqual(expect.any(String));

    const list = readable(await browser('GET', '/channels'));
    const channels = list.json as unknown as Array<{ id: number; source: string; inpAlignmentName: string }>;
    const ours = channels.filter((c) => c.source.startsWith('dashboard-'));
    expect(ours.map((c) => c.inpAlignmentName).sort()).toEqual(['', title]);
    channelIds = ours.map((c) => c.id);
  });

  it('translates with alignIDs and graphStr', async () => {
    await preflight('POST', '/translation', 'content-type');
    const body = JSON.stringify({ alignIDs: [{ name: title, version }], graphStr: message });
    const answer = readable(await browser('POST', '/translation', { headers: jsonHeaders, body }));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json.message).toBe('Message translation successful');
    expect(typeof answer.json['graphStr']).toBe('string');

    const bad = readable(
      await browser('POST', '/translation', { headers: jsonHeaders, body: JSON.stringify({ alignIDs: [{ name: title, version }], graphStr: '{not json' }) }),
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ graphStr: '', message: expect.any(String) as unknown });
  });

  it('deletes the channels, then the alignment; a second delete is a 400 with a message', async () => {
    expect(channelIds).toHaveLength(2);
    for (const id of channelIds) {
      await preflight('DELETE', `/channels/${id}`);
      expect(readable(await browser('DELETE', `/channels/${id}`)).status).toBe(204);
    }
    const gone = readable(await browser('DELETE', `/channels/${channelIds[0]}`));
    expect(gone.status).toBe(400);
    expect(gone.json.message).toEqual(expect.any(String));

    const path = `/alignments/${encodeURIComponent(title)}/${encodeURIComponent(version)}`;
    await preflight('DELETE', path);
    expect(readable(await browser('DELETE', path)).status).toBe(204);
    const again = readable(await browser('DELETE', path));
    expect(again.status).toBe(400);
    expect(again.json.message).toEqual(expect.any(String));
  });

  it('still refuses another site: no CORS headers for it, and its state changes get 403', async () => {
    const evil = 'http://evil.example';
    const pre = await browser('OPTIONS', '/alignments', {
      origin: evil,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const post = await browser('POST', '/alignments', { origin: evil, headers: xmlHeaders, body: alignmentXml });
    expect(post.status).toBe(403);
    expect(post.json).toMatchObject({ code: 'CROSS_SITE_REQUEST' });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the same dashboard without --cors', () => {
  it('gets 405 on every preflight and no CORS header: the browser sends nothing further', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediator-dashboard-nocors-'));
    const plain = await startServer({
      dataDir: dir,
      port: 0,
      logStream: new Writable({
        write(_c, _e, done) {
          done();
        },
      }),
    });
    try {
      for (const [method, path] of [
        ['POST', '/alignments'],
        ['POST', '/channels'],
        ['POST', '/translation'],
        ['DELETE', '/channels/1'],
      ] as const) {
        const answer = await plain.app.inject({ method: 'OPTIONS', url: path, headers: { origin: DASHBOARD, 'access-control-request-method': method } });
        expect(answer.statusCode, `${method} ${path}`).toBe(405);
        expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      }
    } finally {
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
