/**
 * `mediator translate --out-dir`: many messages in one process. The batch must write, for every
 * message, exactly what a call of its own prints, and report exactly the error a call of its own
 * reports; it is checked against single calls on seeded batches of real messages, varied and
 * broken at random, and on the cases that would lose something (refused before anything runs).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli.js';
import { runCapturedCli as run } from '../../test-support/cli-run.js';
import { dataDir, mediatorCli } from '../../test-support/shared-data.js';
import { seededRandom } from '../../test-support/payload-variants.js';

const scratch = mkdtempSync(join(tmpdir(), 'mediator-translate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const folder = (): string => {
  const dir = join(scratch, `f${folders++}`);
  mkdirSync(dir);
  return dir;
};

const alignment = join(dataDir, 'alignments/CO_FIWARE.rdf');
const MESSAGES = ['weight.UniversAAL_CO.json', 'bloodPressure.UniversAAL_CO.json', 'weight.json', 'emptyPayload.json', 'bc-weight.json'].map((m) =>
  readFileSync(join(dataDir, 'messages', m), 'utf8'),
);

/** One generated message: a real one as is, with its hex digits changed, cut short, or with one character replaced. */
function generatedMessage(random: () => number): string {
  const text = MESSAGES[Math.floor(random() * MESSAGES.length)]!;
  const kind = random();
  if (kind < 0.35) return text;
  if (kind < 0.65)
    return text.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}/g,
      () =>
        Math.floor(random() * 0xffffffff)
          .toString(16)
          .padStart(8, '0') + '-beef',
    );
  const at = 1 + Math.floor(random() * (text.length - 2));
  if (kind < 0.82) return text.slice(0, at);
  return `${text.slice(0, at)}${'{",]:x'[Math.floor(random() * 6)]}${text.slice(at + 1)}`;
}

/** The lines of stderr that report a failed message (not warnings, notes or the summary). */
const errorLines = (stderr: string): string[] => stderr.split('\n').filter((l) => /\[[A-Z_]+\]$/.test(l));

describe('mediator translate --out-dir', () => {
  it('writes each message as a call of its own prints it, and reports each failure as that call does (seeded batches)', async () => {
    let failures = 0;
    let successes = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const random = seededRandom(seed * 7919);
      const inputs = folder();
      const out = join(folder(), 'out');
      const files = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, i) => {
        const file = join(inputs, `m${i}.json`);
        writeFileSync(file, generatedMessage(random));
        return file;
      });
      const batch = await run(['translate', '-a', alignment, ...files, '--out-dir', out]);
      let failed = 0;
      for (const [i, file] of files.entries()) {
        const single = await run(['translate', '-a', alignment, file]);
        const written = join(out, `m${i}.json`);
        if (single.code === 0) {
          successes++;
          expect(readFileSync(written, 'utf8'), `seed ${seed}, m${i}`).toBe(single.stdout);
        } else {
          failures++;
          failed++;
          expect(single.code).toBe(1);
          expect(existsSync(written), `seed ${seed}, m${i} failed but was written`).toBe(false);
          const reported = errorLines(single.stderr);
          expect(reported).toHaveLength(1);
          expect(errorLines(batch.stderr)).toContain(reported[0]);
        }
      }
      expect(batch.code, `seed ${seed}`).toBe(failed === 0 ? 0 : 1);
      expect(errorLines(batch.stderr)).toHaveLength(failed);
      expect(batch.stderr).toContain(`wrote ${files.length - failed} of ${files.length} message(s) to ${out}`);
      expect(batch.stdout).toBe('');
      // Nothing but the translations: no temporary file is left behind.
      expect(readdirSync(out).every((f) => /^m\d+\.json$/.test(f))).toBe(true);
    }
    // The generator reached both kinds of message.
    expect(successes).toBeGreaterThan(10);
    expect(failures).toBeGreaterThan(5);
  });

  it('replaces an existing output whole and keeps the inputs untouched', async () => {
    const inputs = folder();
    const out = folder();
    const file = join(inputs, 'weight.json');
    writeFileSync(file, MESSAGES[0]!);
    writeFileSync(join(out, 'weight.json'), 'an older translation');
    const r = await run(['translate', '-a', alignment, file, '-d', out, '--compact']);
    expect(r.code).toBe(0);
    const single = await run(['translate', '-a', alignment, file, '--compact']);
    expect(readFileSync(join(out, 'weight.json'), 'utf8')).toBe(single.stdout);
    expect(readFileSync(file, 'utf8')).toBe(MESSAGES[0]);
  });

  it('refuses, before reading anything, a run that would lose a message', async () => {
    const inputs = folder();
    const other = folder();
    const a = join(inputs, 'm.json');
    const b = join(other, 'm.json');
    writeFileSync(a, MESSAGES[0]!);
    writeFileSync(b, MESSAGES[1]!);
    const cases: Array<{ args: string[]; says: RegExp }> = [
      { args: [a, b], says: /several messages to a folder: add --out-dir DIR/ },
      { args: [a, '-', '-d', folder()], says: /give files, not - \(standard input\)/ },
      { args: [a, b, '-d', folder()], says: /would both be written to/ },
      { args: [a, '-d', inputs], says: /is one of the messages; choose another DIR/ },
      { args: [a, '-d', ''], says: /needs a folder name/ },
    ];
    for (const c of cases) {
      const r = await run(['translate', '-a', join(scratch, 'no-such-alignment.rdf'), ...c.args]);
      // Exit 2 (usage), not 1 for the missing alignment: the command line was refused first.
      expect(r.code, c.args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(c.says);
    }
    expect(readFileSync(a, 'utf8')).toBe(MESSAGES[0]);
  });

  it('takes a folder for its .json files, as if each were named', async () => {
    const inputs = folder();
    for (const [i, m] of MESSAGES.entries()) writeFileSync(join(inputs, `m${i}.json`), m);
    writeFileSync(join(inputs, 'notes.txt'), 'not a message');
    mkdirSync(join(inputs, 'sub.json'));
    const byFolder = join(folder(), 'out');
    const byFiles = join(folder(), 'out');
    const named = MESSAGES.map((_, i) => join(inputs, `m${i}.json`));
    expect((await run(['translate', '-a', alignment, inputs, '-d', byFolder])).code).toBe(0);
    expect((await run(['translate', '-a', alignment, ...named, '-d', byFiles])).code).toBe(0);
    expect(readdirSync(byFolder).sort()).toEqual(MESSAGES.map((_, i) => `m${i}.json`));
    for (const name of readdirSync(byFiles)) expect(readFileSync(join(byFolder, name), 'utf8')).toBe(readFileSync(join(byFiles, name), 'utf8'));
    // A folder without --out-dir, an empty folder, and the folder as its own output: refused.
    expect((await run(['translate', '-a', alignment, inputs])).stderr).toMatch(/add --out-dir DIR/);
    const empty = await run(['translate', '-a', alignment, folder(), '-d', folder()]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/has no \.json files/);
    expect((await run(['translate', '-a', alignment, inputs, '-d', inputs])).stderr).toMatch(/is one of the messages/);
  });

  it('fails with FILE_UNWRITABLE when the folder cannot be made', async () => {
    const inputs = folder();
    const file = join(inputs, 'm.json');
    writeFileSync(file, MESSAGES[0]!);
    const blocker = join(folder(), 'a-file');
    writeFileSync(blocker, '');
    const r = await run(['translate', '-a', alignment, file, '--out-dir', join(blocker, 'out')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/a-file\/out: cannot create the folder \(ENOTDIR\) \[FILE_UNWRITABLE\]/);
  });

  it('shows a progress line on a terminal and clears it before every other line', async () => {
    const inputs = folder();
    const files = [0, 1, 2, 3, 4].map((i) => {
      const file = join(inputs, `m${i}.json`);
      writeFileSync(file, i === 2 ? '{ "@graph": [' : MESSAGES[i % 2]!);
      return file;
    });
    const args = ['translate', '-a', alignment, ...files];
    let terminal = '';
    const code = await runCli([...args, '--out-dir', folder()], {
      stdout: () => undefined,
      stderr: (t) => (terminal += t),
      readStdin: async () => '',
      stderrIsTerminal: true,
    });
    const plain = await run([...args, '--out-dir', folder()]);
    expect(code).toBe(1);
    expect(terminal).toContain('\rmediator translate: 1 of 5');
    expect(plain.stderr).not.toContain('\r');
    // What the terminal shows once every carriage return has overwritten its line: the plain lines.
    const shown = terminal.split('\n').map((line) => {
      const cells: string[] = [];
      let column = 0;
      for (const ch of line) {
        if (ch === '\r') column = 0;
        else cells[column++] = ch;
      }
      return cells.join('').trimEnd();
    });
    expect(shown.join('\n').replaceAll(/f\d+/g, 'F')).toBe(plain.stderr.replaceAll(/f\d+/g, 'F'));
  });

  it('runs from the start-up bundle, as the mediator bin does', async () => {
    const inputs = folder();
    const out = join(folder(), 'nested', 'out');
    const files = MESSAGES.slice(0, 3).map((m, i) => {
      const file = join(inputs, `${i}.json`);
      writeFileSync(file, m);
      return file;
    });
    const { stderr } = await promisify(execFile)(process.execPath, [mediatorCli, 'translate', '-a', alignment, ...files, '--out-dir', out], {
      timeout: 60_000,
    });
    expect(stderr).toContain(`wrote 3 of 3 message(s) to ${out}`);
    expect(readdirSync(out).sort()).toEqual(['0.json', '1.json', '2.json']);
    for (const [i, file] of files.entries())
      expect(readFileSync(join(out, `${i}.json`), 'utf8')).toBe((await run(['translate', '-a', alignment, file])).stdout);
  });
});
