/**
 * Channel transports (Node only) and the factory the server uses to pick one from its settings
 * (loadTransport, which loads a broker's client only when the server uses that broker).
 */
export { EmbeddedBus, type EmbeddedBusOptions, type BusRecord, type TopicSummary } from './embedded-bus.js';
export { NatsTransport, natsNames, natsDurableName, natsToken, TransportClosedError, type NatsTransportOptions, type NatsNames } from './nats-transport.js';
export { KafkaTransport, OffsetTracker, type KafkaTransportOptions } from './kafka-transport.js';
export { MqttTransport, DEFAULT_MQTT_MAX_MESSAGE_BYTES, type MqttTransportOptions } from './mqtt-transport.js';
export { TransportSet, bridgeTransport } from './transport-set.js';
export { recentMessagesOf, type RecentMessage, type RecentMessages } from './recent-messages.js';

export { DEFAULT_NATS_URL, DEFAULT_KAFKA_BROKERS, DEFAULT_MQTT_URL, loadTransport, type CreateTransportOptions } from './load-transport.js';
