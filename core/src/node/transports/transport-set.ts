/**
 * The transports a server runs channels on (issue 28): the embedded bus always, plus each broker it
 * was started with (`--nats`, `--kafka`, `--mqtt`), one of them the default (what a channel without
 * `chanType` uses at both ends). A channel whose `chanType` names two different transports runs
 * over a bridge: it consumes on the source's transport and publishes on the sink's.
 */
import { channelTransports } from '../../common/channels/channel-type.js';
import type { PipelinedPublish, Transport, TransportKind } from '../../common/channels/transport.js';

/**
 * Consumes on `source`, publishes (outputs and dead letters) on `sink`. The ChannelRuntime
 * acknowledges a source message only after the sink's broker confirmed its output, so the bridge
 * keeps the guarantee of the slower side: at-least-once when both ends are durable. Closing it
 * closes neither transport (the set owns them).
 */
export function bridgeTransport(source: Transport, sink: Transport): Transport {
  const pipelined = sink.publishPipelined?.bind(sink);
  const bridge: Transport = {
    kind: source.kind,
    durable: source.durable && sink.durable,
    publish: (topic, value) => sink.publish(topic, value),
    ...(pipelined === undefined ? {} : { publishPipelined: (topic: string, value: string): PipelinedPublish => pipelined(topic, value) }),
    subscribe: (topic, group, options, handler) => source.subscribe(topic, group, options, handler),
    ...(source.prepare === undefined ? {} : { prepare: source.prepare.bind(source) }),
    ...(sink.preparePublish === undefined ? {} : { preparePublish: sink.preparePublish.bind(sink) }),
    probe: async (timeoutMs) => {
      const [a, b] = await Promise.all([source.probe?.(timeoutMs) ?? true, sink.probe?.(timeoutMs) ?? true]);
      return a && b;
    },
    brokerState: () => {
      for (const end of [source, sink]) {
        const state = end.brokerState?.();
        if (state !== undefined && !state.reachable) return state;
      }
      return { reachable: true };
    },
    close: async () => undefined,
  };
  return bridge;
}

export class TransportSet {
  private readonly bridges = new Map<string, Transport>();

  /** `transports` must hold `defaultKind` (and, in a server, `embedded`). */
  constructor(
    readonly defaultKind: TransportKind,
    private readonly transports: ReadonlyMap<TransportKind, Transport>,
  ) {
    if (!transports.has(defaultKind)) throw new Error(`the default transport ${defaultKind} is not in the set`);
  }

  /** The server's default transport. */
  get default(): Transport {
    return this.get(this.defaultKind);
  }

  /** The kinds this server runs, the default first. */
  get kinds(): TransportKind[] {
    return [this.defaultKind, ...[...this.transports.keys()].filter((k) => k !== this.defaultKind)];
  }

  all(): Transport[] {
    return [...this.transports.values()];
  }

  get(kind: TransportKind): Transport {
    const transport = this.transports.get(kind);
    if (transport === undefined) throw new Error(`this server runs no ${kind} transport`);
    return transport;
  }

  /** The transports of a channel's type (null: the default at both ends), a bridge for a mixed one. */
  forChannel(chanType: string | null): Transport {
    if (chanType === null) return this.default;
    const { source, sink } = channelTransports(chanType);
    if (source === sink) return this.get(source);
    let bridge = this.bridges.get(chanType);
    if (bridge === undefined) {
      bridge = bridgeTransport(this.get(source), this.get(sink));
      this.bridges.set(chanType, bridge);
    }
    return bridge;
  }

  /** The label of a channel's transports in GET /metrics: `mqtt`, or `mqtt->nats` for a mixed route. */
  labelOf(chanType: string | null): string {
    if (chanType === null) return this.defaultKind;
    const { source, sink } = channelTransports(chanType);
    return source === sink ? source : `${source}->${sink}`;
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.all().map((t) => t.close()));
  }
}
