/**
 * A one-cell IPSM-AF alignment for synthetic cells: the tests of fixed reference bugs
 * (contract-fixes) and of arithmetic (golden-arithmetic) write only the cell's parts.
 */
const EX = 'http://example.org/';

/** A one-cell IPSM-AF alignment; entity texts are Turtle with `var:` = sripas `node_` variables. */
export function oneCellAlignment(
  cell: { entity1: string; entity2: string; transformation?: string; typings?: string; id?: string },
  header: { title?: string; description?: string } = {},
): string {
  const id = cell.id ?? 'c1';
  return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE RDF [
  <!ENTITY sripas "http://www.inter-iot.eu/sripas#">
  <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#">
]>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
         xmlns:sripas="http://www.inter-iot.eu/sripas#"
         xmlns="http://www.inter-iot.eu/sripas#"
         xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#"
         xmlns:dcelem="http://purl.org/dc/elements/1.1/"
         xmlns:exmo="http://exmo.inrialpes.fr/align/ext/1.0/#"
         xmlns:var="http://www.inter-iot.eu/sripas#node_"
         xmlns:ex="${EX}">
  <align:Alignment>
    <dcelem:title>${header.title ?? 'Fixes'}</dcelem:title>
    <exmo:version>1.0</exmo:version>
    <dcelem:creator>tests</dcelem:creator>
    <dcelem:description>${header.description ?? 'Synthetic cells for the fixed reference bugs'}</dcelem:description>
    <sripas:cellFormat><rdf:Description rdf:about="http://inter-iot.eu/sripas#turtle"/></sripas:cellFormat>
    <align:onto1><align:Ontology rdf:about="${EX}a"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="${EX}b"/></align:onto2>
    <sripas:steps rdf:parseType="Collection">
      <sripas:step sripas:order="1" sripas:cell="http://www.inter-iot.eu/sripas#${id}"/>
    </sripas:steps>
    <align:map>
      <align:Cell rdf:about="http://www.inter-iot.eu/sripas#${id}">
        <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">${cell.entity1}</align:entity1>
        <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">${cell.entity2}</align:entity2>
        <align:relation>=</align:relation>
        ${cell.transformation === undefined ? '' : `<sripas:transformation rdf:parseType="Literal">${cell.transformation}</sripas:transformation>`}
        ${cell.typings === undefined ? '' : `<sripas:typings rdf:parseType="Literal">${cell.typings}</sripas:typings>`}
      </align:Cell>
    </align:map>
  </align:Alignment>
</rdf:RDF>
`;
}
