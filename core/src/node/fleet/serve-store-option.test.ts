/** `mediator serve --store` (issue 13) and `--fleet` (issue 32): refused values and combinations are usage errors (exit 2) that say what to do. */
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';

async function serve(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await runCli(['serve', '--port', '0', ...args], { stdout: () => undefined, stderr: (t) => (stderr += t), readStdin: async () => '' });
  return { code, stderr };
}

describe('mediator serve --store', () => {
  it.each([
    [['--store', 'postgres'], /--store must be sqlite or nats/],
    [['--store', 'nats'], /--store nats needs --transport nats/],
    [['--store', 'nats', '--transport', 'kafka'], /--store nats needs --transport nats/],
  ])('%j exits 2', async (args, message) => {
    const { code, stderr } = await serve(args);
    expect({ code, stderr }).toEqual({ code: 2, stderr: expect.stringMatching(message) });
  });
});

describe('mediator serve --fleet', () => {
  it.each([
    [['--fleet', 'staging'], /--fleet needs --transport nats/],
    [['--fleet', 'a_b', '--transport', 'nats'], /--fleet: a fleet name has 1 to 32 letters, digits and "-"/],
    [['--fleet', '', '--transport', 'nats'], /--fleet: a fleet name/],
  ])('%j exits 2', async (args, message) => {
    const { code, stderr } = await serve(args);
    expect({ code, stderr }).toEqual({ code: 2, stderr: expect.stringMatching(message) });
  });
});
