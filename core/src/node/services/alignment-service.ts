/**
 * Alignments as the REST API sees them (reference-mediator.md 6.4-6.6, CONTRACT.md): upload with
 * 201/208/409 decided by meaning, validation, listing, retrieval of the text as uploaded, deletion
 * refused while a channel uses the alignment, and a cache of compiled alignments rebuilt at start.
 */
import {
  assertAlignmentNameLength,
  analyzeAlignment,
  ConflictError,
  NotFoundError,
  ValidationError,
  type api,
  type CompiledAlignment,
  type CompileOptions,
  type Logger,
  type Problem,
} from '../../common/index.js';
import type { AlignmentRecord, ConfigStore } from '../store/index.js';
import { alignmentId, checkAlignment, summarizeAlignment, validationMessage } from './alignment-check.js';
import { cellsWithSparql, storedView, textView } from './alignment-views.js';
import type { AlignmentSummary, WorkValues } from './translation-protocol.js';
import { RecentlyUsed } from './recently-used.js';
import { ValidationMemo } from './validation-memo.js';
import { jsonBytes } from './work-items.js';

export { alignmentId } from './alignment-check.js';

/**
 * Where uploads are read and compiled (the translation service: on a worker when the server has
 * workers, so a large or hostile upload never stalls the event loop, issue 29). The compiled copy
 * stays in that worker (`keptAs`) for the translations to come; `adopt` names it by its record.
 */
export interface UploadAnalyzer {
  analyze(xml: string): Promise<{ summary: AlignmentSummary; keptAs?: string; compiled?: CompiledAlignment }>;
  adoptUpload(keptAs: string, key: string | undefined): void;
  /** The stored alignments read and compiled where they will run (kept there under `key`): summaries in order. */
  analyzeStored(stored: ReadonlyArray<{ key: string; xml: string }>): Promise<Array<PromiseSettledResult<AlignmentSummary>>>;
  /** A stored alignment's view or cells, built where it is compiled. */
  inspectStored<K extends 'view' | 'cells'>(name: string, version: string, kind: K): Promise<WorkValues[K]>;
  /** The view of text that is not stored, read where uploads are. */
  viewText(xml: string): Promise<api.AlignmentView>;
}

/** `AlignmentInfo` of reference-mediator.md 6.2 plus the counts the workbench shows (core's API module). */
export type AlignmentDetails = api.AlignmentDetails;

export interface UploadResult {
  readonly status: 'created' | 'exists';
  readonly message: string;
  readonly info: AlignmentDetails;
  readonly warnings: readonly Problem[];
}

function key(name: string, version: string): string {
  return `${name}\u0000${version}`;
}

interface Compiled {
  readonly recordId: number;
  readonly xml: string;
  /** Compiled on this thread; absent for an upload compiled on a worker until a view, coverage or the event loop needs it. */
  alignment: CompiledAlignment | undefined;
  readonly cellCount: number;
  readonly stepCount: number;
}

/** POST /validate's reply for an alignment that compiled (its summary, or the compiled alignment): its name and its warnings. */
function validationReply(summary: {
  readonly header: { readonly name: string; readonly version: string };
  readonly problems: readonly Problem[];
}): api.ValidationReply {
  return {
    message: `Alignment with ${alignmentId(summary.header.name, summary.header.version)} validated successfully`,
    warnings: [...summary.problems],
  };
}

/** The view bodies kept in all: four 2,000-cell alignments' (7 MB each); a larger body is sent and not kept. */
const VIEW_BODIES_BYTES = 32 << 20;

function entry(recordId: number, xml: string, alignment: CompiledAlignment): Compiled {
  return { recordId, xml, alignment, cellCount: alignment.cells.size, stepCount: alignment.steps.length };
}

export class AlignmentService {
  /** Called with the key (`sourceFor`) of a deleted alignment, e.g. to free worker copies. */
  onDelete: ((key: string) => void) | undefined;
  /** Reads and compiles uploads and validations off the event loop when set (build-server.ts). */
  analyzer: UploadAnalyzer | undefined;

  /** Compiled alignments by name and version, with the stored record they came from. */
  private readonly compiled = new Map<string, Compiled>();
  private storedCompiledHere = 0;
  /** Replies for texts read lately (stored ones compiled at start, uploads, validations), so the same text is not compiled again to validate it. */
  private readonly validated = new ValidationMemo();
  /** GET …/view bodies lately sent, by name and version, each with the compiled entry it was built from (viewBody). */
  private readonly views = new RecentlyUsed<string, { readonly from: Compiled; readonly body: Uint8Array }>(64, VIEW_BODIES_BYTES, (v) => v.body.byteLength);
  private textsAnalyzed = 0;
  private viewsBuilt = 0;

  constructor(
    private readonly store: ConfigStore,
    private readonly log: Logger,
    private readonly compileOptions: CompileOptions = {},
  ) {}

  /**
   * Compiles every stored alignment into the cache; a broken one is logged and retried on use. With
   * an analyzer (the workers) they are compiled there, where they will run, and not here (issue 27):
   * this thread keeps the text and the counts, and compiles one only when a view needs it.
   */
  async loadAll(): Promise<{ loaded: number; failed: number }> {
    let loaded = 0;
    let failed = 0;
    const records = this.store.listAlignments();
    if (this.analyzer !== undefined) {
      for (const [i, result] of (await this.analyzeOnWorkers(records)).entries()) {
        if (result.status === 'fulfilled') {
          loaded++;
        } else {
          failed++;
          this.log.error({ err: result.reason as unknown, alignment: alignmentId(records[i]!.name, records[i]!.version) }, 'stored alignment does not compile');
        }
      }
      return { loaded, failed };
    }
    for (const record of records) {
      try {
        await this.compileRecord(record);
        loaded++;
      } catch (error) {
        failed++;
        this.log.error({ err: error, alignment: alignmentId(record.name, record.version) }, 'stored alignment does not compile');
      }
    }
    return { loaded, failed };
  }

  /**
   * Stored records compiled on the workers (every worker ends up holding them): this thread keeps
   * the text and the counts of each one that compiled; one that did not stays out of the cache, so
   * compiledFor() tries again and reports why.
   */
  private async analyzeOnWorkers(records: readonly AlignmentRecord[]): Promise<Array<PromiseSettledResult<AlignmentSummary>>> {
    const results = await this.analyzer!.analyzeStored(records.map((r) => ({ key: String(r.id), xml: r.xml })));
    // Only the last records' replies would stay in the memo: the others are not hashed at all.
    const seedFrom = results.length - this.validated.capacity;
    const seeds: Array<Promise<void>> = [];
    for (const [i, result] of results.entries()) {
      const record = records[i]!;
      if (result.status !== 'fulfilled') continue;
      const { cellCount, stepCount } = result.value;
      this.compiled.set(key(record.name, record.version), { recordId: record.id, xml: record.xml, alignment: undefined, cellCount, stepCount });
      if (i >= seedFrom) seeds.push(this.remember(record.xml, validationReply(result.value)));
    }
    await Promise.all(seeds);
    return results;
  }

  private async compileRecord(record: AlignmentRecord): Promise<CompiledAlignment> {
    this.storedCompiledHere++;
    const result = await analyzeAlignment(record.xml, this.compileOptions);
    if (result.parseError !== undefined) throw result.parseError;
    if (result.compiled === undefined) {
      throw new ValidationError(
        validationMessage(
          record.name,
          record.version,
          result.problems.filter((p) => p.severity === 'error'),
        ),
        result.problems,
      );
    }
    this.compiled.set(key(record.name, record.version), entry(record.id, record.xml, result.compiled));
    await this.remember(record.xml, validationReply(result.compiled));
    return result.compiled;
  }

  /** Reads and compiles, or throws ParseError (malformed/hostile XML) or ValidationError (every problem). */
  async check(xml: string): Promise<CompiledAlignment> {
    return checkAlignment(xml, this.compileOptions);
  }

  /** Reads and compiles an upload where the analyzer runs it (a worker), else here. */
  private async analyze(xml: string, memoKey: string | Promise<string>): Promise<{ summary: AlignmentSummary; keptAs?: string; compiled?: CompiledAlignment }> {
    this.textsAnalyzed++;
    const analysed =
      this.analyzer !== undefined
        ? await this.analyzer.analyze(xml)
        : await this.check(xml).then((compiled) => ({ compiled, summary: summarizeAlignment(compiled) }));
    this.validated.remember(await memoKey, validationReply(analysed.summary));
    return analysed;
  }

  private async remember(xml: string, reply: api.ValidationReply): Promise<void> {
    this.validated.remember(await ValidationMemo.keyOf(xml), reply);
  }

  /** The same text read before (stored, uploaded or validated) is answered from memory (validation-memo.ts). */
  async validate(xml: string): Promise<api.ValidationReply> {
    const memoKey = await ValidationMemo.keyOf(xml);
    const known = this.validated.get(memoKey);
    if (known !== undefined) return known;
    const { summary, keptAs } = await this.analyze(xml, memoKey);
    if (keptAs !== undefined) this.analyzer?.adoptUpload(keptAs, undefined);
    return validationReply(summary);
  }

  async upload(xml: string): Promise<UploadResult> {
    // Hashed on the thread pool while the analysis runs.
    const { summary, keptAs, compiled } = await this.analyze(xml, ValidationMemo.keyOf(xml));
    let storedAs: string | undefined;
    try {
      return await this.insert(xml, summary, compiled, (recordId) => (storedAs = String(recordId)));
    } finally {
      // The worker's compiled copy is named by its record, or dropped when nothing new was stored.
      if (keptAs !== undefined) this.analyzer?.adoptUpload(keptAs, storedAs);
    }
  }

  private async insert(
    xml: string,
    summary: AlignmentSummary,
    compiled: CompiledAlignment | undefined,
    created: (recordId: number) => void,
  ): Promise<UploadResult> {
    const { name, version } = summary.header;
    // A name too long for a path could be stored but never fetched or deleted (name-limits.ts).
    assertAlignmentNameLength(name, version);
    const result = await this.store.insertAlignment({
      name,
      version,
      creator: summary.header.creator,
      description: summary.header.description,
      sourceOntologyURI: summary.header.sourceOntology,
      targetOntologyURI: summary.header.targetOntology,
      xml,
      fingerprint: summary.fingerprint,
    });
    const id = alignmentId(name, version);
    if (result.status === 'created') {
      created(result.record.id);
      this.compiled.set(key(name, version), {
        recordId: result.record.id,
        xml,
        alignment: compiled,
        cellCount: summary.cellCount,
        stepCount: summary.stepCount,
      });
      this.log.info({ alignment: id, cells: summary.cellCount }, 'alignment uploaded');
      return { status: 'created', message: `Alignment with ${id} uploaded successfully`, info: this.info(result.record), warnings: summary.problems };
    }
    if (result.record.fingerprint !== summary.fingerprint) {
      throw new ConflictError(`Alignment with ${id} already exists but has a different content`);
    }
    return { status: 'exists', message: `Alignment with ${id} already exists`, info: this.info(result.record), warnings: summary.problems };
  }

  list(): AlignmentDetails[] {
    return this.store.listAlignments().map((r) => this.info(r));
  }

  private info(r: AlignmentRecord): AlignmentDetails {
    const cached = this.compiled.get(key(r.name, r.version));
    return {
      descId: `[${r.name}] [${r.version}] : ${r.sourceOntologyURI} -> ${r.targetOntologyURI}`,
      id: r.id,
      name: r.name,
      date: r.date,
      sourceOntologyURI: r.sourceOntologyURI,
      targetOntologyURI: r.targetOntologyURI,
      version: r.version,
      creator: r.creator,
      description: r.description,
      cellCount: cached?.cellCount ?? 0,
      stepCount: cached?.stepCount ?? 0,
    };
  }

  record(name: string, version: string): AlignmentRecord {
    const r = this.store.getAlignment(name, version);
    if (r === undefined) throw new NotFoundError(`Alignment with ${alignmentId(name, version)} not found`);
    return r;
  }

  recordById(id: number): AlignmentRecord {
    const r = this.store.getAlignmentById(id);
    if (r === undefined) throw new NotFoundError(`Alignment with id ${id} not found`);
    return r;
  }

  /** @internal for tests: how many texts were read and compiled for an upload or a validation. */
  textsAnalyzedForTest(): number {
    return this.textsAnalyzed;
  }

  /** @internal for tests: how many stored alignments' view bodies were built (not answered from those kept). */
  viewsBuiltForTest(): number {
    return this.viewsBuilt;
  }

  /** @internal for tests: how many times a stored record was compiled on this thread. */
  storedCompiledHereForTest(): number {
    return this.storedCompiledHere;
  }

  /** @internal for tests: whether this thread holds a compiled copy (not only the text). */
  compiledHereForTest(name: string, version: string): boolean {
    return this.compiled.get(key(name, version))?.alignment !== undefined;
  }

  /** The compiled alignment, from the cache or compiled from the store; NotFoundError if absent. */
  async compiledFor(name: string, version: string): Promise<CompiledAlignment> {
    const cached = this.compiled.get(key(name, version));
    if (cached?.alignment !== undefined) return cached.alignment;
    if (cached !== undefined) {
      // Uploaded through a worker: compiled here only now that this thread needs it (a view, coverage's cell list).
      cached.alignment = await this.check(cached.xml);
      return cached.alignment;
    }
    const r = this.store.getAlignment(name, version);
    if (r === undefined) throw new NotFoundError(`Cannot instantiate alignment with ${alignmentId(name, version)}`);
    return this.compileRecord(r);
  }

  /**
   * What the workbench shows of a stored alignment (issue 14), as the JSON body GET …/view sends:
   * built by core from its compilation, on the worker that holds it when there are workers (issue
   * 27), else from the cache here. The workbench asks for it at each opening, and it depends only
   * on the stored text, so the body is kept for the compiled entry it was built from (a deletion
   * or a new record is another entry): a 2,000-cell alignment's view took 300-370 ms to build and
   * serialise, for 7 MB (issue 42).
   */
  async viewBody(name: string, version: string): Promise<Uint8Array> {
    const k = key(name, version);
    const from = this.compiled.get(k);
    const kept = this.views.get(k);
    if (kept !== undefined && kept.from === from) return kept.body;
    this.viewsBuilt++;
    const body =
      this.analyzer !== undefined ? await this.analyzer.inspectStored(name, version, 'view') : jsonBytes(storedView(await this.compiledFor(name, version)));
    // Built from the entry there before and still there after: kept for it.
    if (from !== undefined && this.compiled.get(k) === from) this.views.set(k, { from, body });
    return body;
  }

  /**
   * The same view of alignment text that is not stored (the workbench editor's): every cell the
   * reader could build, also while other parts have errors (POST /validate lists those).
   * ParseError for XML that is not well-formed, ValidationError when no alignment can be read.
   */
  async viewText(xml: string): Promise<api.AlignmentView> {
    if (this.analyzer !== undefined) return this.analyzer.viewText(xml);
    return textView(xml, this.compileOptions);
  }

  /** The cells of an alignment with their compiled SPARQL, in document order, and its steps. */
  async compiledCells(name: string, version: string): Promise<api.CellsWithSparql> {
    const cells =
      this.analyzer !== undefined ? await this.analyzer.inspectStored(name, version, 'cells') : cellsWithSparql(await this.compiledFor(name, version));
    return { name, version, ...cells };
  }

  /**
   * What a translation worker needs for this alignment: the stored XML and a key naming this
   * stored content (the record id, never reused). Same errors as `compiledFor`.
   */
  async sourceFor(name: string, version: string): Promise<{ key: string; xml: string }> {
    // Not compiled here when an upload left it uncompiled on this thread: the worker compiles it.
    if (!this.compiled.has(key(name, version))) await this.compiledFor(name, version);
    const entry = this.compiled.get(key(name, version));
    // Deleted while this request waited.
    if (entry === undefined) throw new NotFoundError(`Cannot instantiate alignment with ${alignmentId(name, version)}`);
    return { key: String(entry.recordId), xml: entry.xml };
  }

  async delete(name: string, version: string): Promise<string> {
    const id = alignmentId(name, version);
    // The store refuses (IN_USE, naming the channels) while a channel uses the alignment.
    if (!(await this.store.deleteAlignment(name, version))) throw new NotFoundError(`Alignment with ${id} not found`);
    this.forget(name, version);
    this.log.info({ alignment: id }, 'alignment deleted');
    return `Alignment with ${id} successfully deleted`;
  }

  /**
   * A record stored by another process of the fleet (issue 13): compiled now (on the workers when
   * there are workers, where it will run, not also here: issue 27), replacing a cached copy of
   * another stored version. True when a different version was cached (its users must restart).
   */
  async adopt(record: AlignmentRecord): Promise<boolean> {
    const cached = this.compiled.get(key(record.name, record.version));
    if (cached?.recordId === record.id) return false;
    if (cached !== undefined) this.forget(record.name, record.version);
    try {
      if (this.analyzer === undefined) await this.compileRecord(record);
      else {
        const [result] = await this.analyzeOnWorkers([record]);
        if (result?.status === 'rejected') throw result.reason;
      }
    } catch (error) {
      // Kept uncompiled: compiledFor() tries again and reports why.
      this.log.error({ err: error, alignment: alignmentId(record.name, record.version) }, 'shared alignment does not compile');
    }
    return cached !== undefined;
  }

  /** Drops the compiled copy (the alignment was deleted here or elsewhere in the fleet). */
  forget(name: string, version: string): void {
    const gone = this.compiled.get(key(name, version));
    this.compiled.delete(key(name, version));
    this.views.delete(key(name, version));
    if (gone !== undefined) this.onDelete?.(String(gone.recordId));
  }
}
