/**
 * Tag "Conversion" (seed section 4): legacy alignments to IPSM-AF, and between cell formats. Every
 * conversion failure is the seed's 500 (operation 'convert' in http-errors.ts).
 */
import { convertCellsToRdfXml, convertCellsToTurtle, convertLegacyAlignment, api } from '../../../common/index.js';
import { Status } from '../http-errors.js';
import { errorResponse, errorResponses, XML_CONSUMES, xmlBody, xmlOnly, xmlResponse, type ApiServer } from './route-support.js';

export const CONVERSION_TAG = { name: 'Conversion', description: 'Rewrite alignments: legacy pure-XML to IPSM-AF, RDF/XML cells to Turtle cells and back' };

export function registerConversionRoutes(app: ApiServer): void {
  const convertRoute = (url: string, operationId: string, summary: string, convert: (xml: string) => Promise<string> | string) =>
    app.post(
      url,
      {
        preValidation: xmlOnly,
        config: { operation: 'convert' },
        schema: {
          operationId,
          tags: [CONVERSION_TAG.name],
          summary,
          description:
            'Every conversion failure answers 500 with {message, code} (seed: "conversion failed"); a request without a body, or with XML sent as a JSON string (XML_JSON_QUOTED), answers 400, a body that is too large or not XML 413 or 415.',
          consumes: XML_CONSUMES,
          body: api.XmlBody,
          response: {
            [Status.created]: xmlResponse('The converted alignment'),
            ...errorResponses([Status.badRequest, Status.payloadTooLarge, Status.unsupportedMediaType], { changesState: true }),
            [Status.internal]: errorResponse(Status.internal, 'The conversion failed (malformed or invalid input included): {message, code, problems}'),
          },
        },
      },
      async (request, reply) => {
        const converted = await convert(xmlBody(request));
        return reply.code(Status.created).type('application/xml; charset=utf-8').send(converted);
      },
    );
  convertRoute('/convert', 'convertLegacyAlignment', 'Convert a legacy pure-XML alignment into IPSM-AF (RDF/XML cells)', (xml) => convertLegacyAlignment(xml));
  convertRoute('/convert/TTL', 'convertCellsToTurtle', 'Rewrite an alignment with RDF/XML cells to Turtle cells', (xml) => convertCellsToTurtle(xml));
  convertRoute('/convert/RDFXML', 'convertCellsToRdfXml', 'Rewrite an alignment with Turtle cells to RDF/XML cells (our addition)', (xml) =>
    convertCellsToRdfXml(xml),
  );
}
