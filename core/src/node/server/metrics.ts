/**
 * What `GET /metrics` exposes, in the Prometheus text exposition format 0.0.4 (prom-client):
 * per-channel message counters, a translation latency histogram, HTTP request durations by route
 * pattern, the broker's and the store's connection state, and prom-client's process metrics.
 *
 * prom-client is not loaded at start-up: it takes 60 to 130 ms to load (its default metrics pull in
 * several modules), which the first answered request must not pay (issue 13, "Server start";
 * start-up-modules.test.ts). Until it is loaded, observations wait in a short queue; it loads on the
 * first scrape, or once the queue is full (well after start-up). Channel counters and connection
 * states are read at scrape time from their owners, so nothing of them is lost before the load.
 */
import type { Histogram, Registry } from 'prom-client';
import type { ConfigStore } from '../store/config-store.js';
import type { Transport } from '../../common/index.js';
import type { ChannelCounterSnapshot } from '../services/channel-runner.js';
import { brokerStatus } from '../transports/broker-status.js';

/** The content type of the text format, version 0.0.4 (what prom-client's registry writes). */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** Label of requests that matched no route: raw URLs would make the label set unbounded. */
export const UNMATCHED_ROUTE = '(unmatched)';

/** Translation latencies: a few hundred microseconds for small messages to seconds for huge ones. */
const TRANSLATION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Observations kept until prom-client is loaded; reaching it triggers the load. */
const QUEUE_LIMIT = 2000;

export interface MetricsSources {
  readonly channels: () => readonly ChannelCounterSnapshot[];
  /** Every transport the server runs channels on (one broker-state gauge each). */
  readonly transports: () => readonly Transport[];
  readonly store: ConfigStore;
}

type Observation =
  | { readonly kind: 'http'; readonly method: string; readonly route: string; readonly status: number; readonly seconds: number }
  | { readonly kind: 'translation'; readonly channel: number; readonly transport: string; readonly seconds: number };

interface Loaded {
  readonly registry: Registry;
  readonly http: Histogram<'method' | 'route' | 'status_code'>;
  readonly translation: Histogram<'channel' | 'transport'>;
}

const COUNTERS = [
  ['mediator_channel_messages_received_total', 'Messages a channel received from its source topic (redeliveries included)', 'received'],
  ['mediator_channel_messages_translated_total', 'Messages a channel published translated to its sink topic', 'translated'],
  ['mediator_channel_messages_failed_total', 'Messages whose parsing or translation failed', 'failed'],
  ['mediator_channel_messages_dead_lettered_total', "Failed messages whose envelope reached the channel's dead-letter topic", 'deadLettered'],
] as const;

function seriesKey(channel: number | string, transport: string): string {
  return `${channel}\u0000${transport}`;
}

export class ServerMetrics {
  private readonly queue: Observation[] = [];
  private loading: Promise<Loaded> | undefined;
  private loaded: Loaded | undefined;
  /** The label sets of the translation histogram, so a channel's series can be removed. */
  private readonly observedChannels = new Map<string, { channel: string; transport: string }>();

  constructor(private readonly sources: MetricsSources) {}

  /** One answered HTTP request; `route` is the route's pattern (`/alignments/:name/:version`), never the raw URL. */
  observeHttp(method: string, route: string, status: number, seconds: number): void {
    if (this.loaded !== undefined) this.loaded.http.observe({ method, route, status_code: status }, seconds);
    else this.enqueue({ kind: 'http', method, route, status, seconds });
  }

  /** One channel translation (successful or not). */
  readonly observeTranslation = (channel: number, transport: string, seconds: number): void => {
    if (this.loaded !== undefined) this.observeLoadedTranslation(this.loaded, channel, transport, seconds);
    else this.enqueue({ kind: 'translation', channel, transport, seconds });
  };

  private observeLoadedTranslation(loaded: Loaded, channel: number, transport: string, seconds: number): void {
    const labels = { channel: String(channel), transport };
    this.observedChannels.set(seriesKey(channel, transport), labels);
    loaded.translation.observe(labels, seconds);
  }

  /** The exposition text. */
  async render(): Promise<string> {
    const loaded = await this.load();
    return loaded.registry.metrics();
  }

  private enqueue(observation: Observation): void {
    this.queue.push(observation);
    // Loads in the background; the queue keeps growing meanwhile, a few milliseconds' worth.
    if (this.queue.length >= QUEUE_LIMIT) void this.load().catch(() => undefined);
  }

  private load(): Promise<Loaded> {
    this.loading ??= this.create().then((loaded) => {
      this.loaded = loaded;
      for (const o of this.queue.splice(0)) {
        if (o.kind === 'http') loaded.http.observe({ method: o.method, route: o.route, status_code: o.status }, o.seconds);
        else this.observeLoadedTranslation(loaded, o.channel, o.transport, o.seconds);
      }
      return loaded;
    });
    return this.loading;
  }

  private async create(): Promise<Loaded> {
    const prom = await import('prom-client');
    const { sources } = this;
    const registry = new prom.Registry();
    prom.collectDefaultMetrics({ register: registry });
    for (const [name, help, key] of COUNTERS) {
      new prom.Counter({
        name,
        help,
        labelNames: ['channel', 'transport'],
        registers: [registry],
        // Read at scrape time from the running channels: a channel's counters start again at 0
        // when it restarts, which Prometheus reads as a counter reset (rate() handles it).
        collect() {
          this.reset();
          for (const { id, transport, counters } of sources.channels()) this.inc({ channel: String(id), transport }, counters[key]);
        },
      });
    }
    new prom.Gauge({
      name: 'mediator_broker_connected',
      help: 'Per transport the server runs channels on: 1 when its broker answered a round trip during this scrape (always 1 for the in-process bus), else 0',
      labelNames: ['transport'],
      registers: [registry],
      async collect() {
        // The same check as `reachable` in GET /version?details=true (broker-status.ts: one truth).
        const states = await Promise.all(sources.transports().map(async (broker) => [broker.kind, (await brokerStatus(broker)).reachable] as const));
        for (const [transport, up] of states) this.set({ transport }, up ? 1 : 0);
      },
    });
    new prom.Gauge({
      name: 'mediator_store_connected',
      help: 'The configuration store: 1 while this process is in touch with it (sqlite: always), else 0',
      labelNames: ['store'],
      registers: [registry],
      collect() {
        const state = sources.store.state();
        this.set({ store: state.kind }, state.connected ? 1 : 0);
      },
    });
    const observed = this.observedChannels;
    const translation = new prom.Histogram({
      name: 'mediator_translation_duration_seconds',
      help: 'Time to translate one channel message (parse, alignments, serialise), failures included',
      labelNames: ['channel', 'transport'],
      buckets: TRANSLATION_BUCKETS,
      registers: [registry],
      // Only the channels this process runs, like the counters above: a deleted (or stopped)
      // channel's series go with it, so /metrics does not grow with every channel ever made (issue 40).
      // Pruned at scrape time, which also catches an in-flight message observed after the stop.
      collect() {
        const live = new Set(sources.channels().map(({ id, transport }) => seriesKey(id, transport)));
        for (const [key, labels] of observed) {
          if (live.has(key)) continue;
          this.remove(labels);
          observed.delete(key);
        }
      },
    });
    const http = new prom.Histogram({
      name: 'mediator_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
    return { registry, http, translation };
  }
}
