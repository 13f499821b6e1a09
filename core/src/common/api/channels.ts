/**
 * Channels (reference-mediator.md 7, CONTRACT.md "ChannelConfig: both versions"), platform channel
 * pairs (seed 1.6-1.7) and the topic tools of the workbench.
 */
import { Type, type Static } from 'typebox';
import { ConfigStoreState } from './config-store.js';
import { ref } from './schema-support.js';

/** STE's channel type (CONTRACT.md "ChannelConfig: both versions"): source then sink transport. */
export const ChannelType = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description:
    "Two letters, source transport then sink transport: E embedded bus, N NATS JetStream, K Kafka, M MQTT. Omitted: the server's transport at both ends.",
});

export const ChannelConfig = Type.Object(
  {
    source: Type.String({ description: 'Source topic' }),
    sink: Type.String({ description: 'Sink topic' }),
    inpAlignmentName: Type.Optional(Type.String({ description: '0.5 style; empty name and version = no alignment' })),
    inpAlignmentVersion: Type.Optional(Type.String()),
    outAlignmentName: Type.Optional(Type.String()),
    outAlignmentVersion: Type.Optional(Type.String()),
    inpAlignmentId: Type.Optional(Type.Integer({ description: '0.4 style: AlignmentInfo id, 0 = none' })),
    outAlignmentId: Type.Optional(Type.Integer()),
    parallelism: Type.Optional(Type.Integer({ minimum: 1, maximum: 1024, description: 'Messages translated at once: 1 when omitted, at most 1024' })),
    optConsumerGroup: Type.Optional(Type.String()),
    deadLetterTopic: Type.Optional(Type.String({ description: 'Default <sink>.errors' })),
    chanType: Type.Optional(ChannelType),
  },
  { $id: 'ChannelConfig', additionalProperties: true },
);
export type ChannelConfig = Static<typeof ChannelConfig>;

/**
 * `POST /v1/channels` (STE 1.0, CONTRACT.md "The successor's API"): `chanType` is required,
 * `optParallelism` is STE's name for `parallelism`.
 */
export const SteChannelConfig = Type.Object(
  {
    source: Type.String({ description: 'Source topic' }),
    sink: Type.String({ description: 'Sink topic' }),
    inpAlignmentName: Type.Optional(Type.String({ description: 'Empty name and version = no alignment' })),
    inpAlignmentVersion: Type.Optional(Type.String()),
    outAlignmentName: Type.Optional(Type.String()),
    outAlignmentVersion: Type.Optional(Type.String()),
    chanType: ChannelType,
    optParallelism: Type.Optional(Type.Integer({ minimum: 1, maximum: 1024, description: 'Messages translated at once; 1 when omitted' })),
    optConsumerGroup: Type.Optional(Type.String({ description: 'A new UUID when omitted' })),
  },
  { $id: 'SteChannelConfig', additionalProperties: true },
);
export type SteChannelConfig = Static<typeof SteChannelConfig>;

export const ChannelStatus = Type.Union(
  [
    Type.Literal('idle'),
    Type.Literal('starting'),
    Type.Literal('running'),
    Type.Literal('stopping'),
    Type.Literal('stopped'),
    Type.Literal('failed'),
    // Issue 32: started, but its broker cannot be reached, so nothing is consumed (reason says why).
    Type.Literal('broker-down'),
  ],
  { description: '`failed` comes with a `reason`' },
);
export type ChannelStatus = Static<typeof ChannelStatus>;

export const ChannelCounters = Type.Object(
  {
    received: Type.Integer({ description: 'Handler calls (deliveries), redeliveries included' }),
    translated: Type.Integer({ description: 'Messages published to the sink (empty payloads included)' }),
    failed: Type.Integer({ description: 'Messages whose parsing or translation failed' }),
    deadLettered: Type.Integer({ description: 'Failed messages whose envelope reached the dead-letter topic' }),
    cellFailures: Type.Integer({ description: 'Skipped cells, summed over translated messages' }),
    redelivered: Type.Integer({ description: 'Deliveries flagged as redelivered by the transport' }),
    publishErrors: Type.Integer({ description: 'Sink or dead-letter publishes that failed' }),
    lastLatencyMs: Type.Number({ description: 'Receive-to-published time of the last message, ms; 0 before the first' }),
    meanLatencyMs: Type.Number({ description: 'Mean receive-to-published time, ms; 0 before the first' }),
  },
  { $id: 'ChannelCounters' },
);
export type ChannelCounters = Static<typeof ChannelCounters>;

/**
 * `ChannelInfo` exactly as the reference sends it (reference-mediator.md 6.2): the default answer of
 * `GET /channels`. The middleware's Java client reads it with Jackson's default mapper, which throws
 * on any key it does not know, so nothing may be added here (CONTRACT.md "REST API").
 */
const referenceChannelFields = {
  id: Type.Integer(),
  descId: Type.String({ description: '<source> -> ({<inpName>}:<inpVersion> -> {<outName>}:<outVersion>) -> <sink>' }),
  uuid: Type.String(),
  source: Type.String(),
  sink: Type.String(),
  inpAlignmentName: Type.String({ description: 'Empty (with the version) = no input alignment' }),
  inpAlignmentVersion: Type.String(),
  outAlignmentName: Type.String({ description: 'Empty (with the version) = no output alignment' }),
  outAlignmentVersion: Type.String(),
  consumerGroup: Type.String(),
  parallelism: Type.Integer({ minimum: 1 }),
};

export const ChannelInfo = Type.Object(referenceChannelFields, {
  $id: 'ChannelInfo',
  additionalProperties: false,
  description: "The reference's 11 keys, no others (GET /channels without ?details=true)",
});
export type ChannelInfo = Static<typeof ChannelInfo>;

/** `ChannelInfo` of the successor mediator (STE 1.0): the reference's 11 keys plus `chanType`. */
export const SteChannelInfo = Type.Object(
  { ...referenceChannelFields, chanType: ChannelType },
  { $id: 'SteChannelInfo', additionalProperties: false, description: 'GET /v1/channels: the 11 IPSM keys and chanType, no others' },
);
export type SteChannelInfo = Static<typeof SteChannelInfo>;

/** What the workbench and a fleet read (`GET /channels?details=true`): the reference keys plus ours. */
export const ChannelDetails = Type.Object(
  {
    ...referenceChannelFields,
    chanType: ChannelType,
    inpAlignmentId: Type.Integer({ description: '0 = no alignment' }),
    outAlignmentId: Type.Integer({ description: '0 = no alignment' }),
    deadLetterTopic: Type.String(),
    status: ChannelStatus,
    reason: Type.Optional(Type.String({ description: 'Why the channel is failed' })),
    counters: Type.Optional(ref(ChannelCounters)),
    createdAt: Type.Integer({ description: 'Epoch milliseconds' }),
    configStore: Type.Optional(ref(ConfigStoreState)),
  },
  { $id: 'ChannelDetails', description: 'A channel with its status and counters (GET /channels?details=true)' },
);
export type ChannelDetails = Static<typeof ChannelDetails>;

export const ChannelInfoList = Type.Array(ref(ChannelInfo), { description: "Every channel, the reference's keys only" });
export type ChannelInfoList = Static<typeof ChannelInfoList>;

export const ChannelDetailsList = Type.Array(ref(ChannelDetails), { description: 'Every channel, with its status and counters' });
export type ChannelDetailsList = Static<typeof ChannelDetailsList>;

export const SteChannelInfoList = Type.Array(ref(SteChannelInfo), { description: "Every channel in STE's shape" });
export type SteChannelInfoList = Static<typeof SteChannelInfoList>;

export const ChannelCreated = Type.Object({ message: Type.String({ description: 'Names the new channel id' }), id: Type.Integer() }, { $id: 'ChannelCreated' });
export type ChannelCreated = Static<typeof ChannelCreated>;

export const ChannelIdParams = Type.Object({ channelId: Type.String({ pattern: '^[0-9]+$', description: 'Integer channel id' }) });
export type ChannelIdParams = Static<typeof ChannelIdParams>;

export const TopicSpelling = Type.Union([Type.Literal('mediator'), Type.Literal('ipsm')], {
  description: '"mediator" (default) or "ipsm" (the spelling of the middleware shipped with the reference)',
});
export type TopicSpelling = Static<typeof TopicSpelling>;

export const PlatformParams = Type.Object({ platformId: Type.String({ description: 'The platform id, e.g. http://inter-iot.eu/platforms/p1, URL-encoded' }) });
export type PlatformParams = Static<typeof PlatformParams>;

export const SpellingQuery = Type.Object({ spelling: Type.Optional(TopicSpelling) });
export type SpellingQuery = Static<typeof SpellingQuery>;

export const TopicPair = Type.Object({ source: Type.String(), sink: Type.String() });
export type TopicPair = Static<typeof TopicPair>;

export const PlatformTopics = Type.Object(
  {
    platformId: Type.String(),
    encodedId: Type.String({ description: 'The platform id as it appears in topic names' }),
    downstream: TopicPair,
    upstream: TopicPair,
  },
  { $id: 'PlatformTopics' },
);
export type PlatformTopics = Static<typeof PlatformTopics>;

const alignmentFields = {
  inpAlignmentName: Type.Optional(Type.String()),
  inpAlignmentVersion: Type.Optional(Type.String()),
  outAlignmentName: Type.Optional(Type.String()),
  outAlignmentVersion: Type.Optional(Type.String()),
  inpAlignmentId: Type.Optional(Type.Integer()),
  outAlignmentId: Type.Optional(Type.Integer()),
  parallelism: Type.Optional(Type.Integer({ minimum: 1, maximum: 1024, description: 'Messages translated at once: 1 when omitted, at most 1024' })),
  optConsumerGroup: Type.Optional(Type.String()),
};

/**
 * The alignment fields of a ChannelConfig (either style) used by both channels, and/or per-channel
 * `downstream` and `upstream` objects. The service checks the combinations (400 INVALID_CHANNEL).
 */
export const PlatformChannelsRequest = Type.Object(
  {
    ...alignmentFields,
    spelling: Type.Optional(Type.String({ description: '"mediator" (default) or "ipsm"' })),
    downstream: Type.Optional(Type.Object(alignmentFields, { additionalProperties: true })),
    upstream: Type.Optional(Type.Object(alignmentFields, { additionalProperties: true })),
  },
  { $id: 'PlatformChannelsRequest', additionalProperties: true },
);
export type PlatformChannelsRequest = Static<typeof PlatformChannelsRequest>;

export const PlatformChannelsReply = Type.Object(
  { message: Type.String(), downstream: ref(ChannelDetails), upstream: ref(ChannelDetails) },
  { $id: 'PlatformChannelsReply' },
);
export type PlatformChannelsReply = Static<typeof PlatformChannelsReply>;

export const TopicParams = Type.Object({ topic: Type.String() });
export type TopicParams = Static<typeof TopicParams>;

export const TopicMessagesQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'At most this many (default 50, at most 1000)' })),
});
export type TopicMessagesQuery = Static<typeof TopicMessagesQuery>;

export const TopicMessage = Type.Object(
  {
    topic: Type.String(),
    offset: Type.Integer(),
    value: Type.String({ description: 'The message text as published' }),
    publishedAt: Type.Integer({ description: 'Epoch milliseconds' }),
  },
  { $id: 'TopicMessage' },
);
export type TopicMessage = Static<typeof TopicMessage>;

export const TopicMessageList = Type.Array(ref(TopicMessage), { description: 'The most recent messages, oldest first' });
export type TopicMessageList = Static<typeof TopicMessageList>;

export const PublishMessageBody = Type.Unknown({ description: 'The message, any JSON; a JSON string is published as that string' });
