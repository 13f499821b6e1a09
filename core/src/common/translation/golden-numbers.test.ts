/**
 * Golden-style tests for issue 16: real BodyCloud messages whose measurements are changed from
 * typed strings to JSON numbers of each kind, translated through their real alignment. The
 * expected payloads are the reference's output-payload.nt for the unchanged message with the
 * measurement's literal replaced by the term jsonld-java reads from the number (and the typing
 * cells' STRDT(STR(?v), ...) applied to that lexical form), written out here in full.
 */
import { Parser } from 'n3';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileAlignment, type CompiledAlignment } from './compile-alignment.js';
import { readMessage, translateMessage } from './index.js';
import { isomorphic } from '../../test-support/isomorphism.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../rdf/terms.js';
import { readData } from '../../test-support/shared-data.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';
let bodyCloud: CompiledAlignment;

beforeAll(async () => {
  bodyCloud = await compileAlignment(readData('alignments/BodyCloud_CO.rdf'), { source: 'alignments/BodyCloud_CO.rdf' });
});

/** The payload graph of a translated message, as triples in the default graph. */
async function outputPayload(message: string): Promise<RDF.Quad[]> {
  const result = await translateMessage(message, [bodyCloud]);
  expect(result.failures).toEqual([]);
  return (await readMessage(result.message)).quads
    .filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload)
    .map((q) => factory.quad(q.subject, q.predicate, q.object));
}

function replaceOnce(text: string, from: string, to: string): string {
  expect(text.split(from)).toHaveLength(2);
  return text.replace(from, to);
}

function expectPayload(actual: RDF.Quad[], expectedNt: string): void {
  const expected = new Parser({ format: 'N-Triples' }).parse(expectedNt) as unknown as RDF.Quad[];
  expect(actual.length).toBe(expected.length);
  if (!isomorphic(actual, expected)) {
    // Shows which literal differs.
    const literals = (qs: RDF.Quad[]) =>
      qs
        .filter((q) => q.object.termType === 'Literal')
        .map((q) => `${q.predicate.value} ${JSON.stringify(q.object)}`)
        .sort();
    expect(literals(actual)).toEqual(literals(expected));
  }
  expect(isomorphic(actual, expected)).toBe(true);
}

describe('bc-weight.json via BodyCloud_CO with the weight and the timestamp as JSON numbers', () => {
  const original = readData('messages/bc-weight.json');
  const weightText = `{
          "@type": "xsd:float",
          "@value": "68.5"
        }`;
  const timestampText = '"bc:hasTimestamp": "1504126800"';

  /** golden/bc-weight__BodyCloud_CO/output-payload.nt with the two literals as parameters. */
  const payload = (weight: string, time: string): string => `
<http://inter-iot.eu/bodycloud/001EXP> <http://inter-iot.eu/GOIoTPex#hasLocalId> "http://inter-iot.eu/bodycloud/001EXP" .
<http://inter-iot.eu/bodycloud/001EXP> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/GOIoTP#User> .
_:result <http://inter-iot.eu/GOIoTP#hasUnit> <http://sweet.jpl.nasa.gov/2.3/reprSciUnits.owl#kilogram> .
_:result <http://inter-iot.eu/GOIoTP#hasValue> ${weight} .
_:result <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ontology.universaal.org/HealthMeasurement.owl#PersonWeight> .
_:result <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Result> .
_:instant <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2006/time#Instant> .
_:instant <http://www.w3.org/2006/time#numericPosition> ${time} .
_:observation <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Observation> .
_:observation <http://www.w3.org/ns/sosa/hasResult> _:result .
_:observation <http://www.w3.org/ns/sosa/madeBySensor> _:sensor .
_:observation <http://www.w3.org/ns/sosa/phenomenonTime> _:instant .
_:sensor <http://inter-iot.eu/GOIoTP#hasUser> <http://inter-iot.eu/bodycloud/001EXP> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/GOIoTP#IoTDevice> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ontology.universAAL.org/PersonalHealthDevice.owl#WeighingScale> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Sensor> .
`;
  const referenceTime = `"1504126800"^^<${XSD}decimal>`;

  it('unchanged message: the reference output (the parameters are right)', async () => {
    expectPayload(await outputPayload(original), payload(`"68.5"^^<${XSD}float>`, referenceTime));
  });

  it.each([
    // [the weight in the message, the hasValue literal of the output]
    ['72.0', `"7.2E1"^^<${XSD}double>`],
    ['68.5', `"6.85E1"^^<${XSD}double>`],
    ['1.0', `"1.0E0"^^<${XSD}double>`],
    ['1E2', `"1.0E2"^^<${XSD}double>`],
    ['1e20', `"1.0E20"^^<${XSD}double>`],
    ['1e21', `"1.0E21"^^<${XSD}double>`],
    ['0.30000000000000004', `"3.0000000000000004E-1"^^<${XSD}double>`],
    ['-0.0', `"-0.0E0"^^<${XSD}double>`],
    ['-68.5', `"-6.85E1"^^<${XSD}double>`],
    ['5e-324', `"5.0E-324"^^<${XSD}double>`],
    ['1.7976931348623157E308', `"1.7976931348623157E308"^^<${XSD}double>`],
    ['72', `"72"^^<${XSD}integer>`],
    ['12345678901234567890', `"12345678901234567890"^^<${XSD}integer>`],
    ['{"@type": "xsd:float", "@value": 68.5}', `"6.85E1"^^<${XSD}float>`],
    ['{"@type": "xsd:float", "@value": 68}', `"68"^^<${XSD}float>`],
    ['{"@type": "xsd:int", "@value": 1E2}', `"1.0E2"^^<${XSD}int>`],
    ['{"@type": "xsd:double", "@value": 68}', `"6.8E1"^^<${XSD}double>`],
    ['{"@type": "xsd:long", "@value": 18446744073709551617}', `"18446744073709551617"^^<${XSD}long>`],
  ])('weight %s -> %s', async (weight, literal) => {
    const message = replaceOnce(original, weightText, weight);
    const payloadQuads = await outputPayload(message);
    expectPayload(payloadQuads, payload(literal, referenceTime));
  });

  it.each([
    // The timestamp cell types it with STRDT(STR(?time), xsd:decimal): the lexical form carries over.
    ['1504126800', `"1504126800"^^<${XSD}decimal>`],
    ['1.5041268E9', `"1.5041268E9"^^<${XSD}decimal>`],
    ['1504126800.0', `"1.5041268E9"^^<${XSD}decimal>`],
    ['150412680000000000000000', `"150412680000000000000000"^^<${XSD}decimal>`],
  ])('timestamp %s -> %s', async (time, literal) => {
    const message = replaceOnce(original, timestampText, `"bc:hasTimestamp": ${time}`);
    expectPayload(await outputPayload(message), payload(`"68.5"^^<${XSD}float>`, literal));
  });

  it('writes the numbers into the output message as typed strings with those lexical forms', async () => {
    const message = replaceOnce(replaceOnce(original, weightText, '0.30000000000000004'), timestampText, '"bc:hasTimestamp": 12345678901234567890');
    const result = await translateMessage(message, [bodyCloud]);
    expect(result.message).toContain('"@type": "xsd:double",\n');
    expect(result.message).toContain('"@value": "3.0000000000000004E-1"');
    expect(result.message).toContain('"@value": "12345678901234567890"');
  });
});

describe('bc-bloodPressure.json via BodyCloud_CO with the pressures as JSON numbers', () => {
  const original = readData('messages/bc-bloodPressure.json');
  const systolicText = `{
          "@type": "xsd:int",
          "@value": "120"
        }`;
  const diastolicText = `{
          "@type": "xsd:int",
          "@value": "80"
        }`;

  /** golden/bc-bloodPressure__BodyCloud_CO/output-payload.nt with the two pressures as parameters. */
  const payload = (systolic: string, diastolic: string): string => `
<http://inter-iot.eu/bodycloud/001EXP> <http://inter-iot.eu/GOIoTPex#hasLocalId> "http://inter-iot.eu/bodycloud/001EXP" .
<http://inter-iot.eu/bodycloud/001EXP> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/GOIoTP#User> .
_:dia <http://inter-iot.eu/GOIoTP#hasValue> ${diastolic} .
_:dia <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/medex#DiastolicBloodPressure> .
_:dia <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Result> .
_:sensor <http://inter-iot.eu/GOIoTP#hasUser> <http://inter-iot.eu/bodycloud/001EXP> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/GOIoTP#IoTDevice> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ontology.universAAL.org/PersonalHealthDevice.owl#BloodPressureSensor> .
_:sensor <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Sensor> .
_:sys <http://inter-iot.eu/GOIoTP#hasValue> ${systolic} .
_:sys <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://inter-iot.eu/medex#SystolicBloodPressure> .
_:sys <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Result> .
_:instant <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/2006/time#Instant> .
_:instant <http://www.w3.org/2006/time#numericPosition> "1504080000"^^<${XSD}decimal> .
_:observation <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://www.w3.org/ns/sosa/Observation> .
_:observation <http://www.w3.org/ns/sosa/hasResult> _:dia .
_:observation <http://www.w3.org/ns/sosa/hasResult> _:sys .
_:observation <http://www.w3.org/ns/sosa/madeBySensor> _:sensor .
_:observation <http://www.w3.org/ns/sosa/phenomenonTime> _:instant .
`;

  it.each([
    // The cell types both with STRDT(STR(?v), xsd:int): whatever lexical form jsonld-java gave the
    // number becomes an xsd:int of that form.
    ['"120"^^int (unchanged)', systolicText, diastolicText, `"120"^^<${XSD}int>`, `"80"^^<${XSD}int>`],
    ['integers', '120', '80', `"120"^^<${XSD}int>`, `"80"^^<${XSD}int>`],
    ['doubles', '120.0', '8E1', `"1.2E2"^^<${XSD}int>`, `"8.0E1"^^<${XSD}int>`],
    ['typed numbers', '{"@type": "xsd:int", "@value": 120}', '{"@type": "xsd:int", "@value": 80.5}', `"120"^^<${XSD}int>`, `"8.05E1"^^<${XSD}int>`],
    ['beyond 2^64 and negative zero', '123456789012345678901234567890', '-0.0', `"123456789012345678901234567890"^^<${XSD}int>`, `"-0.0E0"^^<${XSD}int>`],
  ])('%s', async (_name, systolic, diastolic, systolicLiteral, diastolicLiteral) => {
    const message = replaceOnce(replaceOnce(original, systolicText, systolic), diastolicText, diastolic);
    expectPayload(await outputPayload(message), payload(systolicLiteral, diastolicLiteral));
  });
});
