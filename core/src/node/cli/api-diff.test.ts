/** `mediator api-diff` (issue 15): in-process through runCli for breadth, once through the real bin. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapturedCli as run } from '../../test-support/cli-run.js';
import { mw2mwSamplePath } from '../../test-support/mw2mw-samples.js';
import { repoRoot } from '../../test-support/shared-data.js';
import { startProcess } from '../../test-support/processes.js';
import type { ApiDiff } from '../../common/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'mediator-api-diff-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('mediator api-diff', () => {
  it('prints the seed-style table by default', async () => {
    const { code, stdout } = await run(['api-diff', mw2mwSamplePath('1.1'), mw2mwSamplePath('1.2')]);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe('| Version | Changes | Additions |');
    expect(lines[2]).toMatch(/^\| 1\.2 \| definitions Response, StatusType changed \| tag mw2mw\.Query; endpoints GET \/mw2mw\/devices\/data, /);
    expect(lines).toHaveLength(3);
  });

  it('prints {from, to, changes} with --json', async () => {
    const { code, stdout } = await run(['api-diff', '--json', mw2mwSamplePath('1.0'), mw2mwSamplePath('1.1')]);
    expect(code).toBe(0);
    const diff = JSON.parse(stdout) as ApiDiff;
    expect(diff.from).toBe('1.0');
    expect(diff.to).toBe('1.1');
    expect(diff.changes).toContainEqual({ kind: 'path-moved', subject: 'PUT /mw2mw/devices', detail: 'PUT /mw2mw/devices/{clientId}' });
    for (const change of diff.changes) expect(Object.keys(change).sort()).toEqual(['detail', 'kind', 'subject']);
  });

  it('exits 1 with file:line:column for a malformed document', async () => {
    const bad = join(scratch, 'bad.yaml');
    writeFileSync(bad, 'swagger: "2.0"\ninfo:\n  version: "1"\npaths:\n  /x:\n    get: {responses: [\n');
    const { code, stderr } = await run(['api-diff', mw2mwSamplePath('1.0'), bad]);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${bad.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: Not valid YAML`));
    expect(stderr).toContain('[API_DOCUMENT_INVALID]');
  });

  it.each([
    [9, 10],
    [30, 2],
  ])('exits 1 quickly naming the alias limit for a billion-laughs document of %i levels x %i aliases', async (levels, width) => {
    const lines = ['swagger: "2.0"', 'a0: &a0 "lol"'];
    for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
    const bomb = join(scratch, `bomb-${levels}-${width}.yaml`);
    writeFileSync(bomb, `${lines.join('\n')}\n`);
    const started = performance.now();
    const { code, stderr } = await run(['api-diff', bomb, mw2mwSamplePath('1.0')]);
    expect(performance.now() - started).toBeLessThan(3000);
    expect(code).toBe(1);
    expect(stderr).toMatch(/expand to more than 100000 values/);
  });

  it('exits 1 for a file that cannot be read', async () => {
    const { code, stderr } = await run(['api-diff', join(scratch, 'none.yaml'), mw2mwSamplePath('1.0')]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/none\.yaml: cannot read file \(ENOENT\)/);
  });

  it.each([[['api-diff']], [['api-diff', 'one.yaml']], [['api-diff', 'a', 'b', 'c']], [['api-diff', '--frob', 'a', 'b']]])(
    'exits 2 on usage errors: %j',
    async (args) => {
      const { code, stderr } = await run(args);
      expect(code).toBe(2);
      expect(stderr).toMatch(/Usage:\n {2}mediator api-diff OLD\.yaml NEW\.yaml/);
    },
  );

  it('runs as the installed bin', async () => {
    const proc = startProcess('mediator api-diff', join(repoRoot, 'node_modules/.bin/mediator'), [
      'api-diff',
      '--json',
      mw2mwSamplePath('1.1'),
      mw2mwSamplePath('1.2'),
    ]);
    expect(await proc.exited({ timeoutMs: 30_000 }), proc.output()).toEqual({ code: 0, signal: null });
    expect((JSON.parse(proc.text('stdout')) as ApiDiff).changes).toHaveLength(8);
  }, 45_000);
});
