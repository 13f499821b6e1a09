/**
 * Channels (reference-mediator.md 7, CONTRACT.md "ChannelConfig: both versions"), platform channel
 * pairs (seed 1.6-1.7) and the topic tools of the workbench.
 */
import { Type, type Static } from 'typebox';
import { ConfigStoreState } from './config-store.js';
import { ref } from './schema-support.js';

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
  },
  { $id: 'ChannelConfig', additionalProperties: true },
);
export type ChannelConfig = Static<typeof ChannelConfig>;

export const ChannelStatus = Type.Union(
  [Type.Literal('idle'), Type.Literal('starting'), Type.Literal('running'), Type.Literal('stopping'), Type.Literal('stopped'), Type.Literal('failed')],
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

/** `ChannelInfo` (reference-mediator.md 6.2) with both config styles' fields, plus status and counters. */
export const ChannelInfo = Type.Object(
  {
    id: Type.Integer(),
    descId: Type.String(),
    uuid: Type.String(),
    source: Type.String(),
    sink: Type.String(),
    inpAlignmentName: Type.String(),
    inpAlignmentVersion: Type.String(),
    outAlignmentName: Type.String(),
    outAlignmentVersion: Type.String(),
    inpAlignmentId: Type.Integer({ description: '0 = no alignment' }),
    outAlignmentId: Type.Integer({ description: '0 = no alignment' }),
    consumerGroup: Type.String(),
    parallelism: Type.Integer(),
    deadLetterTopic: Type.String(),
    status: ChannelStatus,
    reason: Type.Optional(Type.String({ description: 'Why the channel is failed' })),
    counters: Type.Optional(ref(ChannelCounters)),
    createdAt: Type.Integer({ description: 'Epoch milliseconds' }),
    configStore: Type.Optional(ref(ConfigStoreState)),
  },
  { $id: 'ChannelInfo' },
);
export type ChannelInfo = Static<typeof ChannelInfo>;

export const ChannelInfoList = Type.Array(ref(ChannelInfo), { description: 'Every channel, with its status and counters' });
export type ChannelInfoList = Static<typeof ChannelInfoList>;

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
  parallelism: Type.Optional(Type.Integer()),
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
  { message: Type.String(), downstream: ref(ChannelInfo), upstream: ref(ChannelInfo) },
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
