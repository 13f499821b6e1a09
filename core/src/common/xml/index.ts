/** Safe, namespace-aware XML reading and fragment serialisation (see safe-xml.ts). */
export {
  DEFAULT_XML_LIMITS,
  XML_NAMESPACE,
  escapeXmlAttribute,
  escapeXmlText,
  parseXml,
  serializeElement,
  serializeNodes,
} from './safe-xml.js';
export type {
  ParseXmlOptions,
  SerializeOptions,
  XmlAttribute,
  XmlDocument,
  XmlElement,
  XmlLimits,
  XmlText,
} from './safe-xml.js';
