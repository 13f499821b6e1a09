/**
 * `npm run bench:soak` (issue 29): a real server under mixed valid and hostile traffic for
 * SOAK_SECONDS (default 600), a bounded number of requests in flight, from this machine only. At
 * the end: requests and statuses per kind, 5xx count, the server's RSS (start, peak, end) and
 * event-loop delay (measured inside the server by bench/soak-probe.mjs), and the latency of a
 * GET /version probe sent every 250 ms throughout. Results also in bench/results/soak.json.
 * Nothing here asserts: it reports.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const dataDir = process.env.MEDIATOR_SHARED_DIR ? join(process.env.MEDIATOR_SHARED_DIR, 'data') : resolve(repoRoot, '../shared/data');
const seconds = Number(process.env.SOAK_SECONDS ?? '600');
const inFlight = Number(process.env.SOAK_CONCURRENCY ?? '6');
const resultsDir = join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });

interface Request {
  readonly method: string;
  readonly path: string;
  readonly body?: string | Buffer;
  readonly type?: string;
}

type Kind = {
  readonly name: string;
  readonly hostile: boolean;
  readonly weight: number;
  readonly make: () => Request;
  /** At most one such request in this many ms (a runaway job holds a worker for the whole limit). */
  readonly everyMs?: number;
};

const read = (relative: string) => readFileSync(join(dataDir, relative), 'utf8');
const universaal = read('alignments/UniversAAL_CO.rdf');
const coFiware = read('alignments/CO_FIWARE.rdf');
const weight = read('messages/weight.json');
const json = (value: unknown) => JSON.stringify(value);

function aliasBomb(levels: number, width: number): string {
  const lines = ['a0: &a0 [x]'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\nswagger: "2.0"\n`;
}

function propertyChain(depth: number, fanout: number): string {
  const props = [`<p0>x</p0>`];
  for (let i = 1; i <= depth; i++) props.push(`<p${i}>${Array.from({ length: fanout }, () => `\${p${i - 1}}`).join('')}</p${i}>`);
  return `<?xml version="1.0"?><project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version><properties>${props.join('')}</properties><dependencies><dependency><groupId>eu.interiot.intermw</groupId><artifactId>mw.bridges.api</artifactId><version>\${p${depth}}</version></dependency></dependencies></project>`;
}

const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** A one-cell alignment whose REPLACE `(a+)+$` backtracks 2^n steps over "aaaa...b" (issue 29). */
const RUNAWAY = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE RDF [<!ENTITY sripas "http://www.inter-iot.eu/sripas#">]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:sripas="http://www.inter-iot.eu/sripas#" xmlns="http://www.inter-iot.eu/sripas#"
  xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#" xmlns:dcelem="http://purl.org/dc/elements/1.1/"
  xmlns:exmo="http://exmo.inrialpes.fr/align/ext/1.0/#" xmlns:var="http://www.inter-iot.eu/sripas#node_">
  <align:Alignment>
    <dcelem:title>SoakRunaway</dcelem:title><exmo:version>1.0</exmo:version><dcelem:creator>soak</dcelem:creator><dcelem:description>runaway REPLACE</dcelem:description>
    <sripas:cellFormat><rdf:Description rdf:about="http://inter-iot.eu/sripas#turtle"/></sripas:cellFormat>
    <align:onto1><align:Ontology rdf:about="http://example.org/a"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="http://example.org/b"/></align:onto2>
    <sripas:steps rdf:parseType="Collection"><sripas:step sripas:order="1" sripas:cell="http://www.inter-iot.eu/sripas#c1"/></sripas:steps>
    <align:map><align:Cell rdf:about="http://www.inter-iot.eu/sripas#c1">
      <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">var:x &lt;http://example.org/v&gt; var:v .</align:entity1>
      <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">var:x &lt;http://example.org/w&gt; var:r .</align:entity2>
      <align:relation>=</align:relation>
      <sripas:transformation rdf:parseType="Literal"><function about="REPLACE"><param order="1" about="&sripas;node_v"/><param order="2" val="(a+)+$"/><param order="3" val="x"/><return about="&sripas;node_r"/></function></sripas:transformation>
    </align:Cell></align:map>
  </align:Alignment>
</rdf:RDF>
`;
const runawayMessage = JSON.stringify({
  '@graph': [
    { '@id': 'http://inter-iot.eu/message/metadata', '@graph': [{ '@id': 'http://example.org/m', '@type': 'http://inter-iot.eu/message/meta' }] },
    { '@id': 'http://inter-iot.eu/message/payload', '@graph': [{ '@id': 'http://example.org/x', 'http://example.org/v': `${'a'.repeat(40)}b` }] },
  ],
});

const kinds: Kind[] = [
  // Valid traffic: what the workbench and the middleware do all day.
  { name: 'GET /version', hostile: false, weight: 4, make: () => ({ method: 'GET', path: '/version' }) },
  { name: 'GET /alignments', hostile: false, weight: 3, make: () => ({ method: 'GET', path: '/alignments?details=true' }) },
  { name: 'GET /channels', hostile: false, weight: 3, make: () => ({ method: 'GET', path: '/channels' }) },
  { name: 'upload (208)', hostile: false, weight: 2, make: () => ({ method: 'POST', path: '/alignments', body: coFiware, type: 'application/xml' }) },
  { name: 'validate', hostile: false, weight: 1, make: () => ({ method: 'POST', path: '/validate', body: universaal, type: 'application/xml' }) },
  {
    name: 'translate chain',
    hostile: false,
    weight: 6,
    make: () => ({
      method: 'POST',
      path: '/translation',
      type: 'application/json',
      body: json({
        alignIDs: [
          { name: 'UniversAAL_CO_align', version: '3.0.1' },
          { name: 'CO_FIWARE_align', version: '1.0' },
        ],
        graphStr: weight,
      }),
    }),
  },
  {
    name: 'publish to channel',
    hostile: false,
    weight: 3,
    make: () => ({ method: 'POST', path: '/topics/soak.in/messages', body: weight, type: 'application/json' }),
  },
  { name: 'read sink', hostile: false, weight: 1, make: () => ({ method: 'GET', path: '/topics/soak.out/messages?limit=5' }) },
  // Hostile traffic: the classes of issue 29, each built from parameters.
  {
    name: 'YAML alias bomb',
    hostile: true,
    weight: 1,
    make: () => ({
      method: 'POST',
      path: '/api-history/diff',
      type: 'application/json',
      body: json({ old: { text: aliasBomb(9, 10) }, new: { text: aliasBomb(9, 10) } }),
    }),
  },
  {
    name: 'POM property chain',
    hostile: true,
    weight: 1,
    make: () => ({
      method: 'POST',
      path: '/bridge-checks/version',
      type: 'application/json',
      body: json({ pom: propertyChain(30, 2), middlewareVersion: '2.5.0' }),
    }),
  },
  {
    name: 'long log line',
    hostile: true,
    weight: 1,
    make: () => ({ method: 'POST', path: '/bridge-checks/log', type: 'application/json', body: json({ log: `[${'x'.repeat(1_000_000)}` }) }),
  },
  { name: 'deep JSON', hostile: true, weight: 1, make: () => ({ method: 'POST', path: '/translation', type: 'application/json', body: deepJson(100_000) }) },
  {
    name: 'deep JSON-LD',
    hostile: true,
    weight: 1,
    make: () => ({ method: 'POST', path: '/translation', type: 'application/json', body: json({ alignIDs: [], graphStr: deepJson(100_000) }) }),
  },
  { name: 'JSON-quoted XML', hostile: true, weight: 1, make: () => ({ method: 'POST', path: '/alignments', type: 'application/xml', body: json(coFiware) }) },
  {
    name: 'long name',
    hostile: true,
    weight: 1,
    make: () => ({
      method: 'POST',
      path: '/alignments',
      type: 'application/xml',
      body: coFiware.replace(/<dcelem:title>[^<]*</u, `<dcelem:title>${'n'.repeat(5000)}<`),
    }),
  },
  { name: 'static traversal', hostile: true, weight: 1, make: () => ({ method: 'GET', path: '/swagger/static/..%2f..%2f..%2fpackage.json' }) },
  {
    name: 'big topic message',
    hostile: true,
    weight: 1,
    make: () => ({ method: 'POST', path: '/topics/soak.big/messages', type: 'application/json', body: json('x'.repeat(7_000_000)) }),
  },
  {
    name: 'runaway REPLACE',
    hostile: true,
    weight: 1,
    everyMs: 30_000,
    make: () => ({
      method: 'POST',
      path: '/translation',
      type: 'application/json',
      body: json({ alignIDs: [{ name: 'SoakRunaway', version: '1.0' }], graphStr: runawayMessage }),
    }),
  },
  {
    name: 'invalid UTF-8 XML',
    hostile: true,
    weight: 1,
    make: () => ({
      method: 'POST',
      path: '/alignments',
      type: 'application/xml',
      body: Buffer.concat([Buffer.from(coFiware.slice(0, 200)), Buffer.from([0xc3, 0x28]), Buffer.from(coFiware.slice(200))]),
    }),
  },
];

const pickList = kinds.flatMap((k) => Array.from({ length: k.weight }, () => k));

interface Tally {
  count: number;
  statuses: Record<string, number>;
  totalMs: number;
  maxMs: number;
}

async function freeUrlOf(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no address within 60 s:\n${out}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = /Mediator API:\s+(http:\/\/\S+?)\/?\s/u.exec(out);
      if (m?.[1] !== undefined) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
  });
}

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? NaN;

async function main(): Promise<void> {
  const data = mkdtempSync(join(tmpdir(), 'mediator-soak-'));
  const probeFile = join(data, 'probe.json');
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(repoRoot, 'bench/soak-probe.mjs'),
      join(repoRoot, 'core/dist/bundle/cli.mjs'),
      'serve',
      '--port',
      '0',
      '--data',
      data,
      '--log-level',
      'error',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, SOAK_PROBE_FILE: probeFile },
    },
  );
  const url = await freeUrlOf(child);
  const probe = () => JSON.parse(readFileSync(probeFile, 'utf8')) as { rssMiB: number; peakRssMiB: number; eventLoopDelayMs: Record<string, number> };
  await new Promise((r) => setTimeout(r, 1500));
  const startRss = probe().rssMiB;
  for (const body of [universaal, coFiware, RUNAWAY])
    await fetch(`${url}/alignments`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
  await fetch(`${url}/channels`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: json({
      source: 'soak.in',
      sink: 'soak.out',
      inpAlignmentName: 'UniversAAL_CO_align',
      inpAlignmentVersion: '3.0.1',
      outAlignmentName: 'CO_FIWARE_align',
      outAlignmentVersion: '1.0',
    }),
  });

  const tallies = new Map<string, Tally>();
  const until = Date.now() + seconds * 1000;
  let errors = 0;
  const lastSent = new Map<string, number>();
  const pick = (): Kind => {
    for (;;) {
      const kind = pickList[Math.floor(Math.random() * pickList.length)]!;
      if (kind.everyMs === undefined) return kind;
      if (Date.now() - (lastSent.get(kind.name) ?? 0) < kind.everyMs) continue;
      lastSent.set(kind.name, Date.now());
      return kind;
    }
  };
  const worker = async () => {
    while (Date.now() < until) {
      const kind = pick();
      const request = kind.make();
      const t0 = performance.now();
      let status = 'network-error';
      try {
        const reply = await fetch(`${url}${request.path}`, {
          method: request.method,
          ...(request.body === undefined ? {} : { body: request.body, headers: { 'content-type': request.type ?? 'application/json' } }),
          signal: AbortSignal.timeout(60_000),
        });
        await reply.arrayBuffer();
        status = String(reply.status);
      } catch {
        errors++;
      }
      const ms = performance.now() - t0;
      const tally = tallies.get(kind.name) ?? { count: 0, statuses: {}, totalMs: 0, maxMs: 0 };
      tally.count++;
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      tally.totalMs += ms;
      tally.maxMs = Math.max(tally.maxMs, ms);
      tallies.set(kind.name, tally);
    }
  };
  // The liveness probe: what a user of the workbench would feel while all this goes on.
  const versionMs: number[] = [];
  const prober = (async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      try {
        await (await fetch(`${url}/version`, { signal: AbortSignal.timeout(30_000) })).arrayBuffer();
        versionMs.push(performance.now() - t0);
      } catch {
        versionMs.push(30_000);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  })();
  await Promise.all([...Array.from({ length: inFlight }, worker), prober]);
  const alive = await fetch(`${url}/version`).then(
    (r) => r.status === 200,
    () => false,
  );
  await new Promise((r) => setTimeout(r, 1200));
  const end = probe();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(data, { recursive: true, force: true });

  const rows = [...tallies.entries()].sort(([a], [b]) => a.localeCompare(b));
  const fiveHundreds = rows.reduce((n, [, t]) => n + Object.entries(t.statuses).reduce((m, [s, c]) => m + (s.startsWith('5') ? c : 0), 0), 0);
  console.log(`\nSoak: ${seconds} s, ${inFlight} requests in flight, ${rows.reduce((n, [, t]) => n + t.count, 0)} requests`);
  console.log('kind                      hostile  count   mean ms   max ms  statuses');
  for (const [name, t] of rows) {
    const kind = kinds.find((k) => k.name === name)!;
    console.log(
      `${name.padEnd(26)}${(kind.hostile ? 'yes' : 'no').padEnd(9)}${String(t.count).padStart(5)}${(t.totalMs / t.count).toFixed(1).padStart(10)}${t.maxMs.toFixed(0).padStart(9)}  ${json(t.statuses)}`,
    );
  }
  const result = {
    seconds,
    inFlight,
    networkErrors: errors,
    serverErrors5xx: fiveHundreds,
    aliveAtEnd: alive,
    rssMiB: { start: startRss, peak: end.peakRssMiB, end: end.rssMiB },
    eventLoopDelayMs: end.eventLoopDelayMs,
    versionProbeMs: { count: versionMs.length, p50: percentile(versionMs, 50), p99: percentile(versionMs, 99), max: Math.max(...versionMs) },
    kinds: Object.fromEntries(rows),
  };
  console.log(
    `\nRSS MiB: start ${result.rssMiB.start}, peak ${result.rssMiB.peak}, end ${result.rssMiB.end}; event-loop delay ms (in the server): ` +
      `p50 ${end.eventLoopDelayMs.p50}, p99 ${end.eventLoopDelayMs.p99}, max ${end.eventLoopDelayMs.max}; GET /version probe ms: ` +
      `p50 ${result.versionProbeMs.p50.toFixed(1)}, p99 ${result.versionProbeMs.p99.toFixed(1)}, max ${result.versionProbeMs.max.toFixed(0)}; ` +
      `5xx: ${fiveHundreds}; network errors: ${errors}; server ${alive ? 'answering' : 'NOT answering'} at the end`,
  );
  writeFileSync(join(resultsDir, 'soak.json'), `${JSON.stringify(result, null, 2)}\n`);
}

await main();
