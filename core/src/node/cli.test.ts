/**
 * The CLI, in-process for breadth and through the real `mediator` bin once (it must work as
 * `npx mediator` after set-up).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { dataDir, goldenFile, repoRoot } from '../test-support/shared-data.js';
import { isomorphic } from '../common/rdf/isomorphism.js';
import { readMessage } from '../common/index.js';

async function run(args: string[], stdin = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), readStdin: async () => stdin });
  return { code, stdout, stderr };
}

const a = (name: string) => join(dataDir, 'alignments', name);
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
    expect(headers).toEqual(['cell0', 'cell1', 'cell2_weight', 'cell2_bp', 'cell2_hr', 'cell3_entity', 'cell4_entity_weight', 'cell4_entity_hr', 'cell4_entity_bp', 'cell4_entity_cleanup', 'cell5_metadata']);
    expect(r.stdout).toContain('DELETE {');
  });
});

describe('mediator bin', () => {
  it('runs as the installed bin and prints a bench line', () => {
    const bin = join(repoRoot, 'node_modules/.bin/mediator');
    const out = execFileSync(bin, ['bench', '-a', a('CO_FIWARE.rdf'), m('weight.UniversAAL_CO.json'), '--seconds', '0.2'], { encoding: 'utf8' });
    const line = JSON.parse(out.trim()) as Record<string, number>;
    for (const key of ['messagesPerSecond', 'p50Ms', 'p99Ms', 'floorMessagesPerSecond']) expect(line[key]).toBeGreaterThan(0);
  });

  it('exits 2 on a usage error', () => {
    const r = spawnSync(join(repoRoot, 'node_modules/.bin/mediator'), ['frobnicate'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"/);
  });
});
