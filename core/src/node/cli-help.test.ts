import { describe, expect, it } from 'vitest';
import { COMMANDS } from './cli.js';
import { runCapturedCli, type CapturedRun } from '../test-support/cli-run.js';

async function run(argv: readonly string[]): Promise<CapturedRun> {
  // A command that ignored --help and started working (serve listening) would not answer in time.
  return Promise.race([runCapturedCli(argv), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${argv.join(' ')} did not return`)), 5000))]);
}

/** The commands `mediator help` lists ("  mediator NAME ..." lines), in order, once each. */
async function listedCommands(): Promise<string[]> {
  const { stdout } = await run(['help']);
  return [...new Set([...stdout.matchAll(/^ {2}mediator ([a-z][\w-]*)/gm)].map((m) => m[1] ?? ''))];
}

describe('mediator COMMAND --help', async () => {
  const commands = await listedCommands();

  it('lists every command the CLI knows', () => {
    expect(commands.length).toBeGreaterThanOrEqual(10);
    for (const c of commands) expect(COMMANDS).toContain(c);
  });

  it.each(commands.flatMap((c) => [[c, '--help'] as const, [c, '-h'] as const]))('%s %s prints its usage and exits 0', async (command, flag) => {
    const { code, stdout, stderr } = await run([command, flag]);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Usage:');
    expect(stdout).toContain(command === 'help' ? 'mediator help' : `mediator ${command}`);
  });

  it('serve --help prints the serve options without starting a server', async () => {
    const { code, stdout } = await run(['serve', '--help', '--port', '0']);
    expect(code).toBe(0);
    expect(stdout).toContain('--port');
    expect(stdout).not.toContain('Mediator API:');
  });
});
