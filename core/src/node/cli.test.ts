/**
 * The CLI, in-process for breadth and through the real `mediator` bin once (it must work as
 * `npx mediator` after set-up).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCapturedCli as run } from '../test-support/cli-run.js';
import { dataDir, goldenFile, repoRoot } from '../test-support/shared-data.js';
import { isomorphic } from '../test-support/isomorphism.js';
import { readMessage } from '../common/index.js';
import { CO_FIWARE_STEP_CELLS, readData } from '../test-support/shared-data.js';
import { startServer, type RunningServer } from './server/start-server.js';
import { startProcess } from '../test-support/processes.js';
import { silentLog } from './server/test-support/test-server.js';
import { SRIPAS_PREDICATE_IRI, sripasPredicateAlignment, sripasPredicateEntity1Line } from '../test-support/sripas-predicate-alignment.js';

const a = (name: string) => join(dataDir, 'alignments', name);
const scratch = mkdtempSync(join(tmpdir(), 'mediator-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** CO_FIWARE with two independent errors: invalid Turtle in one cell and a step naming a missing cell. */
function brokenAlignment(): { file: string; turtleLine: number; stepLine: number } {
  const text = readData('alignments/CO_FIWARE.rdf')
    .replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ;; ] .')
    .replace(/sripas:cell="([^"]*#)cell0"/, 'sripas:cell="$1no_such_cell"');
  const lineOf = (needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;
  const file = join(scratch, 'broken.rdf');
  writeFileSync(file, text);
  return { file, turtleLine: lineOf(';; ]'), stepLine: lineOf('no_such_cell') };
}
const m = (name: string) => join(dataDir, 'messages', name);

describe('mediator translate', () => {
  it('translates through a two-alignment chain and prints the trace', async () => {
    const r = await run(['translate', '--trace', '-a', a('UniversAAL_CO.rdf'), '-a', a('CO_FIWARE.rdf'), m('weight.json')]);
    expect(r.code).toBe(0);
    const expected = await readMessage(goldenFile('weight__UniversAAL_CO__CO_FIWARE', 'output.json'));
    const ours = await readMessage(r.stdout);
    expect(isomorphic(ours.quads, expected.quads)).toBe(true);
    expect(r.stderr).toMatch(/^alignment\s+step\s+cell\s+before\s+after\s+deleted\s+inserted\s+ms\s+error/m);
    expect(r.stderr).toMatch(/cell5_metadata\s+24\s+35\s+3\s+14/);
  });

  it('reads the message from stdin', async () => {
    const r = await run(['translate', '-a', a('BodyCloud_CO.rdf'), '-'], goldenFile('bc-weight__BodyCloud_CO', 'input.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('InterIoTMsg:payload');
  });

  it('fails clearly on a message that is not JSON', async () => {
    const r = await run(['translate', '-a', a('CO_FIWARE.rdf'), '-'], '{ nope');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^-:1:\d+: .*MESSAGE_NOT_JSON/m);
  });

  it('fails with file:line:column when an alignment of the chain is broken', async () => {
    const broken = brokenAlignment();
    const r = await run(['translate', '-a', broken.file, m('weight.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`broken\\.rdf:${broken.turtleLine}:\\d+: `));
  });

  it('fails clearly on a missing file', async () => {
    const r = await run(['translate', '-a', a('missing.rdf'), m('weight.json')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/missing\.rdf: cannot read file \(ENOENT\)/);
  });
});

describe('mediator validate', () => {
  it('validates a real alignment (warnings only, exit 0)', async () => {
    const r = await run(['validate', a('CO_FIWARE.rdf')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/CO_FIWARE_align 1\.0, 11 cells\): valid, 0 error\(s\)/);
    expect(r.stdout).toMatch(/CO_FIWARE\.rdf:\d+:\d+: warning CELL_UNBOUND_INSERT_VARIABLE \[cell cell3_entity\]/);
  });

  it('prints every error with its line and column and exits 1', async () => {
    const broken = brokenAlignment();
    const r = await run(['validate', broken.file]);
    expect(r.code).toBe(1);
    const errors = r.stdout.split('\n').filter((l) => /: error /.test(l));
    expect(errors.length).toBeGreaterThanOrEqual(2);
    for (const line of errors) expect(line).toMatch(/^.*broken\.rdf:\d+:\d+: error [A-Z_]+/);
    expect(errors.some((l) => l.includes(`broken.rdf:${broken.turtleLine}:`))).toBe(true);
    expect(errors.some((l) => l.includes(`broken.rdf:${broken.stepLine}:`) && l.includes('no_such_cell'))).toBe(true);
  });

  it('accepts a sripas IRI in predicate position with a warning (exit 0), and compile writes the constant IRI', async () => {
    const text = sripasPredicateAlignment();
    const file = join(scratch, 'sripas-predicate.rdf');
    writeFileSync(file, text);
    const r = await run(['validate', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/valid, 0 error\(s\)/);
    expect(r.stdout).toMatch(
      new RegExp(
        `sripas-predicate\\.rdf:${sripasPredicateEntity1Line(text)}:\\d+: warning CELL_PREDICATE_SRIPAS_CONSTANT \\[cell pred_cell\\]: .*constant IRI`,
      ),
    );
    const compiled = await run(['compile', file]);
    expect(compiled.code).toBe(0);
    expect(compiled.stdout).toContain(`?node_s <${SRIPAS_PREDICATE_IRI}> ?node_o .`);
  });

  it('exits 1 and prints line:column for errors', async () => {
    const r = await run(['validate', join(repoRoot, 'package.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/package\.json:\d+:\d+: error XML_MALFORMED/);
  });
});

describe('mediator compile', () => {
  it('prints every cell in step order', async () => {
    const r = await run(['compile', a('CO_FIWARE.rdf')]);
    expect(r.code).toBe(0);
    const headers = [...r.stdout.matchAll(/^#### .*cell: (\S+)$/gm)].map((x) => x[1]);
    expect(headers).toEqual(CO_FIWARE_STEP_CELLS);
    expect(r.stdout).toContain('DELETE {');
  });
});

describe('mediator bin', () => {
  // Not execFileSync/spawnSync: a hung child would block the event loop, and with it every timeout.
  const bin = join(repoRoot, 'node_modules/.bin/mediator');

  it('runs as the installed bin and prints a bench line', async () => {
    const proc = startProcess('mediator bench', bin, ['bench', '-a', a('CO_FIWARE.rdf'), m('weight.UniversAAL_CO.json'), '--seconds', '0.2']);
    expect(await proc.exited({ timeoutMs: 30_000 }), proc.output()).toEqual({ code: 0, signal: null });
    const line = JSON.parse(proc.text('stdout').trim()) as Record<string, number>;
    for (const key of ['messagesPerSecond', 'p50Ms', 'p99Ms', 'floorMessagesPerSecond']) expect(line[key]).toBeGreaterThan(0);
  }, 45_000);

  it.each([
    [['--mqtt', '127.0.0.1:1883'], /--mqtt takes a URL: mqtt:\/\//],
    [['--mqtt', 'mqtt://127.0.0.1:1883', '--mqtt-max-message-bytes', '0'], /--mqtt-max-message-bytes must be an integer/],
    [['--mqtt', 'mqtt://127.0.0.1:1883', '--mqtt-ca', '/nonexistent/ca.pem'], /--mqtt-ca: cannot read \/nonexistent\/ca.pem/],
    [['--transport', 'amqp'], /--transport must be embedded, nats, kafka or mqtt/],
  ])('serve %j is a usage error (exit 2) that says what is wrong, before anything starts', async (args, message) => {
    const { code, stderr } = await run(['serve', '--port', '0', '--data', scratch, ...args]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
  });

  it('ends with its own exit code and no error when its reader closed the pipe (`| head`)', async () => {
    // The read end is closed before the bin writes: each of its writes meets EPIPE.
    const child = spawn(process.execPath, [bin, 'compile', a('CO_FIWARE.rdf')], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const timeout = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), 30_000).unref());
    const code = await Promise.race([exited, timeout]);
    if (code === 'timed out') child.kill('SIGKILL');
    expect(code, stderr).toBe(0);
    expect(stderr).not.toMatch(/EPIPE|Unhandled/);
  }, 45_000);

  it('exits 2 on a usage error', async () => {
    const proc = startProcess('mediator frobnicate', bin, ['frobnicate']);
    expect(await proc.exited({ timeoutMs: 30_000 }), proc.output()).toEqual({ code: 2, signal: null });
    expect(proc.text('stderr')).toMatch(/unknown command "frobnicate"/);
  }, 45_000);
});

describe('mediator platform-channels', () => {
  let server: RunningServer;
  let serverDir: string;

  beforeAll(async () => {
    serverDir = mkdtempSync(join(tmpdir(), 'mediator-cli-server-'));
    server = await startServer({ dataDir: serverDir, port: 0, logStream: silentLog() });
    const r = await fetch(`${server.url}/alignments`, {
      method: 'POST',
      body: readData('alignments/CO_FIWARE.rdf'),
      headers: { 'content-type': 'application/xml' },
    });
    expect(r.status).toBe(201);
  });

  afterAll(async () => {
    await server.close();
    rmSync(serverDir, { recursive: true, force: true });
  });

  it('--dry-run prints the encoded topic names without a server', async () => {
    const r = await run(['platform-channels', '--platform', 'http://inter-iot.eu/platforms/p1', '--dry-run', '--server', 'http://127.0.0.1:1']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      platformId: 'http://inter-iot.eu/platforms/p1',
      encodedId: 'http_inter-iot.eu_platforms_p1',
      downstream: { source: 'mw-mediator-downstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-downstream-http_inter-iot.eu_platforms_p1' },
      upstream: { source: 'mw-mediator-upstream-http_inter-iot.eu_platforms_p1', sink: 'mediator-mw-upstream-http_inter-iot.eu_platforms_p1' },
    });
  });

  it('--dry-run --ipsm encodes the platform id as the middleware does', async () => {
    const r = await run(['platform-channels', '--platform', 'urn:inter-iot:platform:sofia2?x=1', '--ipsm', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      encodedId: 'urn_inter-iot_platform_sofia2?x=1',
      downstream: { source: 'mw-ipsm-downstream-urn_inter-iot_platform_sofia2?x=1', sink: 'ipsm-mw-downstream-urn_inter-iot_platform_sofia2?x=1' },
    });
  });

  it('creates the pair on a running server, with the ipsm spelling when asked', async () => {
    const r = await run([
      'platform-channels',
      '--server',
      server.url,
      '--platform',
      'http://inter-iot.eu/platforms/p9_/x#main',
      '--inp',
      'CO_FIWARE_align@1.0',
      '--ipsm',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const channels = (await (await fetch(`${server.url}/channels?details=true`)).json()) as Array<Record<string, unknown>>;
    const topics = channels.map((c) => `${String(c.source)} -> ${String(c.sink)}`).sort();
    expect(topics).toEqual([
      // The middleware's encoding: runs of `:`, `/`, `#` become one `_`, the `_` before `/` stays.
      'mw-ipsm-downstream-http_inter-iot.eu_platforms_p9__x_main -> ipsm-mw-downstream-http_inter-iot.eu_platforms_p9__x_main',
      'mw-ipsm-upstream-http_inter-iot.eu_platforms_p9__x_main -> ipsm-mw-upstream-http_inter-iot.eu_platforms_p9__x_main',
    ]);
    expect(channels.every((c) => c.inpAlignmentName === 'CO_FIWARE_align' && c.status === 'running')).toBe(true);
  });

  it("exits 1 with the server's reason when it refuses, and 2 on a malformed --inp", async () => {
    const refused = await run(['platform-channels', '--server', server.url, '--platform', 'p10', '--inp', 'nope@9']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/the server refused \(400\): .*not found/);
    const usage = await run(['platform-channels', '--server', server.url, '--platform', 'p10', '--inp', 'no-version']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/--inp takes NAME@VERSION/);
  });
});
