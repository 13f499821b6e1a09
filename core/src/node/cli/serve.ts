/** `mediator serve`: the REST server, with its options checked here and the server started by start-server.ts. */
import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { ErrorCodes, MediatorError } from '../../common/index.js';
import { redactUrl } from '../../common/security/broker-urls.js';
import { fleetNameProblem } from '../fleet/fleet-name.js';
import { parseAllowedHosts } from '../server/access-guard.js';
import { loadOrCreateToken, MIN_TOKEN_LENGTH } from '../server/api-token.js';
import { corsOriginProblem } from '../server/cors-origins.js';
import { timeoutProblem, type HttpTimeouts } from '../server/http-timeouts.js';
import { DEFAULT_HOST, DEFAULT_PORT, isLoopbackBind, startServer, type RunningServer } from '../server/start-server.js';
import { defaultDataDir } from '../store/default-data-dir.js';
import { BROKER_SECURITY_OPTIONS, brokerSecurity, readTlsFiles, type BrokerSecurity } from './broker-security.js';
import { cliEnvironment, type CliEnvironment } from './env.js';
import { parseCommandArgs, UsageError, type CliIo } from './io.js';

export const SERVE_USAGE = `  mediator serve [--host 127.0.0.1] [--port 8888] [--data DIR] [--body-limit BYTES]
                [--request-timeout MS] [--headers-timeout MS] [--keep-alive-timeout MS]
                [--cors ORIGIN ...] [--log-level info]
                [--transport embedded|nats|kafka|mqtt] [--broker URL] [--store sqlite|nats] [--fleet NAME]
                [--nats URL] [--kafka HOST:PORT,...] [--mqtt mqtt://[USER:PASS@]HOST:PORT]
                [--mqtt-retain] [--mqtt-max-message-bytes N] [--mqtt-ca FILE] [--mqtt-cert FILE] [--mqtt-key FILE]
                [--kafka-ca FILE] [--kafka-cert FILE] [--kafka-key FILE] [--kafka-tls]
                [--kafka-keystore FILE.p12] [--kafka-keystore-password-file FILE]
                [--kafka-sasl plain|scram-sha-256|scram-sha-512] [--kafka-user USER] [--kafka-password-file FILE]
                [--nats-ca FILE] [--nats-cert FILE] [--nats-key FILE] [--nats-creds FILE | --nats-nkey-file FILE]
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
      Kafka TLS: --kafka-ca (PEM) turns it on, --kafka-cert/--kafka-key add a client
      certificate (or --kafka-keystore, PKCS#12, with --kafka-keystore-password-file or
      MEDIATOR_KAFKA_KEYSTORE_PASSWORD), --kafka-tls alone trusts the system's CAs. Kafka SASL (over TLS when TLS is on):
      --kafka-sasl with --kafka-user and --kafka-password-file (or MEDIATOR_KAFKA_PASSWORD).
      NATS: --nats-ca/--nats-cert/--nats-key (PEM) for TLS; nats://USER:PASS@HOST or
      nats://TOKEN@HOST, a credentials file (--nats-creds, JWT and seed) or an NKey seed
      (--nats-nkey-file); the fleet's configuration store uses them too. Each option also reads
      MEDIATOR_<OPTION> (MEDIATOR_KAFKA_CA, MEDIATOR_NATS_CREDS...). No secret is printed.
      --fleet (or MEDIATOR_FLEET): with --transport nats, the fleet's name (letters, digits,
      "-"): its buckets, streams and subjects are kept apart from other fleets' on the same NATS.
      --translation-workers: worker threads for POST /translation (default 1 when the machine
      has more than one core, else 0 = on the event loop).
      --allowed-host: a Host name to answer to besides localhost, 127.0.0.1, [::1] and the
      address reached (e.g. behind a reverse proxy); other Host headers get 421.
      --request-timeout (or MEDIATOR_REQUEST_TIMEOUT, default 20000): milliseconds to receive a
      whole request, headers and body, else 408 REQUEST_TIMEOUT and the connection is closed;
      --headers-timeout (default 10000) for the headers alone; --keep-alive-timeout (default
      72000) closes an idle connection; 0 turns a timer off.
      --cors takes exact http(s) origins (not * or null). --token (or MEDIATOR_TOKEN, at
      least 16 characters): every request but the UI files needs
      "Authorization: Bearer TOKEN". Listening beyond loopback (--host 0.0.0.0) needs a token:
      one is generated, printed once and kept in DATA/api-token, unless --no-auth is given.
`;

function parseServeArgs(args: string[]) {
  const { values, positionals, tokens } = parseCommandArgs({
    args,
    allowPositionals: true,
    tokens: true,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      'body-limit': { type: 'string' },
      'request-timeout': { type: 'string' },
      'headers-timeout': { type: 'string' },
      'keep-alive-timeout': { type: 'string' },
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
      ...BROKER_SECURITY_OPTIONS,
      store: { type: 'string' },
      fleet: { type: 'string' },
      'translation-workers': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      token: { type: 'string' },
      'no-auth': { type: 'boolean' },
    },
  });
  if (positionals.length > 0) throw new UsageError('serve takes no positional arguments');
  // With several brokers and no --transport, the first given on the command line is the default.
  const firstBroker = tokens.find((t) => t.kind === 'option' && (t.name === 'nats' || t.name === 'kafka' || t.name === 'mqtt'))?.name;
  return { ...values, firstBroker };
}

type ServeValues = ReturnType<typeof parseServeArgs>;

function checkToken(token: string | undefined, noAuth: boolean): void {
  if (token === undefined) return;
  if (noAuth) throw new UsageError('--token and --no-auth exclude each other');
  if (!/^[\x21-\x7e]+$/.test(token)) throw new UsageError('--token must be printable ASCII without spaces');
  // A short token is guessed by trying: the generated ones have 43 characters.
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new UsageError(
      `--token must have at least ${MIN_TOKEN_LENGTH} characters (it has ${token.length}); leave it out on a network bind to have one generated`,
    );
  }
}

/** Where channels run and where the configuration is kept: checked together, they depend on each other. */
interface ChannelSettings {
  readonly transportKind: 'embedded' | 'nats' | 'kafka' | 'mqtt';
  readonly brokerUrl: string | undefined;
  readonly brokers: { readonly nats?: string; readonly kafka?: string; readonly mqtt?: string };
  readonly storeKind: 'sqlite' | 'nats';
  readonly fleet: string | undefined;
}

function channelSettings(values: ServeValues, env: CliEnvironment): ChannelSettings {
  const brokers: { nats?: string; kafka?: string; mqtt?: string } = {};
  for (const kind of ['nats', 'kafka', 'mqtt'] as const) {
    const url = values[kind] ?? env.brokers[kind];
    if (url === '') throw new UsageError(`--${kind} needs the broker's address`);
    if (url !== undefined) brokers[kind] = url;
  }
  if (brokers.mqtt !== undefined && !/^(mqtts?|wss?):\/\/[^/]+/.test(brokers.mqtt)) {
    throw new UsageError('--mqtt takes a URL: mqtt://[USER:PASSWORD@]HOST:PORT (mqtts:// for TLS, ws:// or wss:// for WebSocket)');
  }
  const transportKind = values.transport ?? env.transport ?? values.firstBroker ?? Object.keys(brokers)[0] ?? 'embedded';
  if (transportKind !== 'embedded' && transportKind !== 'nats' && transportKind !== 'kafka' && transportKind !== 'mqtt') {
    throw new UsageError('--transport must be embedded, nats, kafka or mqtt');
  }
  const brokerUrl = values.broker ?? env.broker;
  const storeKind = values.store ?? env.store ?? (transportKind === 'nats' ? 'nats' : 'sqlite');
  if (storeKind !== 'sqlite' && storeKind !== 'nats') throw new UsageError('--store must be sqlite or nats');
  if (storeKind === 'nats' && transportKind !== 'nats') throw new UsageError('--store nats needs --transport nats (the buckets live on its servers)');
  const fleet = values.fleet ?? env.fleet;
  if (fleet !== undefined) {
    const problem = fleetNameProblem(fleet);
    if (problem !== undefined) throw new UsageError(`--fleet: ${problem}`);
    if (transportKind !== 'nats') throw new UsageError('--fleet needs --transport nats (it names the fleet on its servers)');
  }
  return { transportKind, brokerUrl, brokers, storeKind, fleet };
}

/** The MQTT transport's options: the retain flag, the size limit, and TLS material read from its files. */
async function mqttSettings(values: ServeValues, env: CliEnvironment['brokerSecurity']) {
  const maxText = values['mqtt-max-message-bytes'];
  const maxMessageBytes = maxText === undefined ? undefined : Number(maxText);
  if (maxMessageBytes !== undefined && (!Number.isInteger(maxMessageBytes) || maxMessageBytes < 1 || maxMessageBytes > 268_435_455)) {
    throw new UsageError("--mqtt-max-message-bytes must be an integer from 1 to 268435455 (MQTT's largest packet)");
  }
  const file = (kind: 'ca' | 'cert' | 'key') => values[`mqtt-${kind}`] ?? (env[`MEDIATOR_MQTT_${kind.toUpperCase()}`] || undefined);
  const tls = await readTlsFiles('mqtt', { ca: file('ca'), cert: file('cert'), key: file('key') });
  return {
    ...(values['mqtt-retain'] === true ? { retain: true } : {}),
    ...(maxMessageBytes === undefined ? {} : { maxMessageBytes }),
    ...(tls === undefined ? {} : { tls }),
  };
}

/** How the server proves itself to each broker, for the banner: which options are in force, never their values. */
function securityNotes(security: BrokerSecurity, mqtt: Awaited<ReturnType<typeof mqttSettings>>): Partial<Record<string, string>> {
  const { kafka, nats } = security;
  const notes: string[][] = [[], [], []];
  if (kafka?.ssl !== undefined) notes[0]!.push(kafka.ssl.cert !== undefined || kafka.ssl.pfx !== undefined ? 'TLS with a client certificate' : 'TLS');
  if (kafka?.sasl !== undefined) notes[0]!.push(`SASL ${kafka.sasl.mechanism} as ${String(kafka.sasl.username)}`);
  if (nats?.tls !== undefined) notes[1]!.push(nats.tls.cert !== undefined ? 'TLS with a client certificate' : 'TLS');
  if (nats?.creds !== undefined) notes[1]!.push('a credentials file');
  if (nats?.nkeySeed !== undefined) notes[1]!.push('an NKey');
  if (mqtt.tls !== undefined) notes[2]!.push(mqtt.tls.cert !== undefined ? 'TLS with a client certificate' : 'TLS files');
  const text = (n: string[]) => (n.length === 0 ? undefined : n.join(', '));
  return { kafka: text(notes[0]!), nats: text(notes[1]!), mqtt: text(notes[2]!) };
}

/** The banner's "Channels on" line: the default transport first, then every other one the server runs, with how each is secured. */
function channelsLine(settings: ServeSettings, notes: Partial<Record<string, string>> = {}): string {
  const { transportKind, brokerUrl, brokers } = settings;
  const shown = (kind: string, url: string) => `${redactUrl(url)}${notes[kind] === undefined ? '' : `; ${notes[kind]}`}`;
  const defaultAddress =
    brokerUrl !== undefined
      ? ` (${shown(transportKind, brokerUrl)})`
      : transportKind === 'embedded'
        ? ''
        : ` (${shown(transportKind, brokers[transportKind] ?? 'its default address')})`;
  const others = Object.entries(brokers)
    .filter(([kind]) => kind !== transportKind)
    .map(([kind, url]) => `; ${kind} (${shown(kind, url)})`)
    .join('');
  return `${transportKind}${defaultAddress}, the default${others}${transportKind === 'embedded' ? '' : '; embedded'}`;
}

/** The HTTP server's timers (http-timeouts.ts), each from its option, else its variable, else the default. */
function timeoutSettings(values: ServeValues, env: CliEnvironment): HttpTimeouts {
  const given = {
    requestTimeout: ['request-timeout', values['request-timeout'] ?? env.timeouts.request],
    headersTimeout: ['headers-timeout', values['headers-timeout'] ?? env.timeouts.headers],
    keepAliveTimeout: ['keep-alive-timeout', values['keep-alive-timeout'] ?? env.timeouts.keepAlive],
  } as const;
  const timeouts: { -readonly [K in keyof HttpTimeouts]: number } = {};
  for (const [key, [flag, text]] of Object.entries(given) as Array<[keyof HttpTimeouts, readonly [string, string | undefined]]>) {
    const problem = timeoutProblem(flag, text);
    if (problem !== undefined) throw new UsageError(problem);
    if (text !== undefined) timeouts[key] = Number(text);
  }
  return timeouts;
}

/** Every option checked, in the order the messages were always given; each falls back on its MEDIATOR_* variable. */
function serveSettings(values: ServeValues, env: CliEnvironment) {
  const allowedHosts = values['allowed-host'] ?? [...env.allowedHosts];
  try {
    parseAllowedHosts(allowedHosts);
  } catch (error) {
    throw new UsageError(`--allowed-host: ${(error as Error).message}`);
  }
  const host = values.host ?? env.host ?? DEFAULT_HOST;
  // An empty value (MEDIATOR_TOKEN= in a unit file) means none.
  const token = values.token || env.token;
  const noAuth = values['no-auth'] === true;
  checkToken(token, noAuth);
  for (const origin of values.cors ?? []) {
    const problem = corsOriginProblem(origin);
    if (problem !== undefined) throw new UsageError(`--cors: ${problem}`);
  }
  const workersText = values['translation-workers'] ?? env.translationWorkers;
  const translationWorkers = workersText === undefined ? (availableParallelism() > 1 ? 1 : 0) : Number(workersText);
  if (!Number.isInteger(translationWorkers) || translationWorkers < 0 || translationWorkers > 64) {
    throw new UsageError('--translation-workers must be an integer from 0 to 64');
  }
  const channels = channelSettings(values, env);
  const port = values.port === undefined ? Number(env.port ?? DEFAULT_PORT) : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be an integer from 0 to 65535');
  const bodyLimit = values['body-limit'] === undefined ? undefined : Number(values['body-limit']);
  if (bodyLimit !== undefined && (!Number.isInteger(bodyLimit) || bodyLimit <= 0)) throw new UsageError('--body-limit must be a positive number of bytes');
  const dataDir = values.data ?? env.dataDir ?? defaultDataDir();
  const logLevel = values['log-level'] ?? env.logLevel ?? 'info';
  const timeouts = timeoutSettings(values, env);
  return { ...channels, allowedHosts, host, token, noAuth, cors: values.cors, translationWorkers, port, bodyLimit, timeouts, dataDir, logLevel };
}

type ServeSettings = ReturnType<typeof serveSettings>;

/** The token the server requires, and what to print about it: a network bind without one gets a generated one. */
async function resolveToken(settings: ServeSettings): Promise<{ token: string | undefined; note: string }> {
  if (settings.token !== undefined) return { token: settings.token, note: 'API token:     required (the one given)\n' };
  if (settings.noAuth || isLoopbackBind(settings.host)) return { token: undefined, note: '' };
  await mkdir(settings.dataDir, { recursive: true });
  const stored = await loadOrCreateToken(settings.dataDir);
  const note = stored.created
    ? `API token:     ${stored.token}\n               (generated and shown once; kept in ${stored.file})\n`
    : `API token:     required; it is in ${stored.file}\n`;
  return { token: stored.token, note };
}

async function listen(
  settings: ServeSettings,
  mqtt: Awaited<ReturnType<typeof mqttSettings>>,
  brokerSecurity: BrokerSecurity,
  token: string | undefined,
  onListening: (url: string) => void,
): Promise<RunningServer> {
  const { allowedHosts, bodyLimit, brokerUrl, brokers, cors, fleet, port } = settings;
  try {
    return await startServer({
      host: settings.host,
      port,
      ...(allowedHosts.length === 0 ? {} : { allowedHosts }),
      ...(token === undefined ? {} : { authToken: token }),
      allowNoAuth: settings.noAuth,
      dataDir: settings.dataDir,
      ...(bodyLimit === undefined ? {} : { bodyLimit }),
      ...settings.timeouts,
      ...(cors === undefined ? {} : { corsOrigins: cors }),
      logLevel: settings.logLevel,
      transport: { kind: settings.transportKind, ...(brokerUrl === undefined ? {} : { url: brokerUrl }) },
      brokers,
      mqtt,
      brokerSecurity,
      store: settings.storeKind,
      ...(fleet === undefined ? {} : { fleet }),
      translationWorkers: settings.translationWorkers,
      // Answer at once; the engine warms and the stored alignments compile behind (issue 42).
      listenFirst: true,
      onListening,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new MediatorError(`port ${port} is already in use (is another mediator running?); choose another with --port`, ErrorCodes.portInUse);
    }
    throw error;
  }
}

/** The line `mediator serve` prints on stderr once it is ready (after the "Mediator API:" banner). */
export const READY_LINE = 'Ready:';

export async function serveCommand(args: string[], io: CliIo): Promise<number> {
  const values = parseServeArgs(args);
  const env = cliEnvironment();
  const settings = serveSettings(values, env);
  const mqtt = await mqttSettings(values, env.brokerSecurity);
  const security = await brokerSecurity(values, env.brokerSecurity);
  const { token, note } = await resolveToken(settings);
  const { fleet, translationWorkers: workers } = settings;
  // The banner as soon as the port is bound: the server answers from then on (start-server.ts).
  const banner = (url: string) =>
    io.stderr(
      `Mediator API:  ${url}/\nSwagger UI:    ${url}/swagger/\nData folder:   ${settings.dataDir}\nChannels on:   ${channelsLine(settings, securityNotes(security, mqtt))}\nConfiguration: ${settings.storeKind === 'nats' ? `shared, in the NATS JetStream buckets${fleet === undefined ? '' : ` of fleet ${fleet}`}` : 'local, in the data folder'}\nTranslation:   ${workers === 0 ? 'on the event loop' : `${workers} worker thread${workers === 1 ? '' : 's'}`}\n${note}`,
    );
  // Signals heard from the start: the banner comes before the HTTP app is built, and a Ctrl-C then
  // stops the server cleanly once it is built instead of killing it half-way.
  const stopped = new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const server = await listen(settings, mqtt, security, token, banner);
  // The second signal: what arrives from now on finds the engine warm and the stored configuration running.
  server.ready.then(
    () => io.stderr(`${READY_LINE.padEnd(15)}the engine is warm, stored alignments compiled and channels restored\n`),
    () => undefined,
  );
  await stopped;
  await server.close();
  return 0;
}
