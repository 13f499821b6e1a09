/**
 * Cell coverage (issue 12, part 3): which cells of a chain fired (deleted or inserted anything, the
 * trace's net counts) over a corpus of messages, how often and on which messages, and which never
 * fired. Fed from translation traces, so the counts are the per-step counts the translate screen
 * and `mediator translate --trace` show.
 */
import type { CellCoverage, CellRef, CoverageReport } from '../api/coverage.js';
import type { CompiledAlignment } from '../translation/index.js';
import type { StepTrace } from '../translation/translate.js';
import { runChain } from './run-case.js';

interface Entry {
  readonly alignment: string;
  readonly version: string;
  readonly cell: string;
  readonly inSteps: boolean;
  fired: number;
  failed: number;
  readonly messages: string[];
  /** The last message counted, so a message is listed once even when a cell runs in several steps. */
  lastMessage: string | undefined;
}

const keyOf = (alignment: string, version: string, cell: string): string => `${alignment}\u0000${version}\u0000${cell}`;

export class CoverageCounter {
  private readonly entries = new Map<string, Entry>();
  private readonly order: Entry[] = [];
  private messages = 0;
  private readonly unreadable: Array<{ message: string; error: string }> = [];

  constructor(alignments: readonly CompiledAlignment[]) {
    for (const a of alignments) {
      const { name, version } = a.header;
      const stepped = new Set(a.steps.map((s) => s.cell.id));
      for (const cell of a.alignment.cells) {
        const key = keyOf(name, version, cell.id);
        // The same alignment twice in a chain shares its counters.
        if (this.entries.has(key)) continue;
        const entry: Entry = {
          alignment: name,
          version,
          cell: cell.id,
          inSteps: stepped.has(cell.id),
          fired: 0,
          failed: 0,
          messages: [],
          lastMessage: undefined,
        };
        this.entries.set(key, entry);
        this.order.push(entry);
      }
    }
  }

  /** Counts one translated message from its trace. */
  add(message: string, trace: readonly StepTrace[]): void {
    this.messages++;
    for (const row of trace) {
      const entry = this.entries.get(keyOf(row.alignment, row.version, row.cellId));
      if (entry === undefined) continue;
      if (row.error !== undefined) entry.failed++;
      if (row.deleted + row.inserted === 0) continue;
      entry.fired++;
      if (entry.lastMessage !== message) {
        entry.messages.push(message);
        entry.lastMessage = message;
      }
    }
  }

  /** A message that could not be read or translated: listed, not counted. */
  addUnreadable(message: string, error: unknown): void {
    this.unreadable.push({ message, error: error instanceof Error ? error.message : String(error) });
  }

  report(): CoverageReport {
    const cells: CellCoverage[] = this.order.map((e) => ({
      alignment: e.alignment,
      version: e.version,
      cell: e.cell,
      fired: e.fired,
      messages: [...e.messages],
      failed: e.failed,
      inSteps: e.inSteps,
    }));
    const neverFired: CellRef[] = cells.filter((c) => c.fired === 0).map((c) => ({ alignment: c.alignment, version: c.version, cell: c.cell }));
    return { messages: this.messages, cells, neverFired, unreadable: [...this.unreadable] };
  }
}

/** Coverage of a chain over a corpus (name and text of each message). */
export async function coverageOf(
  alignments: readonly CompiledAlignment[],
  messages: Iterable<{ readonly name: string; readonly text: string }>,
): Promise<CoverageReport> {
  const counter = new CoverageCounter(alignments);
  for (const { name, text } of messages) {
    let trace: readonly StepTrace[];
    try {
      trace = (await runChain(text, alignments, true)).trace ?? [];
    } catch (error) {
      counter.addUnreadable(name, error);
      continue;
    }
    counter.add(name, trace);
  }
  return counter.report();
}
