/**
 * MQTT.js's own packet codec (mqtt-packet), loaded from where MQTT.js resolves it: the reference the
 * transport's own reader and writer (mqtt-reader.ts, mqtt-wire.ts) are compared with byte for byte.
 */
import { createRequire } from 'node:module';

export interface MqttPacketCodec {
  generate(packet: object, options: { protocolVersion: number }): Buffer;
  parser(options: { protocolVersion: number }): {
    on(event: 'packet', listener: (packet: Record<string, unknown>) => void): void;
    on(event: 'error', listener: (error: Error) => void): void;
    parse(bytes: Buffer): number;
  };
}

export const mqttPacketCodec = createRequire(createRequire(import.meta.url).resolve('mqtt'))('mqtt-packet') as MqttPacketCodec;
