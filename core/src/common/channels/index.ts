export type {
  TransportMessage,
  Subscription,
  Transport,
  TransportKind,
  MessageHandler,
  SubscribeOptions,
  StartPosition,
} from './transport.js';
export {
  ChannelRuntime,
  describeError,
  TRANSLATION_FAILED,
  type ChannelStatus,
  type ChannelRuntimeConfig,
  type ChannelRuntimeOptions,
  type ChannelTranslation,
  type ChannelTranslate,
  type ChannelCounters,
  type ChannelErrorInfo,
  type ChannelMessageEvent,
  type ChannelStatusEvent,
  type DeadLetterEnvelope,
} from './channel-runtime.js';
