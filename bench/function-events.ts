/**
 * How much of a fresh process's suite run is V8 compiling functions (issue 42, `mediator test`
 * close to the warm suite): the cold runner (suite-cold-run.ts) is run once more with
 * `--log-function-events`, and the parse and bytecode events logged from runSuite's first call on
 * are summed. That sum is all a code cache or a start-up snapshot could take off the run: both
 * keep bytecode, neither keeps the feedback or optimised code a warm process runs. Optimising
 * compiles (TurboFan) are left out: they run on a background thread.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The function events that are the main thread's parsing and bytecode (or baseline code) generation. */
const COMPILE_EVENTS = new Set(['parse', 'parse-function', 'full-parse', 'preparse-resolution', 'interpreter', 'baseline', 'parse-eval', 'interpreter-eval']);

export interface CompileShare {
  /** Parse and compile time logged after the first call of `from`, in ms. */
  readonly compileMs: number;
  /** Functions compiled in that time (their `interpreter` events). */
  readonly functions: number;
  /** The logged run's own time as the runner printed it, in ms. */
  readonly runMs: number;
}

/** Sums the compile events of a `--log-function-events` log from the first execution of `from` on (NaN ms when it never ran). */
export function compileAfter(log: string, from: string): Omit<CompileShare, 'runMs'> {
  let started = false;
  let compileMs = 0;
  let functions = 0;
  for (const line of log.split('\n')) {
    if (!line.startsWith('function,')) continue;
    // function,EVENT,SCRIPT,START,END,MS,TIMESTAMP,NAME (a name may hold commas: it comes last)
    const fields = line.split(',');
    const event = fields[1] ?? '';
    if (!started) {
      started = event === 'first-execution' && fields.slice(7).join(',') === from;
      continue;
    }
    if (!COMPILE_EVENTS.has(event)) continue;
    compileMs += Number(fields[5]) || 0;
    if (event === 'interpreter') functions++;
  }
  // Never called (a renamed function, another V8 log format): no figure rather than a false 0 ms.
  return started ? { compileMs, functions } : { compileMs: NaN, functions: 0 };
}

/** Runs `script args` once in a fresh process with function events logged; the script prints `{"ms": ...}`. */
export function measureCompileShare(script: string, args: readonly string[], from: string): CompileShare {
  const dir = mkdtempSync(join(tmpdir(), 'mediator-function-events-'));
  try {
    const logfile = join(dir, 'v8.log');
    const out = execFileSync(process.execPath, ['--log-function-events', `--logfile=${logfile}`, '--no-logfile-per-isolate', script, ...args], {
      encoding: 'utf8',
    });
    const { ms } = JSON.parse(out) as { ms: number };
    return { ...compileAfter(readFileSync(logfile, 'utf8'), from), runMs: ms };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
