/**
 * Translations per second through POST /translation over HTTP keep-alive, measured with
 * autocannon against a real `mediator serve` process, for comparison with the in-process figure
 * of the same message measured in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface ServerFigure {
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly non2xx: number;
  readonly errors: number;
}

/**
 * `logLevel` 'raw' measures the bare node:http baseline (raw-http-server.js) instead of the
 * mediator server; it needs no upload, its alignments are given on its command line.
 */
export async function measureServer(
  cli: string,
  alignmentFiles: readonly string[],
  messageFile: string,
  seconds: number,
  logLevel: string,
  extraArgs: readonly string[] = [],
): Promise<ServerFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mediator-bench-'));
  const raw = logLevel === 'raw';
  const args = raw
    ? [fileURLToPath(new URL('./raw-http-server.js', import.meta.url)), ...alignmentFiles]
    : [cli, 'serve', '--port', '0', '--data', dataDir, '--log-level', logLevel, ...extraArgs];
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      proc.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /Mediator API:\s+(http:\/\/\S+?)\/?\n/.exec(err);
        if (m !== null) resolve(m[1]!);
      });
      proc.on('exit', (code) => reject(new Error(`server exited ${code}: ${err}`)));
    });
    const alignIDs: Array<{ name: string; version: string }> = [];
    for (const file of alignmentFiles) {
      const text = readFileSync(file, 'utf8');
      alignIDs.push({ name: /<dcelem:title>([^<]*)</.exec(text)![1]!, version: /<exmo:version>([^<]*)</.exec(text)![1]! });
      if (raw) continue;
      const r = await fetch(`${url}/alignments`, { method: 'POST', body: text, headers: { 'content-type': 'application/xml' } });
      if (r.status !== 201) throw new Error(`upload of ${file} failed: ${r.status} ${await r.text()}`);
    }
    const body = JSON.stringify({ alignIDs, graphStr: readFileSync(messageFile, 'utf8') });
    const check = await fetch(`${url}/translation`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    if (check.status !== 200) throw new Error(`translation failed: ${check.status}`);
    await check.text();
    const run = (duration: number) =>
      autocannon({ url: `${url}/translation`, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 8, duration });
    await run(2); // warm-up (the JIT of a worker thread takes a little longer)
    const result = await run(seconds);
    return {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
