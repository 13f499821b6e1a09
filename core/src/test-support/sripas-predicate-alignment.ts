/**
 * An alignment shaped like the INTER-MW integration-test alignment: a cell whose entity1 uses a
 * sripas IRI (`sripas:pred_P`) in predicate position. The reference ran it with that IRI as a
 * constant predicate (reference-mediator.md 1.7 "Predicates are never variables"), so we accept
 * it with a warning (CONTRACT.md "Translation"). Shared by the core, server and CLI tests.
 */

export const SRIPAS_PREDICATE_IRI = 'http://www.inter-iot.eu/sripas#pred_P';
export const SRIPAS_PREDICATE_CELL = 'pred_cell';
const EX = 'http://example.org/';

/** The alignment text; `name` is its dcelem:title, so each test can store its own copy. */
export function sripasPredicateAlignment(name = 'sripas-predicate'): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE RDF [
  <!ENTITY sripas "http://www.inter-iot.eu/sripas#">
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
    <dcelem:title>${name}</dcelem:title>
    <exmo:version>1.0</exmo:version>
    <dcelem:creator>tests</dcelem:creator>
    <dcelem:description>A sripas IRI in predicate position, as in the middleware's test alignment</dcelem:description>
    <sripas:cellFormat><rdf:Description rdf:about="http://inter-iot.eu/sripas#turtle"/></sripas:cellFormat>
    <align:onto1><align:Ontology rdf:about="${EX}a"/></align:onto1>
    <align:onto2><align:Ontology rdf:about="${EX}b"/></align:onto2>
    <sripas:steps rdf:parseType="Collection">
      <sripas:step sripas:order="1" sripas:cell="http://www.inter-iot.eu/sripas#${SRIPAS_PREDICATE_CELL}"/>
    </sripas:steps>
    <align:map>
      <align:Cell rdf:about="http://www.inter-iot.eu/sripas#${SRIPAS_PREDICATE_CELL}">
        <align:entity1 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">
          var:s sripas:pred_P var:o .
        </align:entity1>
        <align:entity2 rdf:datatype="http://www.w3.org/2001/XMLSchema#string">
          var:s ex:seen var:o .
        </align:entity2>
        <align:relation>=</align:relation>
      </align:Cell>
    </align:map>
  </align:Alignment>
</rdf:RDF>
`;
}

/** 1-based line of the cell's entity1 element, where the warning points. */
export function sripasPredicateEntity1Line(text: string): number {
  return text.slice(0, text.indexOf('<align:entity1')).split('\n').length;
}
