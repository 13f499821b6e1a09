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

const STARTED = /Registering bridges\.\.\./;
// `class ` is tolerated before the name (a Class printed with toString instead of getName).
const REGISTERED = /Bridge\s+(?:class\s+)?(\S+)\s+for platform type\s+(\S+)\s+has been registered\./;
const FINISHED = /Bridge registration has finished successfully\./;
const FOUND = /Following bridges have been found:\s*\[(.*)\]/;
const CONTEXT_FAILED = /Failed to initialize Bridge context:\s*(.*)$/;
const NO_BRIDGE = /No bridge is registered for platform type\s+(\S+?)\.?\s*$/;
const CONFIG_MISSING = /Configuration file '([^']*)' does not exist\./;
/** ANSI colour codes (`docker logs` of a console appender with colours): matching ESC is the point. */
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

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

export function checkStartupLog(text: string, expectedPlatformTypes: readonly string[] = []): LogCheckResult {
  const lines = logLines(text).map((l) => l.replace(ANSI, ''));
  // The last start-up: from the last `Registering bridges...` on.
  let start = -1;
  for (let i = 0; i < lines.length; i++) if (STARTED.test(lines[i] ?? '')) start = i;
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
    const registered = REGISTERED.exec(line);
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
    if (FINISHED.test(line)) {
      if (finishedAt < 0) finishedAt = i;
      continue;
    }
    const foundList = FOUND.exec(line);
    if (foundList?.[1] !== undefined) {
      found = { classes: foundClasses(foundList[1]), line: n };
      continue;
    }
    const failed = CONTEXT_FAILED.exec(line);
    if (failed !== null) {
      problems.push({ line: n, message: `The bridge context failed to initialise: ${failed[1] ?? ''}`.trim() });
      continue;
    }
    const noBridge = NO_BRIDGE.exec(line);
    if (noBridge?.[1] !== undefined) {
      problems.push({ line: n, message: `A platform of type ${noBridge[1]} was registered, but no bridge is registered for that type` });
      continue;
    }
    const config = CONFIG_MISSING.exec(line);
    if (config?.[1] !== undefined) {
      problems.push({ line: n, message: `The bridge configuration file ${config[1]} does not exist: copy it into the configuration folder (step 3)` });
    }
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
