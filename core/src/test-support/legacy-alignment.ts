/**
 * A legacy pure-XML alignment (reference-mediator.md 1.8): two CO_FIWARE cells written the legacy
 * way (RDF/XML node elements, `sripas:node_X` resources, a typed blank node). Used by the
 * converter's unit tests and by the POST /convert API test.
 */
export const LEGACY = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE Alignment [
  <!ENTITY var "http://www.inter-iot.eu/sripas#node_">
  <!ENTITY xsd "http://www.w3.org/2001/XMLSchema#">
]>
<Alignment xmlns:sripas="http://www.inter-iot.eu/sripas#"
           xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
           xmlns:phd="http://ontology.universAAL.org/PersonalHealthDevice.owl#"
           xmlns:hm="http://ontology.universaal.org/HealthMeasurement.owl#"
           xmlns:iiot="http://inter-iot.eu/GOIoTP#"
           name="CO_FIWARE_legacy" version="0.5" creator="SRIPAS"
           description="Two CO_FIWARE cells in the legacy format">
  <sripas:onto1>
    <sripas:Ontology about="http://inter-iot.eu/GOIoTPex#">
      <sripas:formalism>
        <sripas:Formalism name="OWL2.0" uri="http://www.w3.org/2002/07/owl#"/>
      </sripas:formalism>
    </sripas:Ontology>
  </sripas:onto1>
  <sripas:onto2>
    <sripas:Ontology about="http://inter-iot.eu/onto/syntax/FIWAREv2#"/>
  </sripas:onto2>
  <sripas:steps>
    <sripas:step order="1" cell="weight_sensor"/>
    <sripas:step order="2" cell="weight_value"/>
  </sripas:steps>
  <sripas:map>
    <sripas:Cell id="weight_sensor">
      <sripas:entity1>
        <phd:WeighingScale rdf:about="&var;CTX"/>
      </sripas:entity1>
      <sripas:entity2>
        <fw:Entity xmlns:fw="http://inter-iot.eu/syntax/FIWAREv2#" rdf:about="&var;CTX">
          <fw:hasType>WeighingScale</fw:hasType>
          <fw:hasId rdf:resource="&var;sensor_iri"/>
        </fw:Entity>
      </sripas:entity2>
      <sripas:relation>=</sripas:relation>
      <sripas:transformation>
        <sripas:function about="str">
          <sripas:param order="1" about="&var;CTX"/>
          <sripas:return about="&var;sensor_iri"/>
        </sripas:function>
      </sripas:transformation>
    </sripas:Cell>
    <sripas:Cell id="weight_value">
      <sripas:entity1>
        <hm:PersonWeight rdf:about="&var;CTX">
          <iiot:hasValue><sripas:node_weight/></iiot:hasValue>
        </hm:PersonWeight>
      </sripas:entity1>
      <sripas:entity2>
        <rdf:Description xmlns:fw="http://inter-iot.eu/syntax/FIWAREv2#" rdf:about="&var;CTX">
          <fw:hasName>weight</fw:hasName>
          <fw:hasValue>
            <rdf:Description>
              <fw:hasType>Float</fw:hasType>
              <fw:hasAttrValue rdf:resource="&var;weight"/>
            </rdf:Description>
          </fw:hasValue>
        </rdf:Description>
      </sripas:entity2>
      <sripas:relation>=</sripas:relation>
      <sripas:measure>1.0</sripas:measure>
      <sripas:typings>
        <sripas:typing about="&var;weight" datatype="&xsd;float"/>
      </sripas:typings>
    </sripas:Cell>
  </sripas:map>
</Alignment>
`;
