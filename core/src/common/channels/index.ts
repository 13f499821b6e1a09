export type {
  TransportMessage,
  Subscription,
  Transport,
  PipelinedPublish,
  TransportKind,
  MessageHandler,
  SubscribeOptions,
  StartPosition,
} from './transport.js';
export {
  ChannelRuntime,
  DEFAULT_PUBLISH_WINDOW,
  describeError,
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
export { TurnBudget, DEFAULT_TURN_BUDGET_MS, processTurnBudget } from './turn-budget.js';
export { channelTransports, checkChannelType, defaultChannelType, transportOfLetter } from './channel-type.js';
export { loopClosedBy, type ChannelEdge } from './channel-loops.js';
