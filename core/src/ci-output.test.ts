/**
 * What `npm test` leaves in the CI log (issue 37), checked on the real tools: each runner's own
 * summary arrives as plain text under CI=true, another tool's pytest-shaped banners are defused,
 * and a script's closing line survives a reader that stalls past the pipe's buffer.
 */
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './test-support/shared-data.js';

interface CiLog {
  plainEnv(base?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  unbannered(text: string): string;
  PYTEST_BANNER: RegExp;
}

const ciLog = (await import(pathToFileURL(join(repoRoot, 'scripts/ci-log.mjs')).href)) as CiLog;
// eslint-disable-next-line no-control-regex -- an ANSI escape sequence is what the check looks for
const ESCAPE = /\u001b\[/u;

describe('the CI log of npm test (scripts/ci-log.mjs, scripts/exit-flushed.mjs)', () => {
  it("prints vitest's own summary as plain text under CI=true, as run-tests.mjs starts it", () => {
    const fixtures = join(repoRoot, 'scripts/ci-output-fixtures');
    const vitest = join(repoRoot, 'node_modules/vitest/vitest.mjs');
    const run = (env: NodeJS.ProcessEnv): string => {
      const result = spawnSync(process.execPath, [vitest, 'run', '--root', fixtures], { env, encoding: 'utf8', timeout: 60_000 });
      expect(result.status, result.stderr).toBe(0);
      return result.stdout;
    };
    // NO_COLOR left out: npm test gives it to this very run.
    const { NO_COLOR: _plain, ...inherited } = process.env;
    const coloured = run({ ...inherited, CI: 'true', FORCE_COLOR: '1' });
    // The control: without the runner environment the summary is coloured, so the check can fail.
    expect(coloured).toMatch(ESCAPE);
    const plain = run(ciLog.plainEnv({ ...inherited, CI: 'true', FORCE_COLOR: '1' }));
    expect(plain).not.toMatch(ESCAPE);
    expect(plain.split('\n').map((line) => line.trim())).toContain('Tests  1 passed (1)');
  });

  it("defuses schemathesis' pytest-shaped banners and leaves other lines as they were", () => {
    const report = ['Schemathesis v4', '===== 2 warnings in 38.76s =====', 'GET /version  .....', '===== No issues found in 6.89s ====='].join('\n');
    expect(report.split('\n').filter((line) => ciLog.PYTEST_BANNER.test(line))).toHaveLength(2);
    const defused = ciLog.unbannered(report).split('\n');
    expect(defused.filter((line) => ciLog.PYTEST_BANNER.test(line))).toEqual([]);
    expect(defused).toEqual(['Schemathesis v4', '-- 2 warnings in 38.76s --', 'GET /version  .....', '-- No issues found in 6.89s --']);
  });

  /** What a reader that stalls for 1.5 s, well past the pipe's 64 KiB, gets from a script ending with `ending`. */
  async function stalledRead(ending: string): Promise<{ code: number | null; lines: string[] }> {
    const script = [
      `import { exitFlushed } from ${JSON.stringify(pathToFileURL(join(repoRoot, 'scripts/exit-flushed.mjs')).href)};`,
      "process.stdout.write('x'.repeat(1 << 20) + '\\n');",
      "console.log('Tests: 3 passed, 0 failed, 0 skipped');",
      ending,
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.pause();
    const closed = new Promise<number | null>((resolveExit) => child.once('close', resolveExit));
    setTimeout(() => {
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stdout.resume();
    }, 1_500);
    const code = await closed;
    return { code, lines: Buffer.concat(chunks).toString('utf8').trimEnd().split('\n') };
  }

  it('keeps the closing line when the reader stalls past the pipe buffer, where process.exit() loses it', async () => {
    const flushed = await stalledRead('await exitFlushed(3);');
    expect(flushed.code).toBe(3);
    expect(flushed.lines.at(-1)).toBe('Tests: 3 passed, 0 failed, 0 skipped');
    expect(flushed.lines[0]).toHaveLength(1 << 20);
    // The control: the way the scripts ended before, on the same stalled reader.
    const abrupt = await stalledRead('process.exit(3);');
    expect(abrupt.code).toBe(3);
    expect(abrupt.lines.at(-1)).not.toBe('Tests: 3 passed, 0 failed, 0 skipped');
  });
});
