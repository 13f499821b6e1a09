/**
 * The server's transport, with the broker client loaded only when the server uses that broker: the
 * one factory of transports (a second, synchronous one needed every client loaded up front; the
 * NATS and Kafka clients took a noticeable share of `mediator serve`'s start-up although the
 * default is the in-process bus, issue 13, "Server start").
 */
import type { Logger } from '../../common/logger.js';
import type { Transport, TransportKind } from '../../common/channels/transport.js';
import type { EmbeddedBusOptions } from './embedded-bus.js';
import type { KafkaTransportOptions } from './kafka-transport.js';
import type { NatsTransportOptions } from './nats-transport.js';
import type { MqttTransportOptions } from './mqtt-transport.js';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_KAFKA_BROKERS = '127.0.0.1:9092';
export const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';

/** What picks and configures a transport: the kind, its servers, and each kind's own options. */
export interface CreateTransportOptions {
  readonly kind: TransportKind;
  /** Comma-separated servers (NATS: `nats://host:port,...`) or brokers (Kafka: `host:port,...`), or the MQTT broker's URL. */
  readonly url?: string;
  readonly logger: Logger;
  readonly embedded?: Omit<EmbeddedBusOptions, 'logger'>;
  readonly nats?: Omit<NatsTransportOptions, 'servers' | 'logger'>;
  readonly kafka?: Omit<KafkaTransportOptions, 'brokers' | 'logger'>;
  readonly mqtt?: Omit<MqttTransportOptions, 'url' | 'logger'>;
}

/**
 * A transport of the given kind. Nothing connects here: NATS and Kafka connect on first use, so a
 * broker that is down makes channel starts fail (status `failed` with the reason) instead of the
 * server start.
 */
export async function loadTransport(options: CreateTransportOptions): Promise<Transport> {
  switch (options.kind) {
    case 'embedded': {
      const { EmbeddedBus } = await import('./embedded-bus.js');
      return new EmbeddedBus({ ...options.embedded, logger: options.logger });
    }
    case 'nats': {
      const { NatsTransport } = await import('./nats-transport.js');
      return new NatsTransport({ ...options.nats, servers: options.url ?? DEFAULT_NATS_URL, logger: options.logger });
    }
    case 'kafka': {
      const { KafkaTransport } = await import('./kafka-transport.js');
      return new KafkaTransport({ ...options.kafka, brokers: options.url ?? DEFAULT_KAFKA_BROKERS, logger: options.logger });
    }
    case 'mqtt': {
      const { MqttTransport } = await import('./mqtt-transport.js');
      return new MqttTransport({ ...options.mqtt, url: options.url ?? DEFAULT_MQTT_URL, logger: options.logger });
    }
    default: {
      const never: never = options.kind;
      throw new Error(`unknown transport kind ${String(never)}`);
    }
  }
}
