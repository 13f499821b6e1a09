/**
 * Processes that tests start (`mediator serve`, `npm start`, nats-server, a crash writer), with
 * every wait bounded: a wait that runs out fails with what was awaited, from which process, and the
 * process's output so far, instead of hanging until the test's own timeout says nothing.
 *
 * The exit is recorded from the moment of the spawn, so waiting for it after it already happened
 * returns at once. (A process killed by a signal has `exitCode === null` and its `signalCode` set:
 * checking `exitCode` alone and then listening for an 'exit' that had already fired hung the
 * SIGKILL restart test forever on a loaded machine.)
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export type Stream = 'stdout' | 'stderr';

export interface StartOptions {
  readonly cwd?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** Own process group: `stop()` signals the whole group (e.g. npm and the server under it). */
  readonly detached?: boolean;
}

export interface WaitOptions {
  readonly timeoutMs: number;
}

export interface StopOptions {
  readonly signal?: NodeJS.Signals;
  /** After this long without an exit, SIGKILL follows. */
  readonly graceMs?: number;
}

export interface TestProcess {
  /** What the messages call it, e.g. `mediator serve`. */
  readonly name: string;
  readonly child: ChildProcess;
  /** True until the process has exited (or failed to spawn). */
  readonly running: boolean;
  /** The exit, once it happened. */
  readonly exit: Exit | undefined;
  /** Both streams as they arrived (the last 64 KB), for messages and attachments. */
  output(): string;
  /** One stream's text so far (the last 8 MB). */
  text(stream: Stream): string;
  /**
   * Resolves with the first value `check` returns (checked now and at every output), for conditions
   * a line pattern cannot say; `what` names the condition in the failure message. Rejects when the
   * process exits first or `timeoutMs` passes.
   */
  waitFor<T>(check: () => T | undefined, what: string, options: WaitOptions): Promise<T>;
  /**
   * Resolves with the match of the first line of `stream` (already printed or still to come) that
   * matches `pattern`. Rejects when the process exits first or `timeoutMs` passes.
   */
  waitForLine(pattern: RegExp, stream: Stream, options: WaitOptions): Promise<RegExpExecArray>;
  /** Resolves with the exit (at once if it already happened); rejects after `timeoutMs`, or if the spawn failed. */
  exited(options: WaitOptions): Promise<Exit>;
  /** Sends `signal` and returns at once (to the process group when started `detached`). */
  kill(signal: NodeJS.Signals): void;
  /** Sends `signal` (default SIGTERM), SIGKILL after `graceMs` (default 5 s), and awaits the exit. */
  stop(options?: StopOptions): Promise<Exit>;
}

const OUTPUT_TAIL = 64 * 1024;
const STREAM_TAIL = 8 * 1024 * 1024;

/** Every process started here that has not exited, with its SIGKILL: sent when the test process exits, even abnormally. */
const live = new Map<TestProcess, () => void>();
let exitHookInstalled = false;

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function describeExit(exit: Exit): string {
  return exit.signal !== null ? `killed by ${exit.signal}` : `exit code ${String(exit.code)}`;
}

export function startProcess(name: string, command: string, args: readonly string[], options: StartOptions = {}): TestProcess {
  const spawnOptions: SpawnOptions = { stdio: ['ignore', 'pipe', 'pipe'], detached: options.detached ?? false };
  if (options.cwd !== undefined) spawnOptions.cwd = options.cwd;
  if (options.env !== undefined) spawnOptions.env = options.env;
  const child = spawn(command, [...args], spawnOptions);
  const texts: Record<Stream, string> = { stdout: '', stderr: '' };
  let output = '';
  let exit: Exit | undefined;
  let spawnError: Error | undefined;
  const listeners = new Set<() => void>();
  const notify = (): void => {
    for (const listener of [...listeners]) listener();
  };

  for (const stream of ['stdout', 'stderr'] as const) {
    child[stream]?.setEncoding('utf8');
    child[stream]?.on('data', (chunk: string) => {
      texts[stream] = (texts[stream] + chunk).slice(-STREAM_TAIL);
      output = (output + chunk).slice(-OUTPUT_TAIL);
      notify();
    });
  }
  const record = (ended: Exit): void => {
    if (exit !== undefined) return;
    exit = ended;
    live.delete(handle);
    notify();
  };
  // The exit counts once the output is all read ('close': both pipes ended), so a test reading the
  // output after the exit sees all of it; a grandchild still holding the pipes delays that by 2 s at most.
  let drain: NodeJS.Timeout | undefined;
  child.once('exit', (code, signal) => {
    drain = setTimeout(() => record({ code, signal }), 2000);
  });
  child.once('close', (code: number | null, signal: NodeJS.Signals | null) => {
    clearTimeout(drain);
    record({ code, signal });
  });
  child.on('error', (error) => {
    output = (output + `\n[${name}] ${error.message}\n`).slice(-OUTPUT_TAIL);
    // No pid: spawning failed (ENOENT...) and there will be no 'exit'. (With a pid, a signal failed.)
    if (child.pid !== undefined) return;
    spawnError = error;
    record({ code: null, signal: null });
  });

  const label = (): string => `${name}${child.pid === undefined ? '' : ` (pid ${child.pid})`}`;
  const soFar = (): string => `; output so far:\n${output === '' ? '(none)' : output}`;
  const ended = (): string => (spawnError !== undefined ? `failed to start: ${spawnError.message}` : `exited (${describeExit(exit!)})`);

  /** Resolves when `check` returns a value; rejects at exit or timeout, saying what was awaited. */
  function until<T>(check: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const settle = (): void => {
        const value = check();
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (exit !== undefined) {
          done();
          reject(new Error(`${label()} ${ended()} while waiting for ${what}${soFar()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${seconds(timeoutMs)} waiting for ${what} of ${label()}${soFar()}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        listeners.delete(settle);
      };
      listeners.add(settle);
      settle();
    });
  }

  const handle: TestProcess = {
    name,
    child,
    get running() {
      return exit === undefined;
    },
    get exit() {
      return exit;
    },
    output: () => output,
    text: (stream) => texts[stream],
    waitFor: (check, what, { timeoutMs }) => until(check, what, timeoutMs),
    waitForLine(pattern, stream, { timeoutMs }) {
      const linePattern = new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, ''));
      return until(
        () => {
          // Complete lines only: a banner split across chunks is matched once whole.
          const lines = texts[stream].split('\n');
          lines.pop();
          for (const line of lines) {
            const m = linePattern.exec(line.replace(/\r$/, ''));
            if (m !== null) return m;
          }
          return undefined;
        },
        `a line matching ${String(pattern)} on ${stream}`,
        timeoutMs,
      );
    },
    exited({ timeoutMs }) {
      if (spawnError !== undefined) return Promise.reject(new Error(`${label()} ${ended()}`));
      if (exit !== undefined) return Promise.resolve(exit);
      return new Promise<Exit>((resolve, reject) => {
        const settle = (): void => {
          if (exit === undefined) return;
          clearTimeout(timer);
          listeners.delete(settle);
          if (spawnError !== undefined) reject(new Error(`${label()} ${ended()}`));
          else resolve(exit);
        };
        const timer = setTimeout(() => {
          listeners.delete(settle);
          reject(new Error(`timed out after ${seconds(timeoutMs)} waiting for ${label()} to exit${soFar()}`));
        }, timeoutMs);
        listeners.add(settle);
      });
    },
    kill(signal) {
      send(signal);
    },
    async stop({ signal = 'SIGTERM', graceMs = 5000 } = {}) {
      if (exit === undefined) {
        send(signal);
        try {
          await handle.exited({ timeoutMs: graceMs });
        } catch {
          send('SIGKILL');
          await handle.exited({ timeoutMs: 10_000 });
        }
      }
      // A group's leader can go first (npm); what it started must not outlive the test.
      if (options.detached === true && spawnError === undefined) send('SIGKILL');
      return exit!;
    },
  };

  function send(signal: NodeJS.Signals): void {
    try {
      if (options.detached === true && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // Already gone between the check and the signal.
    }
  }

  live.set(handle, () => send('SIGKILL'));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const kill of live.values()) kill();
    });
  }
  return handle;
}

/** Stops every process given (SIGTERM, then SIGKILL), for `afterEach`/`afterAll`; empties the list. */
export async function stopAll(processes: TestProcess[], options?: StopOptions): Promise<void> {
  await Promise.all(processes.splice(0).map((p) => p.stop(options)));
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  json<T>(): T;
}

/**
 * One HTTP exchange, body included, that cannot hang: rejects after `timeoutMs` (default 30 s)
 * with a message naming the request. A keep-alive socket to a process that dies mid-request
 * normally fails at once; this bounds it anyway.
 */
export async function request(url: string, init: RequestInit & { readonly timeoutMs?: number } = {}): Promise<Answer> {
  const { timeoutMs = 30_000, ...rest } = init;
  try {
    const response = await fetch(url, { ...rest, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text, json: <T>() => JSON.parse(text) as T };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new Error(`timed out after ${seconds(timeoutMs)} waiting for the answer to ${rest.method ?? 'GET'} ${url}`, { cause: error });
    }
    throw error;
  }
}

/** POST /alignments of `xml` (an upload, as a client sends it). */
export function uploadAlignment(url: string, xml: string, timeoutMs = 30_000): Promise<Answer> {
  return request(`${url}/alignments`, { method: 'POST', body: xml, headers: { 'content-type': 'application/xml' }, timeoutMs });
}

/** The first line `mediator serve` prints on stderr once it listens (cli.ts). */
export const MEDIATOR_BANNER = /^Mediator API:\s+(http:\/\/\S+?)\/?$/;

export interface ServedMediator {
  /** Base URL without the trailing slash, e.g. http://127.0.0.1:41234 */
  readonly url: string;
  readonly process: TestProcess;
}

/**
 * `node <cliJs> serve --port 0 --data <dataDir> ...args`, resolved once it printed its URL.
 * The caller owns the process (stop it, or pass it to `stopAll`), also when this rejects.
 */
export async function startMediatorServe(
  cliJs: string,
  dataDir: string,
  options: {
    readonly args?: readonly string[];
    readonly timeoutMs?: number;
    readonly cwd?: string;
    readonly started?: TestProcess[];
    /** Variables added to this process's environment. */
    readonly env?: NodeJS.ProcessEnv;
  } = {},
): Promise<ServedMediator> {
  const proc = startProcess(
    'mediator serve',
    process.execPath,
    [cliJs, 'serve', '--port', '0', '--data', dataDir, ...(options.args ?? ['--log-level', 'warn'])],
    {
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
      ...(options.env === undefined ? {} : { env: { ...process.env, ...options.env } }),
    },
  );
  options.started?.push(proc);
  const banner = await proc.waitForLine(MEDIATOR_BANNER, 'stderr', { timeoutMs: options.timeoutMs ?? 20_000 });
  return { url: banner[1]!, process: proc };
}
