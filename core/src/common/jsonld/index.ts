export {
  MessageCodec,
  parseMessage,
  parseMessageFast,
  parseMessageWithJsonLd,
  serializeMessage,
  serializeMessageWithJsonLd,
  type ParsedMessage,
  type SerializeOptions,
} from './message-codec.js';
