/**
 * The composition root of the mediator (issue 26): where the stores, the transport, the services,
 * the fleet and the channel restore are put together, in that order, from the server's options.
 * buildServer (build-server.ts) calls it and puts the HTTP app on top; `close()` releases what it
 * opened, channels before the stores they read.
 */
import { join } from 'node:path';
import { pino, type Logger as PinoLogger } from 'pino';
import type { Transport, TransportKind } from '../../common/index.js';
import { fleetNames } from '../fleet/fleet-name.js';
import { AlignmentService } from '../services/alignment-service.js';
import { BridgeService } from '../services/bridge-service.js';
import { ChannelRunner } from '../services/channel-runner.js';
import { ChannelService } from '../services/channel-service.js';
import { CoverageService } from '../services/coverage-service.js';
import { SuiteService } from '../services/suite-service.js';
import { TranslationService } from '../services/translation-service.js';
import type { ConfigStore } from '../store/config-store.js';
import type { NatsKvStore, NatsKvStoreOptions } from '../store/nats-kv-store.js';
// The SQLite store directly, not the store index: that one also loads the NATS store and its client,
// which a single-machine server never needs (start-up time, issue 13).
import { SqliteStore } from '../store/sqlite-store.js';
import { DEFAULT_NATS_URL, loadTransport } from '../transports/load-transport.js';
import { TransportSet } from '../transports/transport-set.js';
import type { MqttTransportOptions } from '../transports/mqtt-transport.js';
import type { KafkaTransportOptions } from '../transports/kafka-transport.js';
import type { NatsSecurity } from '../nats/nats-security.js';
import { loadOrCreateMqttClientId } from './mqtt-client-id.js';
import { DATABASE_FILE, tightenOwnedFiles } from './data-folder.js';
import { LogLevels } from './log-levels.js';
import { ServerMetrics } from './metrics.js';
import { batchedLog } from './batched-log.js';

/** What the parts are made from (buildServer's ServerOptions adds the HTTP app's). */
export interface CoreOptions {
  /** Folder of the SQLite database (created if missing). */
  readonly dataDir: string;
  /** Initial log level, one of all trace debug info warn error off (default info). */
  readonly logLevel?: string;
  /** Where logs go (default stdout); tests pass a stream they can read or discard. */
  readonly logStream?: NodeJS.WritableStream;
  /**
   * Longest one translation (a message of POST /translation or of a channel, a coverage message, a
   * suite case) may work before it is abandoned: 503 TIMEOUT, or the channel's dead-letter topic
   * (default 10 s). Working time: the clock starts when a worker starts the job.
   */
  readonly translationTimeoutMs?: number;
  /** How long past its limit a worker stuck inside one cell gets before it is replaced (default 1 s). */
  readonly translationGraceMs?: number;
  /** Request jobs (translations, coverage, suites, uploads) that may wait for a worker at once; past it 503 TRANSLATION_QUEUE_FULL (default 64). */
  readonly translationQueueLimit?: number;
  /** Longest a request job may wait for a worker; past it 503 TRANSLATION_QUEUE_FULL (default 10 s). */
  readonly translationQueueWaitMs?: number;
  /**
   * Worker threads for POST /translation (0, the default here, translates on the event loop).
   * `mediator serve` defaults to 1 on machines with more than one core.
   */
  readonly translationWorkers?: number;
  /**
   * Bytes of messages the embedded bus keeps in all (test messages and channel traffic, for
   * GET /topics/{topic}/messages and lagging channels), oldest dropped first; default 64 MiB.
   */
  readonly topicBudgetBytes?: number;
  /** Where channels consume and publish: the in-process bus (default), NATS JetStream or Kafka. */
  readonly transport?: { readonly kind: TransportKind; readonly url?: string };
  /**
   * Brokers to run channels on besides the default transport (`--nats`, `--kafka`, `--mqtt`): a
   * channel picks its source and sink transports with `chanType` (issue 28). The embedded bus is
   * always there.
   */
  readonly brokers?: { readonly nats?: string; readonly kafka?: string; readonly mqtt?: string };
  /** MQTT settings beyond the URL (`--mqtt-retain`, `--mqtt-max-message-bytes`, TLS files). */
  readonly mqtt?: Omit<MqttTransportOptions, 'url' | 'logger' | 'clientIdPrefix'>;
  /**
   * TLS and credentials of the Kafka and NATS brokers (issue 40, `--kafka-ca`, `--nats-creds`...):
   * the NATS ones serve the fleet's configuration store too.
   */
  readonly brokerSecurity?: { readonly nats?: NatsSecurity; readonly kafka?: Pick<KafkaTransportOptions, 'ssl' | 'sasl'> };
  /**
   * Where alignments and channel configurations are kept (issue 13): `sqlite`, the local file in
   * `dataDir`, or `nats`, JetStream key-value buckets shared by every process on the same NATS
   * servers as the transport. Default: `nats` with the NATS transport, else `sqlite`.
   */
  readonly store?: 'sqlite' | 'nats';
  /**
   * The fleet's name on NATS (`--fleet`): its buckets, streams and subjects apart from every other
   * fleet's on the same servers (fleet-name.ts). Default: the unnamed fleet of before.
   */
  readonly fleet?: string;
  /** Tuning of the `nats` store (tests shorten its waits). */
  readonly sharedStore?: Pick<NatsKvStoreOptions, 'syncTimeoutMs' | 'writeTimeoutMs' | 'probeIntervalMs'>;
  /**
   * Listen first (issue 42, `mediator serve`): the stored alignments are compiled and the stored
   * channels started behind the server's start, not before it listens (`ready` says when). A
   * fleet's catch-up with its buckets is still awaited: without the cluster there is nothing true
   * to serve. Off by default: the desktop app and the tests get a server that is ready at once.
   */
  readonly listenFirst?: boolean;
}

/** Everything the HTTP app serves, put together. */
export interface MediatorCore {
  readonly levels: LogLevels;
  readonly logger: PinoLogger;
  /** The configuration store the services use: the fleet's buckets, or the local SQLite file. */
  readonly store: ConfigStore;
  /** The default transport (the one channels without a chanType use). */
  readonly transport: Transport;
  /** Every transport channels may use, by kind (issue 28: a transport per channel, mixed routes). */
  readonly transports: TransportSet;
  readonly metrics: ServerMetrics;
  readonly alignments: AlignmentService;
  readonly translation: TranslationService;
  readonly runner: ChannelRunner;
  readonly channels: ChannelService;
  readonly bridges: BridgeService;
  readonly suites: SuiteService;
  readonly coverage: CoverageService;
  /**
   * The translation engine's start and warm-up (issue 27), begun beside the rest of the start-up
   * on the workers' own threads; the HTTP app awaits it before it is handed back to listen.
   */
  readonly warmed: Promise<void>;
  /**
   * The engine warm, the stored alignments compiled and the stored channels started: at once
   * unless `listenFirst`. Rejects if the restore failed (logged; requests that wait for it fail).
   */
  readonly ready: Promise<void>;
  /** Stops the channels, the fleet's watch and the worker pool, then closes the stores. */
  close(): Promise<void>;
}

/**
 * The stores: the NATS key-value store of a fleet (`--store nats`) and always the local SQLite
 * file; the first of them is the configuration store the services use.
 */
async function openStores(options: CoreOptions, logger: PinoLogger) {
  const transportKind = options.transport?.kind ?? 'embedded';
  const storeKind = options.store ?? (transportKind === 'nats' ? 'nats' : 'sqlite');
  const names = fleetNames(options.fleet);
  const fleet: NatsKvStore | undefined =
    storeKind === 'nats'
      ? new (await import('../store/nats-kv-store.js')).NatsKvStore({
          ...options.sharedStore,
          // The default transport's URL, else `--nats` (the one broker given), else the default.
          servers: (transportKind === 'nats' ? options.transport?.url : undefined) ?? options.brokers?.nats ?? DEFAULT_NATS_URL,
          ...(options.brokerSecurity?.nats === undefined ? {} : { security: options.brokerSecurity.nats }),
          bucketPrefix: names.bucketPrefix,
          logger,
        })
      : undefined;
  // The SQLite file is always opened: in a fleet it keeps what belongs to this machine only (the
  // bridge assistant's progress), while alignments and channels live in the shared buckets.
  const local = SqliteStore.open({ file: join(options.dataDir, DATABASE_FILE) });
  // A new database (and its -wal/-shm) is created with the umask's mode.
  tightenOwnedFiles(options.dataDir);
  const store: ConfigStore = fleet ?? local;
  return { transportKind, names, fleet, local, store };
}

interface RestoreParts {
  readonly fleet: NatsKvStore | undefined;
  readonly local: SqliteStore;
  readonly store: ConfigStore;
  readonly alignments: AlignmentService;
  readonly runner: ChannelRunner;
  readonly channels: ChannelService;
  readonly logger: PinoLogger;
  readonly transportKind: TransportKind;
  readonly translation: TranslationService;
}

/**
 * The stored configuration put to work at start (before the server listens, unless it listens
 * first, `listenFirst`): in a fleet the sync with the
 * buckets (returned, to be awaited at close), else every stored alignment compiled and every
 * stored channel started.
 */
async function restoreChannels({ fleet, local, store, alignments, runner, channels, logger, transportKind, translation }: RestoreParts) {
  if (fleet !== undefined) {
    // Catching up from the buckets compiles every shared alignment and starts every shared channel, in order.
    const { FleetSync } = await import('../fleet/fleet-sync.js');
    const sync = new FleetSync(fleet, alignments, runner, logger);
    sync.attach();
    try {
      await fleet.start();
      // As before channels started side by side (issue 32): the shared channels run before it listens.
      await sync.settled();
    } catch (error) {
      // Never in touch with the cluster: nothing true to serve (issue 32). Release what was opened.
      await fleet.close();
      await runner.close();
      await translation.close();
      local.close();
      throw error;
    }
    logger.info({ alignments: store.listAlignments().length, channels: store.listChannels().length, transport: transportKind }, 'shared configuration applied');
    return sync;
  } else {
    const loaded = await alignments.loadAll();
    logger.info(loaded, 'alignments compiled from the store');
    await channels.restore();
    logger.info({ channels: store.listChannels().length, transport: transportKind }, 'channels restored');
    return undefined;
  }
}

/**
 * The transports channels may use: the embedded bus, the default transport and every broker given
 * (issue 28); each loads its client only when used.
 */
async function openTransports(
  options: CoreOptions,
  transportKind: TransportKind,
  names: ReturnType<typeof fleetNames>,
  logger: PinoLogger,
): Promise<TransportSet> {
  const urls = new Map<TransportKind, string | undefined>([['embedded', undefined]]);
  for (const kind of ['nats', 'kafka', 'mqtt'] as const) {
    const url = options.brokers?.[kind];
    if (url !== undefined) urls.set(kind, url);
  }
  urls.set(transportKind, options.transport?.url ?? urls.get(transportKind));
  const mqttClientIdPrefix = urls.has('mqtt') ? await loadOrCreateMqttClientId(options.dataDir) : undefined;
  const security = options.brokerSecurity;
  const loaded = new Map<TransportKind, Transport>();
  for (const [kind, url] of urls) {
    loaded.set(
      kind,
      await loadTransport({
        kind,
        ...(url === undefined ? {} : { url }),
        ...(options.topicBudgetBytes === undefined ? {} : { embedded: { maxRetainedBytes: options.topicBudgetBytes } }),
        nats: { streamPrefix: names.streamPrefix, subjectPrefix: names.subjectPrefix, ...(security?.nats === undefined ? {} : { security: security.nats }) },
        ...(security?.kafka === undefined ? {} : { kafka: security.kafka }),
        mqtt: { ...options.mqtt, ...(mqttClientIdPrefix === undefined ? {} : { clientIdPrefix: mqttClientIdPrefix }) },
        logger,
      }),
    );
  }
  return new TransportSet(transportKind, loaded);
}

/** Longest a close waits for a restore still running behind a listen-first start. */
const CLOSE_WAITS_FOR_RESTORE_MS = 10_000;

/** Resolves when `promise` settles or after `ms`, whichever comes first. */
async function untilSettled(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([promise.catch(() => undefined), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export async function composeMediator(options: CoreOptions): Promise<MediatorCore> {
  const levels = new LogLevels(options.logLevel ?? 'info');
  // stdout gets its lines in batches, each at most 10 ms late (batched-log.ts); a stream the caller gave gets each line as it is logged.
  const batched = options.logStream === undefined ? batchedLog(process.stdout) : undefined;
  const logger = pino({ level: levels.pinoLevel, base: undefined }, options.logStream ?? batched);
  const { transportKind, names, fleet, local, store } = await openStores(options, logger);
  const alignments = new AlignmentService(store, logger);
  const transports = await openTransports(options, transportKind, names, logger);
  // The one path for every translation (issue 29): REST, channels, coverage, suites and uploads.
  const translation = new TranslationService({
    alignments,
    logger,
    workers: options.translationWorkers ?? 0,
    timeoutMs: options.translationTimeoutMs ?? 10_000,
    ...(options.translationGraceMs === undefined ? {} : { graceMs: options.translationGraceMs }),
    ...(options.translationQueueLimit === undefined ? {} : { queueLimit: options.translationQueueLimit }),
    ...(options.translationQueueWaitMs === undefined ? {} : { queueWaitMs: options.translationQueueWaitMs }),
  });
  // The engine starts and warms now, beside the rest of the start-up (its workers on their own
  // threads); awaited by the HTTP app before the server is handed back to listen (issue 27).
  const warmed = translation.start();
  // Uploads and validations are read and compiled on a worker too, which keeps the compiled copy;
  // so are the stored alignments at start (loadAll in restoreChannels).
  if (translation.usesWorkers) alignments.analyzer = translation;
  // The runner reports translation times to the metrics, which read the runner's counters back at
  // scrape time (after both exist).
  const metrics: ServerMetrics = new ServerMetrics({ channels: () => runner.counterSnapshots(), transports: () => transports.all(), store });
  const runner: ChannelRunner = new ChannelRunner(transports, translation, logger, metrics.observeTranslation);
  const channels = new ChannelService(store, alignments, runner, logger);
  const restore = restoreChannels({ fleet, local, store, alignments, runner, channels, logger, transportKind, translation });
  const behind = options.listenFirst === true && fleet === undefined;
  const fleetSync = behind ? undefined : await restore;
  const ready = Promise.all([warmed, restore]).then(() => undefined);
  // A failed restore behind the start is logged, not an unhandled rejection that ends the process
  // (awaited, it already failed the start).
  ready.catch((error: unknown) => {
    if (behind) logger.error({ err: error }, 'restoring the stored alignments and channels failed');
  });

  const bridges = new BridgeService(local.bridgeProgress, channels);
  // In a fleet the suites are shared records of the configuration bucket, like alignments.
  const suiteStore = fleet === undefined ? local.suites : new (await import('../fleet/fleet-suites.js')).FleetSuites(fleet);
  const suites = new SuiteService(suiteStore, alignments, translation, logger);
  const coverage = new CoverageService(store, alignments, runner, translation);

  return {
    levels,
    logger,
    store,
    transport: transports.default,
    transports,
    metrics,
    alignments,
    translation,
    runner,
    channels,
    bridges,
    suites,
    coverage,
    warmed,
    ready,
    async close() {
      // A restore still running behind the start finishes first, so no channel starts after the
      // runner stopped; bounded, so a warm-up that never ends (workers that cannot start) cannot hold the exit.
      await untilSettled(ready, CLOSE_WAITS_FOR_RESTORE_MS);
      // Channels finish their in-flight messages before the store they read goes away.
      // The fleet's watch stops first, so no change starts a channel while they stop.
      await fleet?.close();
      await fleetSync?.settled();
      await runner.close();
      await translation.close();
      await store.close();
      if (store !== local) local.close();
      batched?.close();
    },
  };
}
