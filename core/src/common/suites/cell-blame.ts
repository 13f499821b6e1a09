/**
 * Which cell a failing test case should blame (issue 25, point 2). A case records what a chain made
 * of a message; when a run under newer versions differs, the engineer needs the cell whose
 * contribution changed, not the first trace row whose counts differ (a cell renamed in the new
 * version made that row differ by name alone, with identical counts).
 *
 * The message is run through both chains, the recorded versions and the ones under test, noting
 * each step's net inserted and deleted triples. Cells are then matched by meaning (their compiled
 * SPARQL in canonical form, alignment/fingerprint.ts), never by name: a renamed cell is the same
 * cell. A cell counts as different when what it added or removed differs (triples compared by
 * shape, blank nodes as `[]`, as the payload diff does).
 */
import type { CellContribution, CellDifference } from '../api/suites.js';
import type { CompiledAlignment } from '../translation/compile-alignment.js';
import { TurtleWriter } from '../alignment/convert-writers.js';
import { cellMeaningOf } from '../alignment/fingerprint.js';
import { ErrorCodes, MediatorError } from '../errors.js';
import { monotonicNow as now } from '../monotonic-clock.js';
import { MESSAGE_GRAPHS, termToNTriples, type RDF } from '../rdf/terms.js';
import { TermGraph } from '../translation/term-graph.js';
import { displayPrefixes } from '../translation/display-prefixes.js';
import { readMessage } from '../translation/translate.js';

/** The most triples listed per side of a contribution (the counts stay complete). */
const LISTED = 50;

/** One triple of a contribution: `shape` compares (blank nodes as `[]`), `display` is shown. */
export interface ContributedTriple {
  readonly shape: string;
  readonly display: string;
}

/** What one step did in one run. Plain data: it crosses from a translation worker. */
export interface StepContribution {
  readonly alignment: string;
  readonly version: string;
  readonly step: number;
  readonly cellId: string;
  /** The cell's canonical SPARQL: equal meanings, equal strings. */
  readonly meaning: string;
  readonly added: readonly ContributedTriple[];
  readonly removed: readonly ContributedTriple[];
}

/** Every step of a chain's run over one message. */
export interface ChainContributions {
  readonly steps: readonly StepContribution[];
}

function shapeOf(term: RDF.Term): string {
  return term.termType === 'BlankNode' ? '[]' : termToNTriples(term);
}

function displayOf(term: RDF.Term, writer: TurtleWriter): string {
  if (term.termType === 'NamedNode') return writer.iri(term.value);
  if (term.termType === 'Literal') return writer.literal(term);
  return term.termType === 'BlankNode' ? '[]' : termToNTriples(term);
}

/**
 * Runs the message's payload through the chain step by step, noting what each step added and
 * removed. Slower than a translation (every change is listed): only a failing case pays for it.
 */
export async function chainContributions(message: string, alignments: readonly CompiledAlignment[], timeoutMs?: number): Promise<ChainContributions> {
  const parsed = await readMessage(message);
  const payload = parsed.quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload);
  if (payload.length === 0) return { steps: [] };
  const graph = TermGraph.fromQuads(payload);
  const writer = new TurtleWriter(displayPrefixes(parsed.prefixes, alignments));
  const triple = (key: string): ContributedTriple => {
    const [s, p, o] = key.split(' ').map((id) => graph.term(Number(id))) as [RDF.Term, RDF.Term, RDF.Term];
    return {
      shape: `${shapeOf(s)} ${shapeOf(p)} ${shapeOf(o)} .`,
      display: `${displayOf(s, writer)} ${writer.predicate(p)} ${displayOf(o, writer)} .`,
    };
  };
  const deadline = timeoutMs === undefined ? Infinity : now() + timeoutMs;
  const steps: StepContribution[] = [];
  for (const alignment of alignments) {
    const { name, version } = alignment.header;
    let step = 0;
    for (const compiled of alignment.steps) {
      step++;
      if (now() > deadline) throw new MediatorError(`tracing the cells took longer than ${timeoutMs} ms`, ErrorCodes.timeout);
      let added: ContributedTriple[] = [];
      let removed: ContributedTriple[] = [];
      try {
        const result = compiled.executable.run(graph, 'origins');
        added = (result.insertedKeys ?? []).map(triple);
        removed = (result.deletedKeys ?? []).map(triple);
      } catch {
        // A failing cell changes nothing (translate.ts); the case result lists it in failedCells.
      }
      steps.push({ alignment: name, version, step, cellId: compiled.cell.id, meaning: cellMeaningOf(compiled.plan), added, removed });
    }
  }
  return { steps };
}

/** Shapes as a sorted list, so two multisets compare as strings. */
function shapes(triples: readonly ContributedTriple[]): string {
  return triples
    .map((t) => t.shape)
    .sort()
    .join('\n');
}

function contribution(step: StepContribution | undefined): CellContribution {
  const added = step?.added ?? [];
  const removed = step?.removed ?? [];
  const listed = (triples: readonly ContributedTriple[]) => [...new Set(triples.map((t) => t.display))].sort().slice(0, LISTED);
  return { added: listed(added), removed: listed(removed), addedCount: added.length, removedCount: removed.length };
}

function sameContribution(a: StepContribution | undefined, b: StepContribution | undefined): boolean {
  return shapes(a?.added ?? []) === shapes(b?.added ?? []) && shapes(a?.removed ?? []) === shapes(b?.removed ?? []);
}

function didSomething(step: StepContribution): boolean {
  return step.added.length > 0 || step.removed.length > 0;
}

/**
 * The cells whose contribution differs, in the order of this run's chain (then the recorded cells
 * this run has no match for). Within each alignment (matched by name, in chain order) a step of
 * this run pairs with the first unpaired recorded step of the same meaning; the steps left over
 * pair by cell name (a cell changed in place keeps its name), and what is left after that is a new
 * or a gone cell. A step that did nothing in either run is never a difference.
 */
export function blameCells(expected: ChainContributions, actual: ChainContributions): CellDifference[] {
  const differences: CellDifference[] = [];
  const leftover: StepContribution[] = [];
  const expectedBy = groupBy(expected.steps);
  const actualBy = groupBy(actual.steps);
  for (const [alignment, steps] of actualBy) {
    const recorded = [...(expectedBy.get(alignment) ?? [])];
    expectedBy.delete(alignment);
    const pairs = new Map<StepContribution, StepContribution | undefined>();
    const unpaired: StepContribution[] = [];
    for (const step of steps) {
      const at = recorded.findIndex((r) => r.meaning === step.meaning);
      if (at < 0) unpaired.push(step);
      else pairs.set(step, recorded.splice(at, 1)[0]);
    }
    for (const step of unpaired) {
      const at = recorded.findIndex((r) => r.cellId === step.cellId);
      pairs.set(step, at < 0 ? undefined : recorded.splice(at, 1)[0]);
    }
    for (const step of steps) {
      const match = pairs.get(step);
      if (!didSomething(step) && (match === undefined || !didSomething(match))) continue;
      if (match !== undefined && sameContribution(match, step)) continue;
      const change = match === undefined ? 'added' : match.meaning === step.meaning ? 'input' : 'meaning';
      differences.push({
        alignment: step.alignment,
        version: step.version,
        step: step.step,
        cellId: step.cellId,
        ...(match !== undefined && match.cellId !== step.cellId ? { expectedCellId: match.cellId } : {}),
        change,
        expected: contribution(match),
        actual: contribution(step),
      });
    }
    leftover.push(...recorded);
  }
  for (const steps of expectedBy.values()) leftover.push(...steps);
  for (const gone of leftover) {
    if (!didSomething(gone)) continue;
    differences.push({
      alignment: gone.alignment,
      version: gone.version,
      step: gone.step,
      cellId: gone.cellId,
      change: 'removed',
      expected: contribution(gone),
      actual: contribution(undefined),
    });
  }
  return differences;
}

function groupBy(steps: readonly StepContribution[]): Map<string, StepContribution[]> {
  const out = new Map<string, StepContribution[]>();
  for (const s of steps) {
    const list = out.get(s.alignment);
    if (list === undefined) out.set(s.alignment, [s]);
    else list.push(s);
  }
  return out;
}
