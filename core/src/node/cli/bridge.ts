/**
 * `mediator bridge check-version|copy-commands|check-log` (issue 15): thin wrappers over
 * core/common/bridge-assistant. `--json` prints the result object; exit 0 when the check passes, 1 when it
 * fails (or the input cannot be read), 2 on usage errors.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  BRIDGE_API_ARTIFACT_ID,
  BRIDGE_API_GROUP_ID,
  checkBridgeVersion,
  checkStartupLog,
  generateCopyCommands,
  jarNamesIn,
  ParseError,
  readPom,
  type CheckProblem,
} from '../../common/index.js';
import { readMiddlewareVersion } from '../bridge-assistant/middleware-version.js';
import { parseCommandArgs, readInputText, UsageError, type CliIo } from './io.js';

export const BRIDGE_USAGE = `  mediator bridge check-version --pom pom.xml [--parent-pom ../pom.xml]
                (--middleware 2.5.0 | --middleware-url http://host:8080) [--json]
  mediator bridge check-version --bridge-api 2.5.0 --middleware 2.5.0 [--json]
      Step 1 of installing a bridge: its eu.interiot.intermw:mw.bridges.api version, resolved from
      the POM (\${...} properties, parent version; the parent POM at <relativePath> is read when
      present), must equal the middleware's. Exit 1 when they differ or cannot be told.
  mediator bridge copy-commands --container NAME --jar BRIDGE.jar [--dep X.jar ...]
                [--config FILE] [--shipped LIB-LIST.txt] [--bridge-class CLASS] [--json]
      Steps 2-4: the docker cp commands (one per line), the check that lists the copied jars and
      the restart; jars the middleware ships (the bridge API, mw.*, those in --shipped, e.g. the
      output of docker exec NAME ls -l .../WEB-INF/lib) are printed as "# do not copy" comments.
  mediator bridge check-log LOG.txt [--expect PLATFORM_TYPE_URI ...] [--json]
      Step 4: the bridges registered in the middleware's start-up log (- for stdin). Exit 1 when
      registration did not start or finish, an expected type is missing, or a problem was found.
`;

/** Usage errors of the bridge verbs name `mediator bridge`. */
const USAGE = { prefix: 'mediator bridge' };

class BridgeUsageError extends UsageError {
  constructor(message: string) {
    super(message, USAGE);
  }
}

const readText = readInputText;

const where = (file: string, problem: CheckProblem) => `${file}${problem.line === undefined ? '' : `:${problem.line}`}: ${problem.message}\n`;

/**
 * The parent POM Maven would read: `<relativePath>` (default `../pom.xml`; a folder means its
 * pom.xml) from the POM's folder, when it exists and is the parent the POM names.
 */
async function findParentPom(pomPath: string, pomText: string): Promise<{ path: string; text: string } | undefined> {
  let model;
  try {
    model = readPom(pomText, pomPath);
  } catch {
    return undefined; // the check itself reports the POM's error
  }
  if (model.parent === undefined || model.parent.relativePath === '') return undefined;
  let candidate = join(dirname(pomPath), model.parent.relativePath ?? '../pom.xml');
  if (existsSync(candidate) && statSync(candidate).isDirectory()) candidate = join(candidate, 'pom.xml');
  if (!existsSync(candidate)) return undefined;
  const text = await readFile(candidate, 'utf8');
  try {
    const parent = readPom(text, candidate);
    if (parent.artifactId !== model.parent.artifactId || (parent.groupId ?? parent.parent?.groupId) !== model.parent.groupId) return undefined;
  } catch {
    return undefined;
  }
  return { path: candidate, text };
}

/** Bounds the walk up the parents (Maven itself refuses cycles; this just stops). */
const MAX_ANCESTORS = 8;

/** The parents of `from` beyond it, nearest first, as far as they are found on disk. */
async function findAncestors(from: { path: string; text: string }): Promise<Array<{ path: string; text: string }>> {
  const out: Array<{ path: string; text: string }> = [];
  let current = from;
  while (out.length < MAX_ANCESTORS) {
    const next = await findParentPom(current.path, current.text);
    if (next === undefined || next.path === current.path || out.some((a) => a.path === next.path)) break;
    out.push(next);
    current = next;
  }
  return out;
}

async function checkVersionCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    {
      args,
      allowPositionals: true,
      options: {
        pom: { type: 'string' },
        'parent-pom': { type: 'string' },
        'bridge-api': { type: 'string' },
        middleware: { type: 'string' },
        'middleware-url': { type: 'string' },
        json: { type: 'boolean' },
      },
    },
    USAGE,
  );
  if (positionals.length > 0) throw new BridgeUsageError('check-version takes no positional arguments (use --pom FILE)');
  if (values.pom === undefined && values['bridge-api'] === undefined) throw new BridgeUsageError('give --pom pom.xml or --bridge-api VERSION');
  if (values.middleware !== undefined && values['middleware-url'] !== undefined) throw new BridgeUsageError('give --middleware or --middleware-url, not both');
  if ((values.middleware ?? '').trim() === '' && values['middleware-url'] === undefined) {
    throw new BridgeUsageError('give the middleware version: --middleware 2.5.0 (see docker ps) or --middleware-url http://host:8080');
  }
  let middlewareVersion = values.middleware ?? '';
  if (values['middleware-url'] !== undefined) middlewareVersion = (await readMiddlewareVersion(values['middleware-url'])).version;

  const pomPath = values.pom;
  const pom = pomPath === undefined ? undefined : await readText(pomPath, io);
  const parent =
    values['parent-pom'] !== undefined
      ? { path: values['parent-pom'], text: await readText(values['parent-pom'], io) }
      : pomPath !== undefined && pomPath !== '-' && pom !== undefined
        ? await findParentPom(pomPath, pom)
        : undefined;
  const pomName = pomPath === undefined || pomPath === '-' ? 'pom.xml' : pomPath;
  const ancestors = parent === undefined || parent.path === '-' ? [] : await findAncestors(parent);
  let result;
  try {
    result = checkBridgeVersion({
      pom,
      pomSource: pomName,
      parentPom: parent?.text,
      parentPomSource: parent?.path,
      ancestorPoms: ancestors.map((a) => ({ text: a.text, source: a.path })),
      bridgeApiVersion: values['bridge-api'],
      middlewareVersion,
    });
  } catch (error) {
    if (!(error instanceof ParseError) || values.json !== true) throw error;
    const problem = { ...(error.line === undefined ? {} : { line: error.line }), message: error.message };
    io.stdout(`${JSON.stringify({ bridgeApiVersion: null, middlewareVersion: middlewareVersion.trim(), ok: false, problems: [problem] }, null, 2)}\n`);
    return 1;
  }
  if (values.json === true) {
    const { bridgeApiVersion, ok, problems } = result;
    io.stdout(`${JSON.stringify({ bridgeApiVersion, middlewareVersion: result.middlewareVersion, ok, problems }, null, 2)}\n`);
  } else {
    const dep = result.dependency;
    const from = dep === undefined ? '' : ` (${dep.source}${dep.line === undefined ? '' : `:${dep.line}`}: ${dep.declaredVersion})`;
    io.stdout(`bridge API ${BRIDGE_API_GROUP_ID}:${BRIDGE_API_ARTIFACT_ID}: ${result.bridgeApiVersion ?? 'unknown'}${from}\n`);
    io.stdout(`middleware: ${result.middlewareVersion}\n`);
    if (parent !== undefined) io.stdout(`parent POM: ${[parent, ...ancestors].map((p) => p.path).join(' -> ')}\n`);
    for (const p of result.problems) io.stderr(where(pomName, p));
    io.stdout(result.ok ? 'OK: the versions are equal\n' : 'FAILED: see the problems above\n');
  }
  return result.ok ? 0 : 1;
}

async function copyCommandsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    {
      args,
      allowPositionals: true,
      options: {
        container: { type: 'string' },
        jar: { type: 'string' },
        dep: { type: 'string', multiple: true },
        config: { type: 'string' },
        shipped: { type: 'string' },
        'bridge-class': { type: 'string' },
        json: { type: 'boolean' },
      },
    },
    USAGE,
  );
  if (positionals.length > 0) throw new BridgeUsageError('copy-commands takes no positional arguments (use --jar and --dep)');
  if ((values.container ?? '').trim() === '') throw new BridgeUsageError('--container NAME is required (the middleware container, see docker ps)');
  if ((values.jar ?? '').trim() === '') throw new BridgeUsageError('--jar BRIDGE.jar is required');
  const shipped = values.shipped === undefined ? undefined : jarNamesIn(await readText(values.shipped, io));
  const result = generateCopyCommands({
    container: values.container ?? '',
    jar: values.jar ?? '',
    dependencies: values.dep,
    config: values.config,
    shipped,
    bridgeClass: values['bridge-class'],
  });
  if (values.json === true) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    io.stdout(result.script.map((line) => `${line}\n`).join(''));
    for (const note of result.notes) io.stderr(`note: ${note}\n`);
    for (const p of result.problems) io.stderr(`error: ${p.message}\n`);
  }
  return result.problems.length === 0 ? 0 : 1;
}

async function checkLogCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    {
      args,
      allowPositionals: true,
      options: { expect: { type: 'string', multiple: true }, json: { type: 'boolean' } },
    },
    USAGE,
  );
  if (positionals.length !== 1 || positionals[0] === undefined) throw new BridgeUsageError('check-log takes one log file (or - for stdin)');
  const file = positionals[0];
  const result = checkStartupLog(await readText(file, io), values.expect ?? []);
  const ok = result.started && result.finished && result.missing.length === 0 && result.problems.length === 0;
  if (values.json === true) {
    io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    io.stdout(`registration started: ${result.started ? 'yes' : 'no'}\n`);
    for (const b of result.bridges) io.stdout(`${file}:${b.line}: registered ${b.class} for ${b.platformType}\n`);
    io.stdout(`registration finished successfully: ${result.finished ? 'yes' : 'no'}\n`);
    for (const m of result.missing) io.stdout(`missing: no bridge registered for ${m}\n`);
    for (const p of result.problems) io.stderr(where(file, p));
    io.stdout(ok ? 'OK\n' : 'FAILED\n');
  }
  return ok ? 0 : 1;
}

/** Runs `mediator bridge ...`; returns the exit code. Errors, usage errors too, are the CLI's handler's to report. */
export async function runBridgeCli(args: readonly string[], io: CliIo): Promise<number> {
  const [verb, ...rest] = args;
  switch (verb) {
    case 'check-version':
      return await checkVersionCommand(rest, io);
    case 'copy-commands':
      return await copyCommandsCommand(rest, io);
    case 'check-log':
      return await checkLogCommand(rest, io);
    case undefined:
    case 'help':
    case '--help':
      io.stdout(`Usage:\n${BRIDGE_USAGE}`);
      return verb === undefined ? 2 : 0;
    default:
      throw new BridgeUsageError(`unknown bridge command "${verb}" (check-version, copy-commands, check-log)`);
  }
}
