/**
 * Parsing of a cell's `align:entity1`/`align:entity2` content into RDF/JS quads, in either cell
 * format (reference-mediator.md 1.7). Errors are reported at their position in the alignment
 * document, not in the cell text.
 */
import { Parser as TurtleParser } from 'n3';
import type { Problem } from '../errors.js';
import { ProblemCodes } from '../problem-codes.js';
import type { RDF } from '../rdf/terms.js';
import { NS } from '../rdf/terms.js';
import { SRIPAS_BASE, type EntitySource } from './model.js';

export interface EntityParseResult {
  readonly quads: RDF.Quad[];
  readonly problems: Problem[];
}

/** Turtle's PN_PREFIX, roughly: what an xmlns prefix must look like to be declared in Turtle. */
const TURTLE_PREFIX = /^([A-Za-z\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*[\w\-\u00B7\u00C0-\uFFFF]|[A-Za-z\u00C0-\uFFFF])?$/;

/** One line of `@prefix` declarations; kept on a single line so cell line numbers shift by exactly one. */
function prefixLine(prefixes: ReadonlyArray<readonly [string, string]>): string {
  let line = '';
  for (const [prefix, iri] of prefixes) {
    if (!TURTLE_PREFIX.test(prefix) || /[<>"{}|^`\\\s]/.test(iri)) continue;
    line += `@prefix ${prefix}: <${iri}> . `;
  }
  return line;
}

interface N3ErrorContext {
  readonly line?: number;
  readonly token?: { readonly value?: unknown } | null;
}

function parseTurtleText(text: string): RDF.Quad[] {
  const parser = new TurtleParser({ baseIRI: SRIPAS_BASE, format: 'text/turtle' });
  return parser.parse(text);
}

/**
 * Parses a Turtle cell. The alignment's prefix map is declared first (section 1.7); a document
 * that only lacks its final `.` is accepted, as the reference's lenient Jena parser did
 * (BodyCloud_CO `2_res_quest`), with a warning.
 */
export function parseTurtleEntity(source: EntitySource, prefixes: ReadonlyArray<readonly [string, string]>, cellId: string, label: string): EntityParseResult {
  const header = `${prefixLine(prefixes)}\n`;
  try {
    return { quads: parseTurtleText(header + source.text), problems: [] };
  } catch (first) {
    try {
      const quads = parseTurtleText(`${header}${source.text}\n.`);
      return {
        quads,
        problems: [
          {
            code: ProblemCodes.cellTurtleMissingFinalDot,
            severity: 'warning',
            message: `${label} of cell ${cellId} does not end with '.'; accepted as the reference mediator did`,
            line: source.line,
            column: source.column,
            cellId,
          },
        ],
      };
    } catch {
      return { quads: [], problems: [turtleProblem(first, source, cellId, label)] };
    }
  }
}

function turtleProblem(error: unknown, source: EntitySource, cellId: string, label: string): Problem {
  const raw = error instanceof Error ? error.message : String(error);
  const context = (error as { context?: N3ErrorContext } | undefined)?.context;
  // N3.js counts lines from 1 in the text it was given; line 1 is our prefix line.
  const n3Line = typeof context?.line === 'number' ? context.line : Number(/on line (\d+)/.exec(raw)?.[1] ?? NaN);
  const textLine = Number.isFinite(n3Line) ? Math.max(1, n3Line - 1) : 1;
  const lines = source.text.split('\n');
  const lineText = lines[textLine - 1] ?? '';
  const tokenValue = context?.token?.value;
  let columnInText = 1;
  if (typeof tokenValue === 'string' && tokenValue !== '') {
    const at = lineText.indexOf(tokenValue);
    if (at >= 0) columnInText = at + 1;
  } else {
    const firstNonSpace = lineText.search(/\S/);
    if (firstNonSpace >= 0) columnInText = firstNonSpace + 1;
  }
  const line = source.line + textLine - 1;
  const column = textLine === 1 ? source.column + columnInText - 1 : columnInText;
  const message = raw.replace(/\s*on line \d+\.?$/, '');
  return {
    code: ProblemCodes.cellTurtleSyntax,
    severity: 'error',
    message: `invalid Turtle in ${label} of cell ${cellId}: ${message}`,
    line,
    column,
    cellId,
  };
}

/**
 * Parses an RDF/XML cell: the fragment (which declares the namespaces it uses) is wrapped in
 * `rdf:RDF` and parsed with the sripas base, as the reference does (section 1.7).
 */
export async function parseRdfXmlEntity(source: EntitySource, cellId: string, label: string): Promise<EntityParseResult> {
  const document = `<rdf:RDF xmlns:rdf="${NS.rdf}">${source.text}</rdf:RDF>`;
  const quads: RDF.Quad[] = [];
  try {
    // Loaded on first use: only RDF/XML cells need it, and loading it slowed every server start (issue 13).
    const { RdfXmlParser } = await import('rdfxml-streaming-parser');
    await new Promise<void>((resolve, reject) => {
      const parser = new RdfXmlParser({ baseIRI: SRIPAS_BASE });
      parser.on('data', (quad: RDF.Quad) => quads.push(quad));
      parser.on('error', reject);
      parser.on('end', resolve);
      parser.write(document);
      parser.end();
    });
    return { quads, problems: [] };
  } catch (error) {
    const raw = error instanceof Error ? error.message : String(error);
    return {
      quads: [],
      problems: [
        {
          code: ProblemCodes.cellRdfxmlSyntax,
          severity: 'error',
          message: `invalid RDF/XML in ${label} of cell ${cellId}: ${raw}`,
          line: source.line,
          column: source.column,
          cellId,
        },
      ],
    };
  }
}
