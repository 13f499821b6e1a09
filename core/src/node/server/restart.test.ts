/**
 * Durability through real server processes (`mediator serve`): a clean restart keeps everything,
 * and `kill -9` in the middle of a burst of uploads loses no acknowledged upload and corrupts
 * nothing: everything stored after it is listed, byte-for-byte, and translates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Parser } from 'n3';
import { readMessage } from '../../common/index.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { goldenFile, readData, mediatorCli } from '../../test-support/shared-data.js';
import { request, startMediatorServe, stopAll, type TestProcess } from '../../test-support/processes.js';

const cli = mediatorCli;
const children: TestProcess[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await stopAll(children, { signal: 'SIGKILL' });
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

// Bounds for a loaded CI machine (2 cores shared with other suites): generous, but each one fails
// with what it waited for instead of the test timing out silently.
const START_MS = 30_000;
const EXIT_MS = 15_000;
const REQUEST_MS = 20_000;

const serve = (dataDir: string) => startMediatorServe(cli, dataDir, { timeoutMs: START_MS, started: children });

const coFiware = readData('alignments/CO_FIWARE.rdf');

const golden = new Parser({ format: 'N-Triples' }).parse(goldenFile('weight.UniversAAL_CO__CO_FIWARE', 'output-payload.nt')) as unknown as RDF.Quad[];

async function translatesToGolden(message: string): Promise<boolean> {
  const quads = (await readMessage(message)).quads;
  const payload = quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
  return isomorphic(payload, golden);
}

const variant = (i: number) => coFiware.replace('<dcelem:title>CO_FIWARE_align</dcelem:title>', `<dcelem:title>burst-${i}</dcelem:title>`);

async function upload(url: string, text: string): Promise<number> {
  return (await request(`${url}/alignments`, { method: 'POST', body: text, headers: { 'content-type': 'application/xml' }, timeoutMs: REQUEST_MS })).status;
}

const json = { 'content-type': 'application/json' };

describe('restart', () => {
  it('keeps alignments and channels across a clean restart, and they still translate', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-restart-'));
    dirs.push(dataDir);
    const first = await serve(dataDir);
    expect(await upload(first.url, coFiware)).toBe(201);
    expect(await upload(first.url, readData('alignments/UniversAAL_CO.rdf'))).toBe(201);
    const channel = await request(`${first.url}/channels`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        source: 'in',
        sink: 'out',
        inpAlignmentName: 'CO_FIWARE_align',
        inpAlignmentVersion: '1.0',
        outAlignmentName: '',
        outAlignmentVersion: '',
      }),
      timeoutMs: REQUEST_MS,
    });
    expect(channel.status).toBe(201);
    expect(await first.process.stop({ signal: 'SIGTERM', graceMs: EXIT_MS })).toEqual({ code: 0, signal: null });

    const second = await serve(dataDir);
    const list = (await request(`${second.url}/alignments`, { timeoutMs: REQUEST_MS })).json<Array<{ name: string }>>();
    expect(list.map((a) => a.name).sort()).toEqual(['CO_FIWARE_align', 'UniversAAL_CO_align']);
    const channels = (await request(`${second.url}/channels`, { timeoutMs: REQUEST_MS })).json<Array<{ source: string }>>();
    expect(channels.map((c) => c.source)).toEqual(['in']);
    const translated = await request(`${second.url}/translation`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        alignIDs: [
          { name: 'UniversAAL_CO_align', version: '3.0.1' },
          { name: 'CO_FIWARE_align', version: '1.0' },
        ],
        graphStr: readData('messages/weight.json'),
      }),
      timeoutMs: REQUEST_MS,
    });
    expect(translated.status).toBe(200);
    expect(translated.json<{ message: string }>().message).toBe('Message translation successful');
    expect(await upload(second.url, coFiware)).toBe(208);
  }, 60_000);

  // Four clients upload distinct alignments; once 30 are acknowledged the server gets SIGKILL. The
  // uploads in flight at that moment fail (or were answered just before); every wait is bounded.
  it('loses no acknowledged upload when killed with SIGKILL in the middle of a burst', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-kill-'));
    dirs.push(dataDir);
    const first = await serve(dataDir);
    const acknowledged: number[] = [];
    let next = 0;
    let killed = false;
    const worker = async (): Promise<void> => {
      while (!killed && next < 400) {
        const i = next++;
        let status: number;
        try {
          status = await upload(first.url, variant(i));
        } catch (error) {
          if (killed) return; // the connection died with the server
          throw new Error(`upload of burst-${i} failed before the kill`, { cause: error });
        }
        if (status === 201) acknowledged.push(i);
        else if (!killed) throw new Error(`upload of burst-${i} answered ${status} before the kill`);
        if (acknowledged.length >= 30 && !killed) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    expect(killed).toBe(true);
    // Recorded since the spawn: returns even when the exit came before the workers finished.
    expect(await first.process.exited({ timeoutMs: EXIT_MS })).toEqual({ code: null, signal: 'SIGKILL' });
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    const second = await serve(dataDir);
    const list = (await request(`${second.url}/alignments`, { timeoutMs: REQUEST_MS })).json<Array<{ name: string }>>();
    const stored = new Set(list.map((a) => a.name));
    for (const i of acknowledged) expect(stored.has(`burst-${i}`)).toBe(true);
    // Every stored alignment, acknowledged or caught mid-commit, is whole: byte-for-byte as sent,
    // and it translates to the golden payload of the original CO_FIWARE.
    const message = readData('messages/weight.UniversAAL_CO.json');
    for (const name of stored) {
      const i = Number(name.slice('burst-'.length));
      const text = (await request(`${second.url}/alignments/${name}/1.0`, { timeoutMs: REQUEST_MS })).text;
      expect(text).toBe(variant(i));
      const translated = await request(`${second.url}/translation`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ alignIDs: [{ name, version: '1.0' }], graphStr: message }),
        timeoutMs: REQUEST_MS,
      });
      expect({ name, status: translated.status }).toEqual({ name, status: 200 });
      expect({ name, golden: await translatesToGolden(translated.json<{ graphStr: string }>().graphStr) }).toEqual({ name, golden: true });
    }
    expect(await upload(second.url, variant(10_000))).toBe(201);
  }, 90_000);
});
