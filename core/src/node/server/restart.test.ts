/**
 * Durability through real server processes (`mediator serve`): a clean restart keeps everything,
 * and `kill -9` in the middle of a burst of uploads loses no acknowledged upload and corrupts
 * nothing: everything stored after it is listed, byte-for-byte, and translates.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Parser } from 'n3';
import { readMessage } from '../../common/index.js';
import { isomorphic } from '../../common/rdf/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../../common/rdf/terms.js';
import { goldenFile, readData, repoRoot } from '../../test-support/shared-data.js';

const cli = join(repoRoot, 'core/dist/node/cli.js');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function serve(dataDir: string): Promise<{ url: string; proc: ChildProcess }> {
  const proc = spawn(process.execPath, [cli, 'serve', '--port', '0', '--data', dataDir, '--log-level', 'warn'], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(proc);
  return new Promise((resolve, reject) => {
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 15000);
    proc.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /Mediator API:\s+(http:\/\/\S+?)\/?\n/.exec(err);
      if (m !== null) {
        clearTimeout(timer);
        resolve({ url: m[1]!, proc });
      }
    });
    proc.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

function exited(proc: ChildProcess): Promise<number | null> {
  return proc.exitCode !== null ? Promise.resolve(proc.exitCode) : new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
}

const coFiware = readData('alignments/CO_FIWARE.rdf');

const golden = new Parser({ format: 'N-Triples' }).parse(goldenFile('weight.UniversAAL_CO__CO_FIWARE', 'output-payload.nt')) as unknown as RDF.Quad[];

async function translatesToGolden(message: string): Promise<boolean> {
  const quads = (await readMessage(message)).quads;
  const payload = quads.filter((q) => q.graph.value === MESSAGE_GRAPHS.payload).map((q) => factory.quad(q.subject, q.predicate, q.object));
  return isomorphic(payload, golden);
}

const variant = (i: number) => coFiware.replace('<dcelem:title>CO_FIWARE_align</dcelem:title>', `<dcelem:title>burst-${i}</dcelem:title>`);

async function upload(url: string, text: string): Promise<number> {
  const r = await fetch(`${url}/alignments`, { method: 'POST', body: text, headers: { 'content-type': 'application/xml' } });
  await r.text();
  return r.status;
}

describe('restart', () => {
  it('keeps alignments and channels across a clean restart, and they still translate', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-restart-'));
    dirs.push(dataDir);
    const first = await serve(dataDir);
    expect(await upload(first.url, coFiware)).toBe(201);
    expect(await upload(first.url, readData('alignments/UniversAAL_CO.rdf'))).toBe(201);
    const channel = await fetch(`${first.url}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ source: 'in', sink: 'out', inpAlignmentName: 'CO_FIWARE_align', inpAlignmentVersion: '1.0', outAlignmentName: '', outAlignmentVersion: '' }),
    });
    expect(channel.status).toBe(201);
    first.proc.kill('SIGTERM');
    expect(await exited(first.proc)).toBe(0);

    const second = await serve(dataDir);
    const list = (await (await fetch(`${second.url}/alignments`)).json()) as Array<{ name: string }>;
    expect(list.map((a) => a.name).sort()).toEqual(['CO_FIWARE_align', 'UniversAAL_CO_align']);
    const channels = (await (await fetch(`${second.url}/channels`)).json()) as Array<{ source: string }>;
    expect(channels.map((c) => c.source)).toEqual(['in']);
    const translated = await fetch(`${second.url}/translation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        alignIDs: [{ name: 'UniversAAL_CO_align', version: '3.0.1' }, { name: 'CO_FIWARE_align', version: '1.0' }],
        graphStr: readData('messages/weight.json'),
      }),
    });
    expect(translated.status).toBe(200);
    expect(((await translated.json()) as { message: string }).message).toBe('Message translation successful');
    expect(await upload(second.url, coFiware)).toBe(208);
  });

  // Two server starts, a burst of uploads and a translation per stored alignment: a generous
  // timeout, for a CI machine running other suites at the same time.
  it('loses no acknowledged upload when killed with SIGKILL in the middle of a burst', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mediator-kill-'));
    dirs.push(dataDir);
    const first = await serve(dataDir);
    const acknowledged: number[] = [];
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && next < 400) {
        const i = next++;
        try {
          if ((await upload(first.url, variant(i))) === 201) acknowledged.push(i);
        } catch {
          return; // the connection died with the server
        }
        if (acknowledged.length >= 30 && !killed) {
          killed = true;
          first.proc.kill('SIGKILL');
        }
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    await exited(first.proc);
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(30);

    const second = await serve(dataDir);
    const list = (await (await fetch(`${second.url}/alignments`)).json()) as Array<{ name: string }>;
    const stored = new Set(list.map((a) => a.name));
    for (const i of acknowledged) expect(stored.has(`burst-${i}`)).toBe(true);
    // Every stored alignment, acknowledged or caught mid-commit, is whole: byte-for-byte as sent,
    // and it translates to the golden payload of the original CO_FIWARE.
    const message = readData('messages/weight.UniversAAL_CO.json');
    for (const name of stored) {
      const i = Number(name.slice('burst-'.length));
      const text = await (await fetch(`${second.url}/alignments/${name}/1.0`)).text();
      expect(text).toBe(variant(i));
      const translated = await fetch(`${second.url}/translation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ alignIDs: [{ name, version: '1.0' }], graphStr: message }),
      });
      expect({ name, status: translated.status }).toEqual({ name, status: 200 });
      expect({ name, golden: await translatesToGolden(((await translated.json()) as { graphStr: string }).graphStr) }).toEqual({ name, golden: true });
    }
    expect(await upload(second.url, variant(10_000))).toBe(201);
  }, 90_000);
});
