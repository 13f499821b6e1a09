/**
 * Alignments in the style of the middleware's integration tests (its `test-downstream-alignment.rdf`
 * and `test-upstream-alignment.rdf`, uploaded as versions 1.0 and 1.0.1): a `replace` from a
 * `georss:point` text to WGS84 latitude and longitude, typed filters, a type rename, and one cell
 * whose predicate is a sripas IRI (`sripas:pred_P`), which the reference runs as a constant IRI.
 * Written for this project; the middleware's own files are not copied.
 */

export type Direction = 'downstream' | 'upstream';

const DECLARATIONS = `<!DOCTYPE rdf:RDF [
  <!ENTITY sripas "http://www.inter-iot.eu/sripas#">
  <!ENTITY var "http://www.inter-iot.eu/sripas#node_">
  <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#">
]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#"
         xmlns:sripas="http://www.inter-iot.eu/sripas#"
         xmlns:var="http://www.inter-iot.eu/sripas#node_"
         xmlns:iiot="http://inter-iot.eu/GOIoTP#"
         xmlns:dcelem="http://purl.org/dc/elements/1.1/"
         xmlns:exmo="http://exmo.inrialpes.fr/align/ext/1.0/#"
         xmlns:georss="http://www.georss.org/georss/"
         xmlns:geo="http://www.w3.org/2003/01/geo/wgs84_pos#"
         xmlns:plat="http://example.org/test-platform#">`;

function cell(id: string, entity1: string, entity2: string, extra = ''): string {
  return `
    <align:map>
      <align:Cell rdf:about="http://www.inter-iot.eu/sripas#${id}">
        <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">${entity1}</align:entity1>
        <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">${entity2}</align:entity2>
        <align:relation>=</align:relation>${extra}
      </align:Cell>
    </align:map>`;
}

/** Downstream: central (GOIoTP, georss) to the platform's ontology (WGS84 numbers). */
function downstreamCells(): string[] {
  const location = cell(
    'down_location',
    'var:loc georss:point var:point .',
    'var:loc geo:lat var:lat ; geo:long var:long .',
    `
        <sripas:transformation rdf:parseType="Literal">
          <sripas:function sripas:about="REPLACE">
            <sripas:param sripas:order="1" sripas:about="&var;point"/>
            <sripas:param sripas:order="2" sripas:val="^([^ ]+) .*$"/>
            <sripas:param sripas:order="3" sripas:val="$1"/>
            <sripas:return sripas:about="&var;lat"/>
          </sripas:function>
          <sripas:function sripas:about="REPLACE">
            <sripas:param sripas:order="1" sripas:about="&var;point"/>
            <sripas:param sripas:order="2" sripas:val="^[^ ]+ ([^ ]+)$"/>
            <sripas:param sripas:order="3" sripas:val="$1"/>
            <sripas:return sripas:about="&var;long"/>
          </sripas:function>
        </sripas:transformation>
        <sripas:filters rdf:parseType="Literal">
          <sripas:filter sripas:about="&var;point" sripas:datatype="&xsd;string"/>
        </sripas:filters>
        <sripas:typings rdf:parseType="Literal">
          <sripas:typing sripas:about="&var;lat" sripas:datatype="&xsd;double"/>
          <sripas:typing sripas:about="&var;long" sripas:datatype="&xsd;double"/>
        </sripas:typings>`,
  );
  const device = cell('down_device', 'var:dev a iiot:IoTDevice .', 'var:dev a plat:Sensor .');
  // The middleware's third cell: a sripas IRI where a predicate stands, a constant for the reference.
  const predicate = cell('down_pred', 'var:s sripas:pred_P var:o .', 'var:s plat:relatedTo var:o .');
  return [location, device, predicate];
}

/** Upstream: the platform's ontology back to the central one. */
function upstreamCells(): string[] {
  const location = cell(
    'up_location',
    'var:loc geo:lat var:lat ; geo:long var:long .',
    'var:loc georss:point var:point .',
    `
        <sripas:transformation rdf:parseType="Literal">
          <sripas:function sripas:about="CONCAT">
            <sripas:param sripas:order="1" sripas:about="&var;lat"/>
            <sripas:param sripas:order="2" sripas:val=" "/>
            <sripas:param sripas:order="3" sripas:about="&var;long"/>
            <sripas:return sripas:about="&var;point"/>
          </sripas:function>
        </sripas:transformation>
        <sripas:filters rdf:parseType="Literal">
          <sripas:filter sripas:about="&var;lat" sripas:datatype="&xsd;string"/>
          <sripas:filter sripas:about="&var;long" sripas:datatype="&xsd;string"/>
        </sripas:filters>`,
  );
  const device = cell('up_device', 'var:dev a plat:Sensor .', 'var:dev a iiot:IoTDevice .');
  const predicate = cell('up_pred', 'var:s sripas:pred_P var:o .', 'var:s iiot:relatedTo var:o .');
  return [location, device, predicate];
}

/** The alignment of one direction, named `<title>` at `version`. */
export function middlewareStyleAlignment(direction: Direction, title: string, version: string): string {
  const cells = direction === 'downstream' ? downstreamCells() : upstreamCells();
  const ids = direction === 'downstream' ? ['down_location', 'down_device', 'down_pred'] : ['up_location', 'up_device', 'up_pred'];
  const [source, target] =
    direction === 'downstream'
      ? ['http://inter-iot.eu/GOIoTP#', 'http://example.org/test-platform#']
      : ['http://example.org/test-platform#', 'http://inter-iot.eu/GOIoTP#'];
  return `<?xml version="1.0" encoding="UTF-8"?>
${DECLARATIONS}
  <align:Alignment>
    <dcelem:title>${title}</dcelem:title>
    <exmo:version>${version}</exmo:version>
    <dcelem:creator>Mediator Workbench tests</dcelem:creator>
    <dcelem:description>${direction} alignment in the style of the middleware's integration tests</dcelem:description>
    <sripas:cellFormat><iiot:DataFormat rdf:about="http://inter-iot.eu/sripas#turtle"/></sripas:cellFormat>
    <align:onto1><align:Ontology rdf:about="${source}"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="${target}"/></align:onto2>
    <sripas:steps rdf:parseType="Collection">
${ids.map((id, i) => `      <sripas:step sripas:order="${i + 1}" sripas:cell="http://www.inter-iot.eu/sripas#${id}"/>`).join('\n')}
    </sripas:steps>${cells.join('')}
  </align:Alignment>
</rdf:RDF>
`;
}

/** What the middleware's `TestUtils.uploadAlignments` does for 1.0.1: rewrite `<exmo:version>`. */
export function withVersion(xml: string, version: string): string {
  return xml.replace(/<exmo:version>[^<]*<\/exmo:version>/u, `<exmo:version>${version}</exmo:version>`);
}
