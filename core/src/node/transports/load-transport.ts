/**
 * The server's transport, with the broker client loaded only when the server uses that broker.
 * `createTransport` (index.ts) needs every client loaded up front; the NATS and Kafka clients took
 * a noticeable share of `mediator serve`'s start-up although the default is the in-process bus
 * (issue 13, "Server start").
 */
import type { Transport } from '../../common/channels/transport.js';
import type { CreateTransportOptions } from './index.js';

export const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';
export const DEFAULT_KAFKA_BROKERS = '127.0.0.1:9092';
export const DEFAULT_MQTT_URL = 'mqtt://127.0.0.1:1883';

/** Like `createTransport`: nothing connects here (NATS and Kafka connect on first use). */
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
