/** Safe, namespace-aware XML reading, the one element tree, and its writer (fragments and documents). */
export { DEFAULT_XML_LIMITS, parseXml } from './safe-xml.js';
export type { ParseXmlOptions, XmlDocument, XmlLimits } from './safe-xml.js';
export { XML_NAMESPACE, attribute, copyElement, element, removeAttributes, text } from './xml-tree.js';
export type { XmlAttribute, XmlElement, XmlNode, XmlText } from './xml-tree.js';
export { escapeXmlAttribute, escapeXmlText, serializeDocument, serializeElement, serializeNodes } from './xml-writer.js';
export type { SerializeOptions } from './xml-writer.js';
