/**
 * Step 4 of bridge installation (seed 1.5.4; the lines are BridgeContext's, spec C.4): reads the
 * middleware's start-up log and reports which bridges were registered for which platform types.
 *
 * Messages are found anywhere in a line, so whatever precedes them (log4j's `HH:mm:ss.SSS [thread]
 * LEVEL location - `, a date, `docker logs` prefixes, colour codes) does not matter, and lines of
 * other threads in between are skipped. When the log holds several start-ups (a restart appends to
 * the file), the last one is reported.
 */
import type { CheckProblem } from './version-check.js';

export interface RegisteredBridge {
  readonly class: string;
  readonly platformType: string;
  /** 1-based line of the registration message. */
  readonly line: number;
}

export interface LogCheckResult {
  /** `Registering bridges...` was found. */
  readonly started: boolean;
  readonly bridges: readonly RegisteredBridge[];
  /** `Bridge registration has finished successfully.` was found after it. */
  readonly finished: boolean;
  /** Expected platform types that no bridge was registered for. */
  readonly missing: readonly string[];
  readonly problems: readonly CheckProblem[];
}

/*
 * Every message is found in linear time, whatever the line (CONTRACT.md, Safety: regular expressions
 * run over uploaded text are bounded). An unanchored pattern with `(.*)\]` or `([^']*)'` rescans to
 * the end of the line from every place its prefix occurs: a 720 KB log of such prefixes took 12 s.
 * So the fixed text of each message is found with indexOf, and what follows it is read with a
 * sticky (anchored) pattern or by hand, never rescanning from each start position.
 */
const STARTED = 'Registering bridges...';
const FINISHED = 'Bridge registration has finished successfully.';
// `class ` is tolerated before the name (a Class printed with toString instead of getName).
const REGISTERED = { prefix: 'Bridge', rest: /Bridge\s+(?:class\s+)?(\S+)\s+for platform type\s+(\S+)\s+has been registered\./y };
const FOUND = { prefix: 'Following bridges have been found:', open: /\s*\[/y };
const CONTEXT_FAILED = { prefix: 'Failed to initialize Bridge context:', space: /\s*/y };
const NO_BRIDGE = { prefix: 'No bridge is registered for platform type', space: /\s+/y };
const CONFIG_MISSING = { prefix: "Configuration file '", suffix: "' does not exist." };
/** ANSI colour codes (`docker logs` of a console appender with colours): matching ESC is the point. */
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;
const WHITESPACE = /\s/;

/** The first match of `sticky` at an occurrence of its fixed `prefix` in `line`. */
function matchAt(line: string, prefix: string, sticky: RegExp): RegExpExecArray | null {
  for (let i = line.indexOf(prefix); i >= 0; i = line.indexOf(prefix, i + 1)) {
    sticky.lastIndex = i;
    const found = sticky.exec(line);
    if (found !== null) return found;
  }
  return null;
}

/** `Following bridges have been found: [list]`: the list up to the line's last `]`. */
function foundList(line: string): string | undefined {
  const close = line.lastIndexOf(']');
  if (close < 0) return undefined;
  for (let i = line.indexOf(FOUND.prefix); i >= 0 && i < close; i = line.indexOf(FOUND.prefix, i + 1)) {
    FOUND.open.lastIndex = i + FOUND.prefix.length;
    if (FOUND.open.exec(line) !== null && FOUND.open.lastIndex <= close) return line.slice(FOUND.open.lastIndex, close);
  }
  return undefined;
}

/** `Failed to initialize Bridge context: reason`: the rest of the line. */
function contextFailure(line: string): string | undefined {
  const i = line.indexOf(CONTEXT_FAILED.prefix);
  if (i < 0) return undefined;
  CONTEXT_FAILED.space.lastIndex = i + CONTEXT_FAILED.prefix.length;
  CONTEXT_FAILED.space.exec(line);
  return line.slice(CONTEXT_FAILED.space.lastIndex);
}

/** `No bridge is registered for platform type <type>.` at the end of the line: the type. */
function noBridgeType(line: string): string | undefined {
  // The type runs to the end of the line, so only the last occurrence can be the message.
  const i = line.lastIndexOf(NO_BRIDGE.prefix);
  if (i < 0) return undefined;
  NO_BRIDGE.space.lastIndex = i + NO_BRIDGE.prefix.length;
  if (NO_BRIDGE.space.exec(line) === null) return undefined;
  const rest = line.slice(NO_BRIDGE.space.lastIndex).trimEnd();
  for (let k = 0; k < rest.length; k++) if (WHITESPACE.test(rest.charAt(k))) return undefined;
  if (rest === '') return undefined;
  // One trailing full stop is the sentence's, not the type's.
  return rest.length > 1 && rest.endsWith('.') ? rest.slice(0, -1) : rest;
}

/** `Configuration file '<path>' does not exist.`: the path (up to the first quote after the opening one). */
function missingConfiguration(line: string): string | undefined {
  for (let i = line.indexOf(CONFIG_MISSING.prefix); i >= 0; i = line.indexOf(CONFIG_MISSING.prefix, i + 1)) {
    const from = i + CONFIG_MISSING.prefix.length;
    const quote = line.indexOf("'", from);
    // No quote after this occurrence means none after any later one either.
    if (quote < 0) return undefined;
    if (line.startsWith(CONFIG_MISSING.suffix, quote)) return line.slice(from, quote);
  }
  return undefined;
}

/** `class a.B, class c.D` (Java's Set.toString of classes) -> `a.B`, `c.D`. */
function foundClasses(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim().replace(/^class\s+/, ''))
    .filter((s) => s !== '');
}

/** Splits on every line end: \r\n, \n, or a lone \r. */
function logLines(text: string): string[] {
  return text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
}

/** What a line reports as gone wrong: the context's failure, a platform without a bridge, a missing configuration file. */
function failureOf(line: string): string | undefined {
  const failed = contextFailure(line);
  if (failed !== undefined) return `The bridge context failed to initialise: ${failed}`.trim();
  const noBridge = noBridgeType(line);
  if (noBridge !== undefined) return `A platform of type ${noBridge} was registered, but no bridge is registered for that type`;
  const config = missingConfiguration(line);
  if (config !== undefined) return `The bridge configuration file ${config} does not exist: copy it into the configuration folder (step 3)`;
  return undefined;
}

export function checkStartupLog(text: string, expectedPlatformTypes: readonly string[] = []): LogCheckResult {
  const lines = logLines(text).map((l) => l.replace(ANSI, ''));
  // The last start-up: from the last `Registering bridges...` on.
  let start = -1;
  for (let i = 0; i < lines.length; i++) if ((lines[i] ?? '').includes(STARTED)) start = i;
  const problems: CheckProblem[] = [];
  const bridges: RegisteredBridge[] = [];
  let finishedAt = -1;
  let found: { classes: string[]; line: number } | undefined;

  if (start < 0) {
    problems.push({ message: 'No "Registering bridges..." line: this is not the middleware\'s start-up log, or bridge registration never started' });
    // Registrations without a start line are still reported, so the user sees what is there.
  }
  for (let i = Math.max(0, start); i < lines.length; i++) {
    const line = lines[i] ?? '';
    const n = i + 1;
    const registered = matchAt(line, REGISTERED.prefix, REGISTERED.rest);
    if (registered?.[1] !== undefined && registered[2] !== undefined) {
      if (finishedAt >= 0)
        problems.push({ line: n, message: `Bridge ${registered[1]} was registered after registration had finished (line ${finishedAt + 1})` });
      const twice = bridges.find((b) => b.platformType === registered[2]);
      if (twice !== undefined) {
        problems.push({
          line: n,
          message: `Platform type ${registered[2]} is registered twice (also by ${twice.class} on line ${twice.line}): one bridge replaces the other`,
        });
      }
      bridges.push({ class: registered[1], platformType: registered[2], line: n });
      continue;
    }
    if (line.includes(FINISHED)) {
      if (finishedAt < 0) finishedAt = i;
      continue;
    }
    const list = foundList(line);
    if (list !== undefined) {
      found = { classes: foundClasses(list), line: n };
      continue;
    }
    const message = failureOf(line);
    if (message !== undefined) problems.push({ line: n, message });
  }
  const started = start >= 0;
  const finished = started && finishedAt >= 0;
  if (started && !finished) {
    const last = bridges.at(-1)?.line ?? start + 1;
    problems.push({
      line: last,
      message: 'No "Bridge registration has finished successfully." line after it: registration did not finish (look for an error after this line)',
    });
  }
  if (found !== undefined) {
    for (const cls of found.classes) {
      if (!bridges.some((b) => b.class === cls))
        problems.push({ line: found.line, message: `Bridge ${cls} was found but not registered for any platform type` });
    }
  }
  if (started && bridges.length === 0 && expectedPlatformTypes.length === 0) {
    problems.push({
      line: start + 1,
      message: 'No bridge was registered: is the bridge jar in the library folder, and its package under scan-packages (default eu)?',
    });
  }
  const missing = expectedPlatformTypes
    .map((t) => t.trim())
    .filter((t, i, all) => t !== '' && all.indexOf(t) === i && !bridges.some((b) => b.platformType === t));
  return { started, bridges, finished, missing, problems };
}
