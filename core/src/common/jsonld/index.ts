export {
  MessageCodec,
  parseMessage,
  parseMessageFast,
  parseMessageFastInto,
  parseMessageWithJsonLd,
  serializeMessage,
  serializeMessageWithJsonLd,
  serializeMessageWithTriples,
  type TripleSource,
  type TripleSink,
  type SinkRequest,
  type ParsedMessage,
  type SerializeOptions,
} from './message-codec.js';
export { assertJsonDepth, jsonDepth, MAX_JSON_DEPTH } from './json-depth.js';
export { notJsonError } from './json-errors.js';
