/**
 * Translation of one INTER-IoT message through a sequence of compiled alignments
 * (reference-mediator.md 5 and 6.8): only the payload graph changes; the metadata graph and any
 * other graph pass through untouched; the output is serialised the way the reference does.
 */
import { parseMessage, parseMessageFast, parseMessageFastInto, serializeMessage, serializeMessageWithTriples, type ParsedMessage } from '../jsonld/index.js';
import { MESSAGE_GRAPHS, factory, type RDF } from '../rdf/terms.js';
import type { CompiledAlignment } from './compile-alignment.js';
import { TermGraph } from './term-graph.js';
import type { ChangeCounting } from './executable-cell.js';
import { ErrorCodes, MediatorError } from '../errors.js';
import { monotonicNow as now } from '../monotonic-clock.js';
import type { PayloadDiff, TripleOrigin } from '../api/payload-diff.js';
import type { PayloadGraphs } from '../api/payload-graph.js';
import { displayPrefixes } from './display-prefixes.js';
import { payloadDiff, tripleKey } from './payload-diff.js';
import { payloadGraphs } from './payload-graph.js';

/** One row of the per-step trace: the columns of the reference's `steps.tsv`, plus what went wrong. */
export interface StepTrace {
  readonly alignment: string;
  readonly version: string;
  /** 1-based position of the step in its alignment. */
  readonly step: number;
  readonly cellId: string;
  readonly triplesBefore: number;
  readonly triplesAfter: number;
  readonly deleted: number;
  readonly inserted: number;
  readonly solutions: number;
  /** Time the step took; 0 when the caller did not ask for timing (test suites and coverage only count). */
  readonly ms: number;
  /** The cell failed and was skipped (it changed nothing). */
  readonly error?: string;
  /** Expression errors that left BIND variables unbound (standard SPARQL, but worth seeing). */
  readonly notes?: readonly string[];
}

export interface CellFailure {
  readonly alignment: string;
  readonly version: string;
  readonly cellId: string;
  readonly step: number;
  readonly error: string;
}

export interface TranslationResult {
  /** The translated message as JSON-LD text (the input unchanged when the payload is empty). */
  readonly message: string;
  /** Set when `message` is that text as a JSON string literal (TranslateOptions.messageAsJsonString). */
  readonly messageAsJsonString?: true;
  /** True when the message has no payload graph: it passes through untouched (section 6.8). */
  readonly emptyPayload: boolean;
  readonly payloadTriplesIn: number;
  readonly payloadTriplesOut: number;
  /** Cells that failed at run time: skipped, never silent (CONTRACT.md, Translation). */
  readonly failures: readonly CellFailure[];
  readonly trace?: readonly StepTrace[];
  /** With `trace`: the payload triples removed and added (not for an empty payload). */
  readonly payloadDiff?: PayloadDiff;
  /** With `trace`: both payload graphs for drawing, added triples with their cell (not for an empty payload). */
  readonly payloadGraphs?: PayloadGraphs;
}

export interface TranslateOptions {
  /**
   * Collect the per-step trace (costs a little: net change counting and timing) and the payload
   * diff (the input payload compared by shape with the output, translation/payload-diff.ts).
   */
  readonly trace?: boolean;
  /**
   * With `trace`, also both payload graphs for drawing (`payloadGraphs`). Off by default: it costs
   * about as much again as the diff (15 ms for a 500-triple payload), which headless users of the
   * trace (suites, coverage) need not pay; the REST API turns it on with ?trace=true.
   */
  readonly payloadGraphs?: boolean;
  /** Pretty-printed output, as the reference writes it (default true). */
  readonly pretty?: boolean;
  /**
   * STE's rule (CONTRACT.md "The successor's API"): a message without a payload graph is translated
   * on its default graph. Off by default: IPSM answers "empty payload, no translation".
   */
  readonly defaultGraph?: boolean;
  /** Give up (MediatorError TIMEOUT) when the cells have run this long; checked between cells. */
  readonly timeoutMs?: number;
  /**
   * An untraced translation's `message` as a JSON string literal (the text JSON.stringify'd, in
   * one walk: SerializeOptions.asJsonString), flagged by `messageAsJsonString` on the result, for
   * a reply that carries it as a string. Traced and empty-payload results keep the text.
   */
  readonly messageAsJsonString?: boolean;
}

type StepCountsOf = Pick<StepTrace, 'deleted' | 'inserted' | 'solutions'>;

/** One trace row (a module function, not a closure per step: untraced translation allocates nothing for it). */
function traceRow(
  alignment: CompiledAlignment,
  step: number,
  cellId: string,
  before: number,
  after: number,
  counts: StepCountsOf,
  ms: number,
): { -readonly [K in keyof StepTrace]: StepTrace[K] } {
  const { name, version } = alignment.header;
  return {
    alignment: name,
    version,
    step,
    cellId,
    triplesBefore: before,
    triplesAfter: after,
    deleted: counts.deleted,
    inserted: counts.inserted,
    solutions: counts.solutions,
    ms,
  };
}

/** The counts of a step whose cell failed (it changed nothing). */
const NOTHING_RAN: StepCountsOf = { deleted: 0, inserted: 0, solutions: 0 };

/**
 * Parses with the fast path when it applies, else with jsonld.js. The fast path's result comes
 * back as it is, not in a promise, so a caller in a hot loop (a suite case) can take it without
 * awaiting; `await readMessage(...)` reads either.
 */
export function readMessage(text: string): ParsedMessage | Promise<ParsedMessage> {
  return parseMessageFast(text) ?? parseMessage(text);
}

/**
 * Runs the alignments over a payload graph in place; returns the trace rows (when asked) and failures.
 * With the trace and `origins`, `origins` maps each triple a cell inserted (`"s p o"` term ids of
 * `graph`) to its trace row: the last cell that inserted it, so for the output graph, the cell that
 * produced it. Test suites and coverage need only the rows' counts, which cost less.
 */
export function applyAlignments(
  graph: TermGraph,
  alignments: readonly CompiledAlignment[],
  options: { trace?: boolean; origins?: boolean; timing?: boolean; timeoutMs?: number } = {},
): { failures: CellFailure[]; trace: StepTrace[] | undefined; origins: Map<string, number> | undefined; removals: Map<string, number> | undefined } {
  const deadline = options.timeoutMs === undefined ? Infinity : now() + options.timeoutMs;
  const failures: CellFailure[] = [];
  const trace: StepTrace[] | undefined = options.trace ? [] : undefined;
  const origins: Map<string, number> | undefined = options.trace && options.origins ? new Map() : undefined;
  // With origins, also the cell that removed each triple (the last one: the one that left it out of the output).
  const removals: Map<string, number> | undefined = origins === undefined ? undefined : new Map();
  const counting: ChangeCounting = trace === undefined ? 'none' : origins === undefined ? 'counts' : 'origins';
  // Two clock reads per step are a tenth of a suite case's run (performance.now() is not free): callers that only count skip them.
  const timed = trace !== undefined && options.timing !== false;
  for (const alignment of alignments) {
    const { name, version } = alignment.header;
    let step = 0;
    for (const compiled of alignment.steps) {
      step++;
      if (deadline !== Infinity && now() > deadline) {
        throw new MediatorError(`translation took longer than ${options.timeoutMs} ms and was abandoned at step ${step} of ${name}`, ErrorCodes.timeout);
      }
      const before = graph.size;
      const started = timed ? now() : 0;
      try {
        const result = compiled.executable.run(graph, counting);
        if (trace !== undefined) {
          const row = traceRow(alignment, step, compiled.cell.id, before, graph.size, result, timed ? now() - started : 0);
          // Set, not spread from a conditional object: one row per step of every traced message.
          if (result.notes.length > 0) row.notes = result.notes;
          trace.push(row);
        }
        if (origins !== undefined && trace !== undefined) for (const key of result.insertedKeys ?? []) origins.set(key, trace.length - 1);
        if (removals !== undefined && trace !== undefined) for (const key of result.deletedKeys ?? []) removals.set(key, trace.length - 1);
      } catch (error) {
        // Section 3.6: a failing cell is skipped and translation goes on; unlike the reference we
        // report it. Cells check their limits before changing the graph, so nothing is half-applied.
        const message = error instanceof Error ? error.message : String(error);
        failures.push({ alignment: name, version, cellId: compiled.cell.id, step, error: message });
        trace?.push({ ...traceRow(alignment, step, compiled.cell.id, before, graph.size, NOTHING_RAN, timed ? now() - started : 0), error: message });
      }
    }
  }
  return { failures, trace, origins, removals };
}

function originOf(row: StepTrace): TripleOrigin {
  return { alignment: row.alignment, version: row.version, step: row.step, cellId: row.cellId };
}

function keyOfIds(graph: TermGraph, s: number, p: number, o: number): string {
  return tripleKey(factory.quad(graph.term(s) as RDF.Quad_Subject, graph.term(p) as RDF.Quad_Predicate, graph.term(o) as RDF.Quad_Object));
}

/** The output triples a cell inserted, by `tripleKey`, with that cell. */
function originsOf(graph: TermGraph, origins: ReadonlyMap<string, number>, trace: readonly StepTrace[]): Map<string, TripleOrigin> {
  const out = new Map<string, TripleOrigin>();
  for (const [s, p, o] of graph.triples()) {
    const row = trace[origins.get(`${s} ${p} ${o}`) ?? -1];
    if (row === undefined) continue;
    out.set(keyOfIds(graph, s, p, o), originOf(row));
  }
  return out;
}

/**
 * The triples cells removed and the output lacks, by `tripleKey`, with the cell that removed each
 * (issue 25, point 7: the diff's removed triples name their cell as the added ones do).
 */
function removalsOf(graph: TermGraph, removals: ReadonlyMap<string, number>, trace: readonly StepTrace[]): Map<string, TripleOrigin> {
  const out = new Map<string, TripleOrigin>();
  for (const [ids, index] of removals) {
    const row = trace[index];
    if (row === undefined) continue;
    const [s, p, o] = ids.split(' ').map(Number) as [number, number, number];
    if (graph.has(s, p, o)) continue;
    out.set(keyOfIds(graph, s, p, o), originOf(row));
  }
  return out;
}

function isPayload(q: RDF.Quad): boolean {
  return q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload;
}

/** Translates a parsed message. */
export function translateParsed(
  text: string,
  parsed: ParsedMessage,
  alignments: readonly CompiledAlignment[],
  options: TranslateOptions = {},
): TranslationResult {
  let payload: RDF.Quad[] = [];
  let others: RDF.Quad[] = [];
  for (const q of parsed.quads) (isPayload(q) ? payload : others).push(q);
  let target: RDF.Quad_Graph = factory.namedNode(MESSAGE_GRAPHS.payload);
  if (payload.length === 0 && options.defaultGraph === true) {
    payload = others.filter((q) => q.graph.termType === 'DefaultGraph');
    others = others.filter((q) => q.graph.termType !== 'DefaultGraph');
    target = factory.defaultGraph();
  }
  if (payload.length === 0) {
    return { message: text, emptyPayload: true, payloadTriplesIn: 0, payloadTriplesOut: 0, failures: [], ...(options.trace ? { trace: [] } : {}) };
  }
  const graph = TermGraph.fromQuads(payload);
  if (options.trace !== true) return translateGraph(others, target, graph, parsed.prefixes, alignments, options);
  const payloadTriplesIn = graph.size;
  const { failures, trace, origins, removals } = applyAlignments(graph, alignments, { ...options, origins: options.trace === true });
  const pretty = options.pretty ?? true;
  // Untraced, the payload is written straight from the graph's term ids (no quad per triple). A
  // trace needs the quads for its diff: appended to `others` (built here, so ours to extend)
  // rather than concatenated, since Array.prototype.concat was a visible share of the engine's time.
  const kept = others.length;
  const out = trace === undefined ? undefined : graph.toQuads(target, others);
  const message =
    out === undefined ? serializeMessageWithTriples(others, target, graph, parsed.prefixes, { pretty }) : serializeMessage(out, parsed.prefixes, { pretty });
  return {
    message,
    emptyPayload: false,
    payloadTriplesIn,
    payloadTriplesOut: graph.size,
    failures,
    ...(trace === undefined
      ? {}
      : withDiff(
          payload,
          (out ?? []).slice(kept),
          displayPrefixes(parsed.prefixes, alignments),
          { origins: originsOf(graph, origins ?? new Map(), trace), removals: removalsOf(graph, removals ?? new Map(), trace) },
          trace,
          options.payloadGraphs === true,
        )),
  };
}

function withDiff(
  before: readonly RDF.Quad[],
  after: readonly RDF.Quad[],
  prefixes: ReadonlyArray<readonly [string, string]>,
  cells: { origins: ReadonlyMap<string, TripleOrigin>; removals: ReadonlyMap<string, TripleOrigin> },
  trace: readonly StepTrace[],
  graphs: boolean,
): Pick<TranslationResult, 'trace' | 'payloadDiff' | 'payloadGraphs'> {
  return {
    trace,
    payloadDiff: payloadDiff(before, after, prefixes, cells),
    ...(graphs ? { payloadGraphs: payloadGraphs(before, after, prefixes, { origins: cells.origins }) } : {}),
  };
}

/**
 * The untraced translation of a payload graph read already: runs the cells on it and writes the
 * message straight from its term ids, after the other graphs' quads (`others`, ours to extend).
 */
function translateGraph(
  others: RDF.Quad[],
  target: RDF.Quad_Graph,
  graph: TermGraph,
  prefixes: Array<[string, string]>,
  alignments: readonly CompiledAlignment[],
  options: TranslateOptions,
): TranslationResult {
  const payloadTriplesIn = graph.size;
  const { failures } = applyAlignments(graph, alignments, options);
  const pretty = options.pretty ?? true;
  // Every payload straight from the graph's ids. Payloads under 32 triples used to go as quads
  // through the general writer, which cost as little there; since the direct writer reuses its
  // sorts across messages (direct-graph.ts) it costs less at every size (BodyCloud outputs of
  // 10-21 triples, by CPU time: 1.03-1.08x).
  if (options.messageAsJsonString === true) {
    const message = serializeMessageWithTriples(others, target, graph, prefixes, { pretty, asJsonString: true });
    return { message, messageAsJsonString: true, emptyPayload: false, payloadTriplesIn, payloadTriplesOut: graph.size, failures };
  }
  const message = serializeMessageWithTriples(others, target, graph, prefixes, { pretty });
  return { message, emptyPayload: false, payloadTriplesIn, payloadTriplesOut: graph.size, failures };
}

const PAYLOAD_GRAPH = factory.namedNode(MESSAGE_GRAPHS.payload);

/**
 * The fast reader's request for the payload graph: its triples go straight into a new TermGraph
 * (one per reading attempt), not into quads that fromQuads would read again.
 */
function payloadInto(): { graph: string; sink: () => TermGraph; last: TermGraph | undefined } {
  const request = {
    graph: MESSAGE_GRAPHS.payload,
    last: undefined as TermGraph | undefined,
    sink: () => (request.last = new TermGraph()),
  };
  return request;
}

/** Parses, translates and serialises one message. Throws ParseError for text that is not a readable message. */
export async function translateMessage(text: string, alignments: readonly CompiledAlignment[], options: TranslateOptions = {}): Promise<TranslationResult> {
  // Untraced, on the payload graph: the fast reader reads that graph straight into the engine's
  // TermGraph. A trace needs the payload's quads (its diff), and STE's rule may read the default
  // graph instead: those read quads.
  if (options.trace !== true && options.defaultGraph !== true) {
    const into = payloadInto();
    const parsed = parseMessageFastInto(text, into);
    // Declined by the fast reader: jsonld.js reads it.
    if (parsed === undefined) return translateParsed(text, await parseMessage(text), alignments, options);
    const graph = into.last!;
    if (graph.size === 0) return { message: text, emptyPayload: true, payloadTriplesIn: 0, payloadTriplesOut: 0, failures: [] };
    return translateGraph(parsed.quads, PAYLOAD_GRAPH, graph, parsed.prefixes, alignments, options);
  }
  // The fast path inline rather than through readMessage: awaiting a second async function costs
  // a promise and a microtask turn on every message.
  return translateParsed(text, parseMessageFast(text) ?? (await parseMessage(text)), alignments, options);
}

/** Formats a trace as the reference's `steps.tsv` (plus an `error` column with notes). */
export function traceToTsv(trace: readonly StepTrace[]): string {
  const lines = ['alignment\tstep\tcell\ttriples_before\ttriples_after\tdeleted\tinserted\tms\terror'];
  for (const t of trace) {
    const error = t.error ?? (t.notes === undefined ? '' : `note: ${t.notes.join('; ')}`);
    lines.push(
      [t.alignment, t.step, t.cellId, t.triplesBefore, t.triplesAfter, t.deleted, t.inserted, t.ms.toFixed(3), error.replace(/[\t\n]/g, ' ')].join('\t'),
    );
  }
  return `${lines.join('\n')}\n`;
}
