/**
 * Channel transports (Node only) and the factory the server uses to pick one from its settings.
 */
import type { Transport } from '../../common/channels/transport.js';
import { EmbeddedBus } from './embedded-bus.js';
import { KafkaTransport } from './kafka-transport.js';
import { NatsTransport } from './nats-transport.js';
import { MqttTransport } from './mqtt-transport.js';
import { DEFAULT_KAFKA_BROKERS, DEFAULT_MQTT_URL, DEFAULT_NATS_URL, type CreateTransportOptions } from './load-transport.js';

export { EmbeddedBus, type EmbeddedBusOptions, type BusRecord, type TopicSummary } from './embedded-bus.js';
export { NatsTransport, natsNames, natsDurableName, natsToken, TransportClosedError, type NatsTransportOptions, type NatsNames } from './nats-transport.js';
export { KafkaTransport, OffsetTracker, type KafkaTransportOptions } from './kafka-transport.js';
export { MqttTransport, DEFAULT_MQTT_MAX_MESSAGE_BYTES, type MqttTransportOptions } from './mqtt-transport.js';
export { TransportSet, bridgeTransport } from './transport-set.js';
export { recentMessagesOf, type RecentMessage, type RecentMessages } from './recent-messages.js';

export { DEFAULT_NATS_URL, DEFAULT_KAFKA_BROKERS, DEFAULT_MQTT_URL, loadTransport, type CreateTransportOptions } from './load-transport.js';

/**
 * A transport of the given kind. Nothing connects here: NATS and Kafka connect on first use, so a
 * broker that is down makes channel starts fail (status `failed` with the reason) instead of the
 * server start.
 */
export function createTransport(options: CreateTransportOptions): Transport {
  switch (options.kind) {
    case 'embedded':
      return new EmbeddedBus({ ...options.embedded, logger: options.logger });
    case 'nats':
      return new NatsTransport({ ...options.nats, servers: options.url ?? DEFAULT_NATS_URL, logger: options.logger });
    case 'kafka':
      return new KafkaTransport({ ...options.kafka, brokers: options.url ?? DEFAULT_KAFKA_BROKERS, logger: options.logger });
    case 'mqtt':
      return new MqttTransport({ ...options.mqtt, url: options.url ?? DEFAULT_MQTT_URL, logger: options.logger });
    default: {
      const never: never = options.kind;
      throw new Error(`unknown transport kind ${String(never)}`);
    }
  }
}
