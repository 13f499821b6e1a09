/**
 * Writes suggested cells as an IPSM-AF document (reference-mediator.md 1): Turtle cells
 * (`sripas:cellFormat` turtle), one step per cell in the order given, functions and typings as
 * `sripas:transformation` and `sripas:typings`. Entity text comes from the converters' Turtle
 * writer, elements from the one XML tree and writer, so the document reads back with our reader.
 */
import { NS, XSD_STRING, type RDF } from '../rdf/terms.js';
import { attribute, element, serializeDocument, text, type XmlElement } from '../xml/index.js';
import { TurtleWriter } from '../alignment/convert-writers.js';
import { CELL_FORMAT_IRIS } from '../alignment/convert-support.js';
import type { CellDraft } from './model.js';
import { VAR_NS } from './cell-drafts.js';

export interface SuggestionHeader {
  readonly name: string;
  readonly version: string;
  readonly description?: string;
}

/** Prefixes every suggestion declares besides those of the example messages. */
const CORE_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ['rdf', NS.rdf],
  ['xsd', NS.xsd],
  ['align', NS.align],
  ['sripas', NS.sripas],
  ['var', VAR_NS],
  ['dcelem', NS.dc],
  ['exmo', NS.exmo],
  ['iiot', NS.iiot],
];

const XML_PREFIX = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** The prefixes to declare: the core ones, then the messages' (skipping clashes and names XML cannot take). */
export function suggestionPrefixes(messagePrefixes: Iterable<readonly [string, string]>): Array<readonly [string, string]> {
  const out = new Map<string, string>(CORE_PREFIXES.map(([p, iri]) => [p, iri]));
  const iris = new Set(out.values());
  for (const [prefix, iri] of messagePrefixes) {
    if (out.has(prefix) || iris.has(iri) || !XML_PREFIX.test(prefix) || /^xml/i.test(prefix) || iri === '' || /[<>"{}|^`\\\s]/.test(iri)) continue;
    out.set(prefix, iri);
    iris.add(iri);
  }
  return [...out.entries()];
}

function cellId(index: number): string {
  return `cell${String(index + 1).padStart(2, '0')}`;
}

export function writeSuggestion(cells: readonly CellDraft[], header: SuggestionHeader, prefixes: ReadonlyArray<readonly [string, string]>): string {
  const declarations = Object.create(null) as Record<string, string>;
  for (const [p, iri] of prefixes) declarations[p] = iri;
  const root = element('rdf:RDF', [], [], declarations);
  const rdf = (local: string, value: string) => attribute('rdf', NS.rdf, local, value);
  const sripas = (local: string, value: string) => attribute('sripas', NS.sripas, local, value);
  const turtle = new TurtleWriter(prefixes);
  const alignment = element('align:Alignment');
  root.children.push(alignment);
  alignment.children.push(
    element('dcelem:title', [], [text(header.name)]),
    element('exmo:version', [], [text(header.version)]),
    element('dcelem:creator', [], [text('mediator suggest')]),
    element('dcelem:description', [], [text(header.description ?? 'Suggested from example messages; review before use.')]),
    element('sripas:cellFormat', [], [element('iiot:DataFormat', [rdf('about', CELL_FORMAT_IRIS.turtle)])]),
    element('align:onto1', [], [element('align:Ontology', [rdf('about', 'http://www.inter-iot.eu/sripas#source')])]),
    element('align:onto2', [], [element('align:Ontology', [rdf('about', 'http://www.inter-iot.eu/sripas#target')])]),
    element(
      'sripas:steps',
      [rdf('parseType', 'Collection')],
      cells.map((_, i) => element('sripas:step', [sripas('order', String(i + 1)), sripas('cell', `${NS.sripas}${cellId(i)}`)])),
    ),
  );
  cells.forEach((cell, i) => {
    const out = element('align:Cell', [rdf('about', `${NS.sripas}${cellId(i)}`)]);
    const entity = (which: 'entity1' | 'entity2', quads: readonly RDF.Quad[]): XmlElement => {
      const body = turtle.write(quads);
      return element(`align:${which}`, [rdf('datatype', XSD_STRING)], body === '' ? [] : [text(body, true)]);
    };
    out.children.push(entity('entity1', cell.entity1), entity('entity2', cell.entity2), element('align:relation', [], [text('=')]));
    if (cell.functions.length > 0) {
      out.children.push(
        element(
          'sripas:transformation',
          [rdf('parseType', 'Literal')],
          cell.functions.map((f) =>
            element(
              'sripas:function',
              [sripas('about', f.name)],
              [
                ...f.params.map((p, order) =>
                  'variable' in p
                    ? element('sripas:param', [sripas('order', String(order + 1)), sripas('about', `${VAR_NS}${p.variable}`)])
                    : element('sripas:param', [
                        sripas('order', String(order + 1)),
                        sripas('val', p.value),
                        ...(p.datatype === undefined ? [] : [sripas('datatype', p.datatype)]),
                      ]),
                ),
                element('sripas:return', [sripas('about', `${VAR_NS}${f.result}`)]),
              ],
            ),
          ),
        ),
      );
    }
    if (cell.typings.length > 0) {
      out.children.push(
        element(
          'sripas:typings',
          [rdf('parseType', 'Literal')],
          cell.typings.map((t) => element('sripas:typing', [sripas('about', `${VAR_NS}${t.variable}`), sripas('datatype', t.datatype)])),
        ),
      );
    }
    alignment.children.push(element('align:map', [], [out]));
  });
  return serializeDocument(root);
}
