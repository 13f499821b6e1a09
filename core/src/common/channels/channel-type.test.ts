import { describe, expect, it } from 'vitest';
import { MediatorError } from '../errors.js';
import { channelTransports, checkChannelType, defaultChannelType } from './channel-type.js';

describe('chanType (CONTRACT.md "ChannelConfig: both versions")', () => {
  it('means the server transport at both ends when omitted', () => {
    expect(defaultChannelType('embedded')).toBe('EE');
    expect(defaultChannelType('nats')).toBe('NN');
    expect(defaultChannelType('kafka')).toBe('KK');
    expect(defaultChannelType('mqtt')).toBe('MM');
  });

  it('names the transports of each end, mixed routes included', () => {
    expect(channelTransports('MN')).toEqual({ source: 'mqtt', sink: 'nats' });
    expect(channelTransports('KE')).toEqual({ source: 'kafka', sink: 'embedded' });
  });

  it.each([
    ['EE', ['embedded'], 'EE'],
    ['ee', ['embedded'], 'EE'],
    ['NN', ['nats'], 'NN'],
    ['KK', ['kafka'], 'KK'],
    ['mm', ['embedded', 'mqtt'], 'MM'],
    ['MN', ['embedded', 'mqtt', 'nats'], 'MN'],
    ['em', ['embedded', 'mqtt'], 'EM'],
  ] as const)('accepts %s on a server running %j', (type, available, normalised) => {
    expect(checkChannelType(type, available)).toBe(normalised);
  });

  it.each([
    ['MM', ['embedded'], /source transport MQTT \(M\) is not enabled.*runs channels on the embedded bus/],
    ['NN', ['embedded'], /NATS JetStream \(N\) is not enabled.*--nats nats:\/\/HOST:4222/],
    ['MN', ['embedded', 'mqtt'], /sink transport NATS JetStream \(N\) is not enabled.*the embedded bus, MQTT.*--nats/],
    ['EE', ['nats'], /the embedded bus \(E\) is not enabled.*NATS JetStream/],
    ['NK', ['nats'], /sink transport Kafka \(K\) is not enabled.*--kafka HOST:9092/],
    ['ME', ['embedded', 'nats'], /source transport MQTT \(M\) is not enabled.*--mqtt mqtt:\/\/HOST:1883/],
    ['XE', ['embedded'], /unknown source transport "X"/],
    ['E', ['embedded'], /must be two letters/],
    ['EEE', ['embedded'], /must be two letters/],
  ] as const)('refuses %s on a server running %j, naming why', (type, available, message) => {
    let caught: unknown;
    try {
      checkChannelType(type, available);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MediatorError);
    expect((caught as MediatorError).code).toBe('INVALID_CHANNEL');
    expect((caught as MediatorError).message).toMatch(message);
  });
});
