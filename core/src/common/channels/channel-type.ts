/**
 * STE's `chanType` (CONTRACT.md "ChannelConfig: both versions"): two letters, the source's
 * transport then the sink's. A server runs channels on the transports it was started with; a type
 * naming another one is refused with a message that says which transport is missing and how to
 * start the server with it, so a client learns the fix from the error alone.
 */
import { BadRequestError, ErrorCodes } from '../errors.js';
import type { TransportKind } from './transport.js';

/** Every letter STE defines, with the name people know the transport by and the option that enables it. */
const LETTERS: Readonly<Record<string, { readonly name: string; readonly kind: TransportKind; readonly enable: string }>> = {
  E: { name: 'the embedded bus', kind: 'embedded', enable: 'nothing: every server has it' },
  N: { name: 'NATS JetStream', kind: 'nats', enable: '`mediator serve --nats nats://HOST:4222`' },
  K: { name: 'Kafka', kind: 'kafka', enable: '`mediator serve --kafka HOST:9092`' },
  M: { name: 'MQTT', kind: 'mqtt', enable: '`mediator serve --mqtt mqtt://HOST:1883`' },
};

const LETTER_OF: Readonly<Record<TransportKind, string>> = { embedded: 'E', nats: 'N', kafka: 'K', mqtt: 'M' };

/** The transport a `chanType` letter names (`E`, `N`, `K`, `M`). */
export function transportOfLetter(letter: string): TransportKind | undefined {
  return LETTERS[letter]?.kind;
}

/** The source and sink transports of a normalised (checked) `chanType`. */
export function channelTransports(chanType: string): { readonly source: TransportKind; readonly sink: TransportKind } {
  const source = transportOfLetter(chanType[0] ?? '');
  const sink = transportOfLetter(chanType[1] ?? '');
  if (source === undefined || sink === undefined) throw new Error(`"${chanType}" is not a checked chanType`);
  return { source, sink };
}

/** The type of a channel on `kind` at both ends: what an omitted `chanType` means. */
export function defaultChannelType(kind: TransportKind): string {
  const letter = LETTER_OF[kind];
  return `${letter}${letter}`;
}

/**
 * Checks a `chanType` against the transports this server runs (`available`); answers the
 * normalised (upper-case) type. Throws 400 INVALID_CHANNEL naming the transport it lacks.
 */
export function checkChannelType(chanType: string, available: readonly TransportKind[]): string {
  const type = chanType.trim().toUpperCase();
  if (!/^[A-Z]{2}$/u.test(type)) {
    throw new BadRequestError(
      `chanType "${chanType}" must be two letters (source then sink transport): E embedded, N NATS, K Kafka, M MQTT`,
      ErrorCodes.invalidChannel,
    );
  }
  for (const [index, letter] of [...type].entries()) {
    const side = index === 0 ? 'source' : 'sink';
    const transport = LETTERS[letter];
    if (transport === undefined) {
      throw new BadRequestError(
        `chanType "${chanType}": unknown ${side} transport "${letter}" (E embedded, N NATS, K Kafka, M MQTT)`,
        ErrorCodes.invalidChannel,
      );
    }
    if (!available.includes(transport.kind)) {
      const running = available.map((k) => LETTERS[LETTER_OF[k]]?.name ?? k).join(', ');
      throw new BadRequestError(
        `chanType "${chanType}": the ${side} transport ${transport.name} (${letter}) is not enabled on this server, which runs channels on ${running}; it needs ${transport.enable}`,
        ErrorCodes.invalidChannel,
      );
    }
  }
  return type;
}
