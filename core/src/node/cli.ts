#!/usr/bin/env node
/**
 * The `mediator` command line: a thin wrapper over the core library (STYLE.md: the CLI never
 * holds logic of its own). Exit codes: 0 success, 1 the input has errors, 2 usage error.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  analyzeAlignment,
  compileAlignment,
  formatProblem,
  MediatorError,
  ParseError,
  platformTopics,
  ValidationError,
  translateMessage,
  type CompiledAlignment,
  type StepTrace,
} from '../common/index.js';
import { runBench } from './bench.js';
import { diffCommand, DIFF_USAGE } from './cli-diff.js';
import { suggestCommand, SUGGEST_USAGE } from './cli-suggest.js';
import { API_DIFF_USAGE, apiDiffCommand } from './cli-api-diff.js';
import { BRIDGE_USAGE, runBridgeCli } from './bridge/bridge-cli.js';
import { testCommand } from './testing/test-command.js';
import { coverageCommand } from './testing/coverage-command.js';
import { startServer, isLoopbackBind, DEFAULT_HOST, DEFAULT_PORT } from './server/start-server.js';
import { parseAllowedHosts } from './server/access-guard.js';
import { loadOrCreateToken, MIN_TOKEN_LENGTH } from './server/api-token.js';
import { corsOriginProblem } from './server/cors-origins.js';
import { fleetNameProblem } from './fleet/fleet-name.js';
import { defaultDataDir } from './store/sqlite-store.js';
import { VERSION } from './version.js';
import { readInputText } from './cli-input.js';

export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => Promise<string>;
}

const USAGE = `mediator ${VERSION}: semantic mediator for IPSM-AF alignments and INTER-IoT JSON-LD messages

Usage:
  mediator translate -a ALIGN.rdf [-a ALIGN2.rdf ...] MESSAGE.json [--trace] [--compact]
      Translate MESSAGE.json (or - for stdin) through the alignments, in order; the translated
      message goes to stdout, the per-step trace (--trace) to stderr.
  mediator validate ALIGN.rdf [ALIGN2.rdf ...] [--json]
      Print every problem with line and column; exit 1 if any is an error.
  mediator compile ALIGN.rdf
      Print each cell's SPARQL 1.1 Update in step order.
${DIFF_USAGE}${SUGGEST_USAGE}  mediator bench -a ALIGN.rdf [-a ...] MESSAGE.json [--seconds N]
      Measure translation throughput; prints one JSON line with messagesPerSecond, p50Ms, p99Ms
      and floorMessagesPerSecond (JSON-LD parse + serialise of the same message alone).
  mediator test SUITE_DIR [-a ALIGN.rdf ...] [--junit FILE] [--json]
      Run an alignment test suite folder (one folder per case: case.json, input.json,
      expected-payload.nt) against the alignment files (default SUITE_DIR/alignments/*.rdf);
      prints a table, writes JUnit XML with --junit, exits 1 when any case fails.
  mediator coverage -a ALIGN.rdf [-a ...] MESSAGES... [--json]
      How often each cell fired over the messages (files, or folders of *.json), and the
      cells that never fired.
  mediator serve [--host 127.0.0.1] [--port 8888] [--data DIR] [--body-limit BYTES]
                [--cors ORIGIN ...] [--log-level info]
                [--transport embedded|nats|kafka|mqtt] [--broker URL] [--store sqlite|nats] [--fleet NAME]
                [--nats URL] [--kafka HOST:PORT,...] [--mqtt mqtt://[USER:PASS@]HOST:PORT]
                [--mqtt-retain] [--mqtt-max-message-bytes N] [--mqtt-ca FILE] [--mqtt-cert FILE] [--mqtt-key FILE]
                [--translation-workers N] [--allowed-host NAME[:PORT] ...] [--token TOKEN | --no-auth]
      Start the REST server (Swagger UI at /swagger/). Data defaults to the per-user
      application data folder. Stops cleanly on Ctrl-C.
      --store (or MEDIATOR_STORE): where alignments and channels are kept: sqlite (the data
      folder; the default) or nats (JetStream buckets shared by every process of a fleet; the
      default with --transport nats).
      --nats, --kafka, --mqtt (or MEDIATOR_NATS, MEDIATOR_KAFKA, MEDIATOR_MQTT): brokers to run
      channels on, several at once; the embedded bus is always there. A channel's chanType (two
      letters, source then sink: E embedded, N NATS, K Kafka, M MQTT) picks its ends, e.g. "MN"
      consumes from MQTT and publishes to NATS; without one it uses the default transport:
      --transport, else the one broker given, else the first given, else the embedded bus.
      --mqtt-retain publishes outputs with the retain flag; --mqtt-max-message-bytes (default
      8 MiB) dead-letters larger source messages; mqtts:// with --mqtt-ca/--mqtt-cert/--mqtt-key
      (PEM files) for TLS.
      --fleet (or MEDIATOR_FLEET): with --transport nats, the fleet's name (letters, digits,
      "-"): its buckets, streams and subjects are kept apart from other fleets' on the same NATS.
      --translation-workers: worker threads for POST /translation (default 1 when the machine
      has more than one core, else 0 = on the event loop).
      --allowed-host: a Host name to answer to besides localhost, 127.0.0.1, [::1] and the
      address reached (e.g. behind a reverse proxy); other Host headers get 421.
      --cors takes exact http(s) origins (not * or null). --token (or MEDIATOR_TOKEN, at
      least 16 characters): every request but the UI files needs
      "Authorization: Bearer TOKEN". Listening beyond loopback (--host 0.0.0.0) needs a token:
      one is generated, printed once and kept in DATA/api-token, unless --no-auth is given.
  mediator platform-channels --platform ID [--server URL] [--token TOKEN] [--inp NAME@VERSION]
                [--out NAME@VERSION] [--ipsm] [--parallelism N] [--dry-run]
      Create a platform's downstream and upstream channels on a running server (topic names
      from the seed: mw-mediator-downstream-<id> ...); --dry-run only prints the topic names.
${API_DIFF_USAGE}${BRIDGE_USAGE}  mediator help | --help      This text.
  mediator --version          The version.
`;

class UsageError extends Error {}

/** A broker address for the banner: a password in it is not printed. */
function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@');
}

/** The commands `mediator help` lists; each answers `--help` / `-h` with its own part of the usage. */
export const COMMANDS = [
  'translate',
  'validate',
  'compile',
  'diff',
  'suggest',
  'bench',
  'test',
  'coverage',
  'serve',
  'platform-channels',
  'api-diff',
  'bridge',
  'help',
  'version',
] as const;

/**
 * The usage of one command: the blocks of USAGE that start with "  mediator COMMAND", each up to
 * the next command's line. Read from the one usage text, so the two never disagree.
 */
export function commandUsage(command: string): string {
  const blocks: string[] = [];
  let current: string[] | undefined;
  for (const line of USAGE.split('\n')) {
    const m = /^ {2}mediator ([\w-]+)/.exec(line);
    if (m !== null) {
      current = m[1] === command ? [] : undefined;
      if (current !== undefined) blocks.push('');
    }
    if (current !== undefined && line !== '') blocks[blocks.length - 1] += `${line}\n`;
  }
  return `Usage:\n${blocks.join('')}`;
}

const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

function readText(path: string, io: CliIo): Promise<string> {
  return readInputText(path, io);
}

function withSource(error: unknown, source: string): unknown {
  if (error instanceof ParseError && error.source === undefined) {
    return new ParseError(error.message, { code: error.code, line: error.line, column: error.column, source });
  }
  return error;
}

async function loadAlignments(paths: readonly string[], io: CliIo): Promise<CompiledAlignment[]> {
  const out: CompiledAlignment[] = [];
  for (const path of paths) {
    const text = await readText(path, io);
    try {
      const compiled = await compileAlignment(text, { source: path });
      for (const p of compiled.problems) io.stderr(`${formatProblem(p, path)}\n`);
      out.push(compiled);
    } catch (error) {
      if (error instanceof ValidationError) {
        for (const p of error.problems) io.stderr(`${formatProblem(p, path)}\n`);
        throw new MediatorError(`${path}: the alignment has errors, see above`, error.code);
      }
      throw withSource(error, path);
    }
  }
  return out;
}

function formatTrace(trace: readonly StepTrace[]): string {
  const header = ['alignment', 'step', 'cell', 'before', 'after', 'deleted', 'inserted', 'ms', 'error'];
  const rows = trace.map((t) => [
    t.alignment,
    String(t.step),
    t.cellId,
    String(t.triplesBefore),
    String(t.triplesAfter),
    String(t.deleted),
    String(t.inserted),
    t.ms.toFixed(3),
    t.error ?? (t.notes === undefined ? '' : `note: ${t.notes.join('; ')}`),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return `${[line(header), ...rows.map(line)].join('\n')}\n`;
}

async function translateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, trace: { type: 'boolean' }, compact: { type: 'boolean' } },
  });
  const messagePath = positionals[0];
  if (messagePath === undefined || positionals.length > 1) throw new UsageError('translate takes exactly one MESSAGE.json (or -)');
  const alignments = await loadAlignments(values.alignment ?? [], io);
  const text = await readText(messagePath, io);
  let result;
  try {
    result = await translateMessage(text, alignments, { trace: values.trace === true, pretty: values.compact !== true });
  } catch (error) {
    throw withSource(error, messagePath);
  }
  io.stdout(result.message.endsWith('\n') ? result.message : `${result.message}\n`);
  if (result.emptyPayload) io.stderr('note: the message has no payload graph; it passes through unchanged\n');
  if (values.trace === true && result.trace !== undefined) io.stderr(formatTrace(result.trace));
  for (const f of result.failures) {
    io.stderr(`warning: cell ${f.cellId} (step ${f.step} of ${f.alignment} ${f.version}) failed and was skipped: ${f.error}\n`);
  }
  return 0;
}

async function validateCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { json: { type: 'boolean' } } });
  if (positionals.length === 0) throw new UsageError('validate needs at least one ALIGN.rdf');
  let failed = false;
  const report: Array<{ file: string; valid: boolean; problems: unknown[] }> = [];
  for (const path of positionals) {
    const text = await readText(path, io);
    const result = await analyzeAlignment(text, { source: path });
    const errors = result.problems.filter((p) => p.severity === 'error').length;
    const warnings = result.problems.length - errors;
    if (errors > 0) failed = true;
    if (values.json === true) {
      report.push({ file: path, valid: errors === 0, problems: [...result.problems] });
      continue;
    }
    for (const p of result.problems) io.stdout(`${formatProblem(p, path)}\n`);
    const header = result.alignment?.header;
    const what = header === undefined ? path : `${path} (${header.name} ${header.version}, ${result.alignment?.cells.length ?? 0} cells)`;
    io.stdout(`${what}: ${errors === 0 ? 'valid' : 'INVALID'}, ${errors} error(s), ${warnings} warning(s)\n`);
  }
  if (values.json === true) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  return failed ? 1 : 0;
}

async function compileCommand(args: string[], io: CliIo): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  const path = positionals[0];
  if (path === undefined || positionals.length > 1) throw new UsageError('compile takes exactly one ALIGN.rdf');
  const [compiled] = await loadAlignments([path], io);
  if (compiled === undefined) return 1;
  const total = compiled.steps.length;
  compiled.steps.forEach((c, i) => {
    io.stdout(`#### ${compiled.header.name} ${compiled.header.version} | step ${i + 1}/${total} | cell: ${c.cell.id}\n${c.sparql}\n`);
  });
  return 0;
}

async function benchCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, seconds: { type: 'string' } },
  });
  const messagePath = positionals[0];
  if (messagePath === undefined || positionals.length > 1) throw new UsageError('bench takes exactly one MESSAGE.json');
  const seconds = values.seconds === undefined ? 3 : Number(values.seconds);
  if (!Number.isFinite(seconds) || seconds <= 0) throw new UsageError('--seconds must be a positive number');
  const alignments = await loadAlignments(values.alignment ?? [], io);
  const text = await readText(messagePath, io);
  const result = await runBench(text, alignments, { seconds });
  io.stdout(`${JSON.stringify(result)}\n`);
  return 0;
}

async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals, tokens } = parseArgs({
    args,
    allowPositionals: true,
    tokens: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      'body-limit': { type: 'string' },
      cors: { type: 'string', multiple: true },
      'log-level': { type: 'string' },
      transport: { type: 'string' },
      broker: { type: 'string' },
      nats: { type: 'string' },
      kafka: { type: 'string' },
      mqtt: { type: 'string' },
      'mqtt-retain': { type: 'boolean' },
      'mqtt-max-message-bytes': { type: 'string' },
      'mqtt-ca': { type: 'string' },
      'mqtt-cert': { type: 'string' },
      'mqtt-key': { type: 'string' },
      store: { type: 'string' },
      fleet: { type: 'string' },
      'translation-workers': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      token: { type: 'string' },
      'no-auth': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError('serve takes no positional arguments');
  const allowedHosts =
    values['allowed-host'] ??
    (process.env.MEDIATOR_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== '');
  try {
    parseAllowedHosts(allowedHosts);
  } catch (error) {
    throw new UsageError(`--allowed-host: ${(error as Error).message}`);
  }
  const host = values.host ?? process.env.MEDIATOR_HOST ?? DEFAULT_HOST;
  // An empty value (MEDIATOR_TOKEN= in a unit file) means none.
  let token = values.token || process.env.MEDIATOR_TOKEN || undefined;
  if (token !== undefined && values['no-auth'] === true) throw new UsageError('--token and --no-auth exclude each other');
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) throw new UsageError('--token must be printable ASCII without spaces');
  // A short token is guessed by trying: the generated ones have 43 characters.
  if (token !== undefined && token.length < MIN_TOKEN_LENGTH) {
    throw new UsageError(
      `--token must have at least ${MIN_TOKEN_LENGTH} characters (it has ${token.length}); leave it out on a network bind to have one generated`,
    );
  }
  for (const origin of values.cors ?? []) {
    const problem = corsOriginProblem(origin);
    if (problem !== undefined) throw new UsageError(`--cors: ${problem}`);
  }
  const workersText = values['translation-workers'] ?? process.env.MEDIATOR_TRANSLATION_WORKERS;
  const translationWorkers = workersText === undefined ? (availableParallelism() > 1 ? 1 : 0) : Number(workersText);
  if (!Number.isInteger(translationWorkers) || translationWorkers < 0 || translationWorkers > 64) {
    throw new UsageError('--translation-workers must be an integer from 0 to 64');
  }
  const brokers: { nats?: string; kafka?: string; mqtt?: string } = {};
  for (const kind of ['nats', 'kafka', 'mqtt'] as const) {
    const url = values[kind] ?? (process.env[`MEDIATOR_${kind.toUpperCase()}`] || undefined);
    if (url === '') throw new UsageError(`--${kind} needs the broker's address`);
    if (url !== undefined) brokers[kind] = url;
  }
  if (brokers.mqtt !== undefined && !/^(mqtts?|wss?):\/\/[^/]+/.test(brokers.mqtt)) {
    throw new UsageError('--mqtt takes a URL: mqtt://[USER:PASSWORD@]HOST:PORT (mqtts:// for TLS, ws:// or wss:// for WebSocket)');
  }
  // With several brokers and no --transport, the first given on the command line is the default.
  const firstBroker = tokens.find((t) => t.kind === 'option' && (t.name === 'nats' || t.name === 'kafka' || t.name === 'mqtt'))?.name;
  const givenBrokers = Object.keys(brokers);
  const transportKind = values.transport ?? process.env.MEDIATOR_TRANSPORT ?? firstBroker ?? givenBrokers[0] ?? 'embedded';
  if (transportKind !== 'embedded' && transportKind !== 'nats' && transportKind !== 'kafka' && transportKind !== 'mqtt') {
    throw new UsageError('--transport must be embedded, nats, kafka or mqtt');
  }
  const maxText = values['mqtt-max-message-bytes'];
  const mqttMaxMessageBytes = maxText === undefined ? undefined : Number(maxText);
  if (mqttMaxMessageBytes !== undefined && (!Number.isInteger(mqttMaxMessageBytes) || mqttMaxMessageBytes < 1 || mqttMaxMessageBytes > 268_435_455)) {
    throw new UsageError("--mqtt-max-message-bytes must be an integer from 1 to 268435455 (MQTT's largest packet)");
  }
  const mqttTls: { ca?: string; cert?: string; key?: string } = {};
  for (const [flag, key] of [
    ['mqtt-ca', 'ca'],
    ['mqtt-cert', 'cert'],
    ['mqtt-key', 'key'],
  ] as const) {
    const file = values[flag];
    if (file === undefined) continue;
    try {
      mqttTls[key] = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`--${flag}: cannot read ${file}: ${(error as Error).message}`);
    }
  }
  const mqttOptions = {
    ...(values['mqtt-retain'] === true ? { retain: true } : {}),
    ...(mqttMaxMessageBytes === undefined ? {} : { maxMessageBytes: mqttMaxMessageBytes }),
    ...(Object.keys(mqttTls).length === 0 ? {} : { tls: mqttTls }),
  };
  const brokerUrl = values.broker ?? process.env.MEDIATOR_BROKER;
  const storeKind = values.store ?? process.env.MEDIATOR_STORE ?? (transportKind === 'nats' ? 'nats' : 'sqlite');
  if (storeKind !== 'sqlite' && storeKind !== 'nats') throw new UsageError('--store must be sqlite or nats');
  if (storeKind === 'nats' && transportKind !== 'nats') throw new UsageError('--store nats needs --transport nats (the buckets live on its servers)');
  const fleet = values.fleet ?? (process.env.MEDIATOR_FLEET || undefined);
  if (fleet !== undefined) {
    const problem = fleetNameProblem(fleet);
    if (problem !== undefined) throw new UsageError(`--fleet: ${problem}`);
    if (transportKind !== 'nats') throw new UsageError('--fleet needs --transport nats (it names the fleet on its servers)');
  }
  const port = values.port === undefined ? Number(process.env.MEDIATOR_PORT ?? DEFAULT_PORT) : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be an integer from 0 to 65535');
  const bodyLimit = values['body-limit'] === undefined ? undefined : Number(values['body-limit']);
  if (bodyLimit !== undefined && (!Number.isInteger(bodyLimit) || bodyLimit <= 0)) throw new UsageError('--body-limit must be a positive number of bytes');
  const dataDir = values.data ?? process.env.MEDIATOR_DATA_DIR ?? defaultDataDir();
  let tokenNote = token === undefined ? '' : 'API token:     required (the one given)\n';
  if (token === undefined && values['no-auth'] !== true && !isLoopbackBind(host)) {
    await mkdir(dataDir, { recursive: true });
    const stored = await loadOrCreateToken(dataDir);
    token = stored.token;
    tokenNote = stored.created
      ? `API token:     ${stored.token}\n               (generated and shown once; kept in ${stored.file})\n`
      : `API token:     required; it is in ${stored.file}\n`;
  }
  let server;
  try {
    server = await startServer({
      host,
      port,
      ...(allowedHosts.length === 0 ? {} : { allowedHosts }),
      ...(token === undefined ? {} : { authToken: token }),
      allowNoAuth: values['no-auth'] === true,
      dataDir,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...(values.cors === undefined ? {} : { corsOrigins: values.cors }),
      logLevel: values['log-level'] ?? process.env.MEDIATOR_LOG_LEVEL ?? 'info',
      transport: { kind: transportKind, ...(brokerUrl === undefined ? {} : { url: brokerUrl }) },
      brokers,
      mqtt: mqttOptions,
      store: storeKind,
      ...(fleet === undefined ? {} : { fleet }),
      translationWorkers,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new MediatorError(`port ${port} is already in use (is another mediator running?); choose another with --port`, 'PORT_IN_USE');
    }
    throw error;
  }
  io.stderr(
    `Mediator API:  ${server.url}/\nSwagger UI:    ${server.url}/swagger/\nData folder:   ${dataDir}\nChannels on:   ${transportKind}${brokerUrl === undefined ? (transportKind === 'embedded' ? '' : ` (${redactUrl(brokers[transportKind] ?? 'its default address')})`) : ` (${brokerUrl})`}, the default${Object.entries(
      brokers,
    )
      .filter(([kind]) => kind !== transportKind)
      .map(([kind, url]) => `; ${kind} (${redactUrl(url)})`)
      .join(
        '',
      )}${transportKind === 'embedded' ? '' : '; embedded'}\nConfiguration: ${storeKind === 'nats' ? `shared, in the NATS JetStream buckets${fleet === undefined ? '' : ` of fleet ${fleet}`}` : 'local, in the data folder'}\nTranslation:   ${translationWorkers === 0 ? 'on the event loop' : `${translationWorkers} worker thread${translationWorkers === 1 ? '' : 's'}`}\n${tokenNote}`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  return 0;
}

function alignmentRef(value: string | undefined, flag: string): { name: string; version: string } {
  if (value === undefined || value === '') return { name: '', version: '' };
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) throw new UsageError(`${flag} takes NAME@VERSION, e.g. CO_FIWARE_align@1.0`);
  return { name: value.slice(0, at), version: value.slice(at + 1) };
}

async function platformChannelsCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      platform: { type: 'string' },
      server: { type: 'string' },
      token: { type: 'string' },
      inp: { type: 'string' },
      out: { type: 'string' },
      ipsm: { type: 'boolean' },
      parallelism: { type: 'string' },
      'dry-run': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError('platform-channels takes no positional arguments');
  const platform = values.platform;
  if (platform === undefined || platform === '') throw new UsageError('--platform ID is required');
  const spelling = values.ipsm === true ? 'ipsm' : 'mediator';
  const topics = platformTopics(platform, spelling);
  if (values['dry-run'] === true) {
    io.stdout(`${JSON.stringify(topics, null, 2)}\n`);
    return 0;
  }
  const inp = alignmentRef(values.inp, '--inp');
  const out = alignmentRef(values.out, '--out');
  const server = (values.server ?? `http://${DEFAULT_HOST}:${DEFAULT_PORT}`).replace(/\/$/, '');
  const token = values.token || process.env.MEDIATOR_TOKEN || undefined;
  const body = {
    inpAlignmentName: inp.name,
    inpAlignmentVersion: inp.version,
    outAlignmentName: out.name,
    outAlignmentVersion: out.version,
    spelling,
    ...(values.parallelism === undefined ? {} : { parallelism: Number(values.parallelism) }),
  };
  let response: Response;
  try {
    response = await fetch(`${server}/platforms/${encodeURIComponent(platform)}/channels`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new MediatorError(`cannot reach the mediator at ${server}: ${(error as Error).message}`, 'SERVER_UNREACHABLE');
  }
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: show the text
    }
    throw new MediatorError(`the server refused (${response.status}): ${message}`, 'SERVER_REFUSED');
  }
  io.stdout(`${text}\n`);
  return 0;
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    // Before any command runs: `serve --help` must print usage, not start a server.
    if (command !== undefined && (COMMANDS as readonly string[]).includes(command) && command !== 'help' && wantsHelp(rest)) {
      io.stdout(commandUsage(command === 'version' ? '--version' : command));
      return 0;
    }
    switch (command) {
      case 'translate':
        return await translateCommand(rest, io);
      case 'validate':
        return await validateCommand(rest, io);
      case 'compile':
        return await compileCommand(rest, io);
      case 'bench':
        return await benchCommand(rest, io);
      case 'diff':
        return await diffCommand(rest, io);
      case 'suggest':
        return await suggestCommand(rest, io);
      case 'serve':
        return await serveCommand(rest, io);
      case 'test':
        return await testCommand(rest, io);
      case 'coverage':
        return await coverageCommand(rest, io);
      case 'platform-channels':
        return await platformChannelsCommand(rest, io);
      case 'api-diff':
        return await apiDiffCommand(rest, io);
      case 'bridge':
        return await runBridgeCli(rest, io);
      case '--version':
      case 'version':
        io.stdout(`${VERSION}\n`);
        return 0;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') === true) {
      io.stderr(`mediator: ${(error as Error).message}\nRun "mediator help" for usage.\n`);
      return 2;
    }
    if (error instanceof ParseError) {
      io.stderr(`${error.describe()} [${error.code}]\n`);
      return 1;
    }
    if (error instanceof MediatorError) {
      io.stderr(`mediator: ${error.message} [${error.code}]\n`);
      return 1;
    }
    io.stderr(`mediator: internal error (a bug, please report it): ${(error as Error).stack ?? String(error)}\n`);
    return 70;
  }
}

async function readAllStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (entry === undefined) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const code = await runCli(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    readStdin: readAllStdin,
  });
  process.exitCode = code;
}
