// Pure core: runs anywhere (Node, browser, Electron). Never imports node:* (STYLE.md).
export * from './errors.js';
export * from './problem-codes.js';
export * from './rdf/terms.js';
export * from './alignment/index.js';
export * from './alignment-diff/index.js';
export * from './translation/index.js';
export * from './jsonld/index.js';
export * from './logger.js';
export * from './platforms/platform-topics.js';
export * from './channels/index.js';
export * from './security/content-security-policy.js';
export * from './mw-api-history/index.js';
export * from './bridge-assistant/index.js';
export { decodeXml, XML_ENCODINGS } from './xml/decode-xml.js';
export * from './suites/index.js';
export { isomorphic } from './rdf/isomorphism.js';
// The REST API's schemas and types (issue 14), as one namespace: several API shapes share a name
// with the engine's own types (Problem, CellFailure, ChannelCounters...), which they must match.
export * as api from './api/index.js';
export * from './suggest/index.js';
