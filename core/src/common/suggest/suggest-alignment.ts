/**
 * Suggests an alignment from example message pairs (issue 30): aligns and diffs each example
 * (node-alignment.ts), groups its changes into cells (cell-drafts.ts), orders them so that a cell
 * runs before another deletes what it matches, merges the cells of all examples (equal cells once;
 * a constant that differs between examples of one cell becomes a function of a literal when one
 * fits, string-programs.ts), specialises a cell that fires on an example it was not made from, and
 * verifies the result with the engine on every example before returning it. Pure: no I/O.
 */
import { MESSAGE_GRAPHS, factory, termKey, termToNTriples, type RDF } from '../rdf/terms.js';
import { ErrorCodes, MediatorError } from '../errors.js';
import { monotonicNow as now } from '../monotonic-clock.js';
import { compileAlignment } from '../translation/index.js';
import { TermGraph } from '../translation/term-graph.js';
import { applyAlignments, readMessage } from '../translation/translate.js';
import { isomorphic } from '../rdf/isomorphism.js';
import { TurtleWriter } from '../alignment/convert-writers.js';
import { payloadDiff } from '../translation/payload-diff.js';
import type { PayloadDiff } from '../api/payload-diff.js';
import { alignPayloads } from './node-alignment.js';
import {
  ANY_CONSTANT,
  ANY_CONDITION,
  ExampleIndex,
  MAX_CELL_TRIPLES,
  splitGroup,
  SLOT_NS,
  VAR_NS,
  draftCell,
  emitProgram,
  groupChanges,
  termToText,
  type ChangeGroup,
  type DraftWithUses,
  type GroupedChanges,
  type SourceChoice,
} from './cell-drafts.js';
import { describeProgram, synthesizePrograms } from './value-programs.js';
import { conditionalPrograms } from './conditional-programs.js';
import { suggestionPrefixes, writeSuggestion } from './write-suggestion.js';
import type { CellDraft, SuggestionAnswer, SuggestionQuestion } from './model.js';
import { stableId } from './stable-id.js';

export interface SuggestionExample {
  /** The input message (INTER-IoT JSON-LD text). */
  readonly input: string;
  /** The wanted translated message. */
  readonly output: string;
}

export interface SuggestOptions {
  readonly name?: string;
  readonly version?: string;
  /** Give up (MediatorError TIMEOUT) past this many milliseconds. */
  readonly timeoutMs?: number;
  /** Answers to ambiguous-source questions of an earlier suggestion from the same examples. */
  readonly answers?: readonly SuggestionAnswer[];
}

export interface ExampleCheck {
  /** The suggestion translates this example's input to its output (isomorphic payloads). */
  readonly reproduced: boolean;
  /** Triples that still differ (missing plus extra) when it does not. */
  readonly differingTriples: number;
}

export interface Suggestion {
  readonly alignment: string;
  readonly cells: number;
  readonly questions: readonly SuggestionQuestion[];
  readonly checks: readonly ExampleCheck[];
  /** Per example, the suggestion's output payload against the wanted one (removed: extra, added: missing). */
  readonly remaining: readonly PayloadDiff[];
  /** Per example, the wanted output payload as N-Triples (a suite case's expected payload). */
  readonly expectedPayloads: readonly string[];
}

interface ParsedExample {
  readonly input: RDF.Quad[];
  readonly output: RDF.Quad[];
  readonly prefixes: ReadonlyArray<readonly [string, string]>;
}

function payloadOf(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads
    .filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload)
    .map((q) => factory.quad(q.subject, q.predicate, q.object));
}

async function parseExample(example: SuggestionExample, index: number): Promise<ParsedExample> {
  const read = async (text: string, which: string) => {
    try {
      return await readMessage(text);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new MediatorError(`example ${index + 1}: the ${which} message is not readable: ${message}`, ErrorCodes.invalidSuggestionExample);
    }
  };
  const input = await read(example.input, 'input');
  const output = await read(example.output, 'output');
  return { input: payloadOf(input.quads), output: payloadOf(output.quads), prefixes: [...input.prefixes, ...output.prefixes] };
}

class Deadline {
  private readonly end: number;
  constructor(ms: number | undefined) {
    this.end = ms === undefined ? Infinity : now() + ms;
  }
  readonly expired = (): boolean => now() > this.end;
  check(): void {
    if (now() > this.end) throw new MediatorError('the suggestion took longer than its time budget and was abandoned', ErrorCodes.suggestionTimeout);
  }
}

/** Cells of one example in an order where a cell runs before any other deletes what it matches; cycles are merged into one cell. */
function orderedDrafts(index: ExampleIndex, groupsIn: ChangeGroup[], derive: (g: ChangeGroup) => DraftWithUses): CellDraft[] {
  let groups = groupsIn;
  for (let round = 0; round < 20; round++) {
    const drafts = groups.map(derive);
    const before = drafts.map(() => new Set<number>());
    drafts.forEach((d, i) => {
      for (const k of d.uses) drafts.forEach((other, j) => (j !== i && other.deletes.has(k) ? before[j]?.add(i) : undefined));
    });
    // Kahn's algorithm, keeping the first-seen order among ready cells.
    const order: number[] = [];
    const done = new Set<number>();
    for (;;) {
      const ready = drafts.findIndex((_, i) => !done.has(i) && [...(before[i] ?? [])].every((j) => done.has(j)));
      if (ready < 0) break;
      done.add(ready);
      order.push(ready);
    }
    if (order.length === drafts.length) return order.map((i) => drafts[i]?.draft).filter((d): d is CellDraft => d !== undefined);
    // A cycle: merge the cells left over into one.
    const left = drafts.map((_, i) => i).filter((i) => !done.has(i));
    const merged: ChangeGroup = { anchors: [], added: [], deleted: [] };
    for (const i of left) {
      const g = groups[i];
      if (g === undefined) continue;
      merged.anchors.push(...g.anchors);
      merged.added.push(...g.added);
      merged.deleted.push(...g.deleted);
    }
    groups = [...order.map((i) => groups[i]).filter((g): g is ChangeGroup => g !== undefined), merged];
  }
  void index;
  return groups.map((g) => derive(g).draft);
}

/**
 * One order for the cells of all examples that keeps each example's own order where the orders
 * agree (a cell that deletes what another example's cells match comes after them); where they
 * conflict, the cell seen first goes first.
 */
function mergedOrder(sequences: readonly string[][]): string[] {
  const firstSeen: string[] = [];
  const after = new Map<string, Set<string>>();
  for (const seq of sequences) {
    seq.forEach((key, i) => {
      if (!after.has(key)) {
        after.set(key, new Set());
        firstSeen.push(key);
      }
      for (const earlier of seq.slice(0, i)) if (earlier !== key) after.get(key)?.add(earlier);
    });
  }
  const out: string[] = [];
  const done = new Set<string>();
  while (out.length < firstSeen.length) {
    const ready = firstSeen.find((k) => !done.has(k) && [...(after.get(k) ?? [])].every((e) => done.has(e))) ?? firstSeen.find((k) => !done.has(k));
    if (ready === undefined) break;
    done.add(ready);
    out.push(ready);
  }
  return out;
}

/** Text that identifies a cell whatever example it came from (slots still placeholders). */
function draftKey(d: CellDraft, writer: TurtleWriter): string {
  return JSON.stringify([writer.write(d.entity1), writer.write(d.entity2), d.functions, d.typings]);
}

function substitute(quads: readonly RDF.Quad[], from: string, to: RDF.Term): RDF.Quad[] {
  const swap = (t: RDF.Term): RDF.Term => (t.termType === 'NamedNode' && t.value === from ? to : t);
  return quads.map((q) => factory.quad(swap(q.subject) as RDF.Quad_Subject, q.predicate, swap(q.object) as RDF.Quad_Object));
}

/** The cell with its remaining slots written as their constants. */
function settle(d: CellDraft): CellDraft {
  let entity2 = d.entity2;
  for (const slot of d.slots) entity2 = substitute(entity2, slot.placeholder, slot.output);
  return { ...d, entity2, slots: [] };
}

/** What merging needs besides the drafts: where questions go, the answers given, and the time left. */
interface MergeContext {
  readonly questions: SuggestionQuestion[];
  readonly answers: ReadonlyMap<string, string>;
  readonly consumed: Set<string>;
  readonly expired: () => boolean;
}

/**
 * Cells of one shape made from several examples: a value that differs between them becomes the
 * cheapest program over the cell's input literals that gives each example's value (the engine
 * checks each); when several do, they are a question.
 */
function mergeShape(drafts: readonly CellDraft[], key: string, ctx: MergeContext): CellDraft[] {
  const first = drafts[0];
  if (first === undefined) return [];
  if (drafts.length === 1) return [scoped(settle(first), first, drafts, key, ctx)];
  let entity2 = first.entity2;
  const functions = [...first.functions];
  const typings = [...first.typings];
  let counter = 0;
  const fresh = (): string => `m${++counter}x`;
  for (let s = 0; s < first.slots.length; s++) {
    const slots = drafts.map((d) => d.slots[s]);
    const firstSlot = first.slots[s];
    if (firstSlot === undefined || slots.some((x) => x === undefined)) return drafts.map(settle);
    if (slots.every((x) => x !== undefined && termKey(x.output) === termKey(firstSlot.output))) {
      entity2 = substitute(entity2, firstSlot.placeholder, firstSlot.output);
      continue;
    }
    const variables = firstSlot.candidates.map((c) => c.variable);
    const cases = slots.map((x) => ({
      sources: variables.map((v) => x?.candidates.find((c) => c.variable === v)?.term),
      wanted: x?.output ?? firstSlot.output,
    }));
    let programs = synthesizePrograms(cases, { limit: 6, expired: ctx.expired });
    // No one function of the inputs: perhaps the examples split, each value chosen by a test on an input.
    if (programs.length === 0 && !ctx.expired()) programs = conditionalPrograms(cases);
    const id = stableId('q', `value|${key}|${s}`);
    const named = (n: number): string => `?${variables[n] ?? ''}`;
    const candidates = programs.map((p) => ({
      id: stableId('c', `program|${describeProgram(p.expr, named)}`),
      source: [...new Set(describeProgram(p.expr, named).match(/\?[\w]+/g) ?? [])].join(', '),
      value: slots.map((x) => (x === undefined ? '' : termToText(x.output))).join(' | '),
      transform: describeProgram(p.expr, named),
    }));
    const answer = ctx.answers.get(id);
    if (answer !== undefined) ctx.consumed.add(id);
    const at = Math.max(
      0,
      candidates.findIndex((c) => c.id === answer),
    );
    if (answer !== undefined && !candidates.some((c) => c.id === answer))
      throw new MediatorError(`question ${id} has no candidate ${answer}`, ErrorCodes.invalidSuggestionAnswer);
    const program = programs[at];
    if (program === undefined) {
      const value = termToText(firstSlot.output);
      ctx.questions.push({
        id: stableId('q', `varying|${key}|${s}`),
        kind: 'varying-constant',
        example: first.example,
        value,
        triple: '',
        message: `a value differs between examples (${slots.map((x) => (x === undefined ? '' : termToText(x.output))).join(', ')}) and no function of the input fits; each example keeps its own cell`,
        candidates: slots.map((x, i) => ({
          id: stableId('c', `example|${drafts[i]?.example ?? i}`),
          source: `example ${(drafts[i]?.example ?? i) + 1}`,
          value: x === undefined ? '' : termToText(x.output),
          transform: 'a constant',
        })),
        chosen: 'one cell per example',
      });
      return drafts.map(settle);
    }
    if (programs.length > 1 && answer === undefined) {
      ctx.questions.push({
        id,
        kind: 'ambiguous-source',
        example: first.example,
        value: termToText(firstSlot.output),
        triple: '',
        message: `${programs.length} functions of the input give every example's value ${termToText(firstSlot.output)}; answer, or give an example where they differ`,
        candidates,
        chosen: candidates[at]?.id ?? '',
      });
    }
    const result =
      program.expr.kind === 'input' ? (variables[program.expr.source] ?? '') : emitProgram(program.expr, (n) => variables[n] ?? '', functions, typings, fresh);
    entity2 = substitute(entity2, firstSlot.placeholder, factory.namedNode(`${VAR_NS}${result}`));
  }
  return [scoped({ ...first, entity2, functions, typings, slots: [] }, first, drafts, key, ctx)];
}

/**
 * Whether a cell is for every message or only for those like its examples, when the examples cannot
 * tell. Two cases: a constant nothing explains, from examples that all had the same values of the
 * cell's unused input literals (or, with none, of its node's literals): the value may depend on them
 * (`"active"` -> `true`); and a cell whose examples all had the same category (a unit, a status:
 * one word) among those literals: the cell may be one of several, one per category (grams beside
 * kilograms). The cell stays general unless the answer says otherwise; examples with other values
 * and the same cell settle it (no question).
 */
function scoped(merged: CellDraft, first: CellDraft, drafts: readonly CellDraft[], key: string, ctx: MergeContext): CellDraft {
  const constants = first.slots.filter(
    (slot) =>
      slot.unexplained === true && slot.output.termType === 'Literal' && drafts.every((d) => d.slots.some((x) => termKey(x.output) === termKey(slot.output))),
  );
  const categoriesOnly = constants.length === 0;
  const conditions = agreedConditions(merged, drafts, categoriesOnly);
  if (conditions.length === 0) return merged;
  const where = conditions.map((c) => `${c.predicate === '' ? 'a value' : `<${c.predicate}>`} is ${termToText(c.value)}`).join(' and ');
  const value = constants.map((c) => termToText(c.output)).join(', ');
  // One question for every cell with the same condition (a message type that all cells share).
  const id = stableId('q', categoriesOnly ? `scope|${where}` : `scope|${key}`);
  const every = { id: stableId('c', `scope|every|${value}`), source: 'every message', value, transform: categoriesOnly ? 'the cell as it is' : 'a constant' };
  const only = {
    id: stableId('c', `scope|only|${where}`),
    source: `only messages where ${where}`,
    value,
    transform: categoriesOnly ? 'the cell for this category only' : 'a constant for these input values (the value depends on them)',
  };
  const answer = ctx.answers.get(id);
  if (answer !== undefined) {
    ctx.consumed.add(id);
    if (answer !== every.id && answer !== only.id) throw new MediatorError(`question ${id} has no candidate ${answer}`, ErrorCodes.invalidSuggestionAnswer);
    return answer === every.id ? merged : specialise(merged, { unused: categoriesOnly, scope: categoriesOnly });
  }
  if (ctx.questions.some((q) => q.id === id)) return merged;
  const those = conditions.length > 1;
  ctx.questions.push({
    id,
    kind: 'ambiguous-source',
    example: first.example,
    value,
    triple: '',
    message: categoriesOnly
      ? `every example had ${where}: the cells made from them may be for ${those ? 'those values' : 'that value'} only; answer, or give an example where ${those ? 'they differ' : 'it differs'}`
      : `${value} is written for every message, but every example had ${where}: it may depend on ${those ? 'those values' : 'that value'}; answer, or give an example where ${those ? 'they differ' : 'it differs'}`,
    candidates: [every, only],
    chosen: every.id,
  });
  return merged;
}

/** The literals a cell would match to be specific (its unused input literals, else its node's), where all its examples agree on them. */
function agreedConditions(merged: CellDraft, drafts: readonly CellDraft[], categoriesOnly: boolean): Array<{ predicate: string; value: RDF.Literal }> {
  const unused = [...merged.unusedLiterals].filter(([, lit]) => taken(lit, categoriesOnly));
  if (merged.unusedLiterals.size > 0) {
    const same = drafts.every((d) => unused.every(([name, lit]) => termKey(d.unusedLiterals.get(name) ?? factory.literal('')) === termKey(lit)));
    if (!same) return [];
    return unused.map(([name, lit]) => ({ predicate: merged.entity1.find((t) => t.object.value === `${VAR_NS}${name}`)?.predicate.value ?? '', value: lit }));
  }
  const scope = (merged.scopeLiterals ?? []).filter((q) => taken(q.object, categoriesOnly));
  const keyOf = (q: RDF.Quad): string => `${q.predicate.value} ${termKey(q.object)}`;
  if (!drafts.every((d) => scope.every((q) => (d.scopeLiterals ?? []).some((x) => keyOf(x) === keyOf(q))))) return [];
  return scope.map((q) => ({ predicate: q.predicate.value, value: q.object as RDF.Literal }));
}

/** A value that reads as a category or a code: one word (`kg`, `active`, `T2`), not free text or a number. */
const CATEGORY = /^\p{L}[\p{L}\p{N}_]{0,31}$/u;

/** Whether a literal may make a cell specific: any, or with `categoriesOnly` one that reads as a category. */
const taken = (literal: RDF.Term, categoriesOnly: boolean): boolean => !categoriesOnly || CATEGORY.test(literal.value);

/**
 * The literal variables of entity1 that entity2 never uses (else its anchor's literals) made
 * constants: the cell then fires only where they match. `categoriesOnly` takes only values that
 * read as a category (a unit, a status): what the suggestion does without an answer, where an
 * identifier or a measurement made constant would stop the cell on every other message.
 */
function specialise(d: CellDraft, categoriesOnly: { unused: boolean; scope: boolean } = { unused: false, scope: false }): CellDraft {
  if (d.unusedLiterals.size === 0) {
    // Kept triples: matched and written back (a cell deletes what only entity1 has).
    const scope = (d.scopeLiterals ?? []).filter((q) => taken(q.object, categoriesOnly.scope));
    if (scope.length === 0) return d;
    return { ...d, entity1: [...d.entity1, ...scope], entity2: [...d.entity2, ...scope], scopeLiterals: [] };
  }
  let entity1 = d.entity1;
  const left = new Map<string, RDF.Literal>();
  for (const [name, literal] of d.unusedLiterals) {
    if (taken(literal, categoriesOnly.unused)) entity1 = substitute(entity1, `${VAR_NS}${name}`, literal);
    else left.set(name, literal);
  }
  return left.size === d.unusedLiterals.size ? d : { ...d, entity1, unusedLiterals: left };
}

/** Most triples listed on each side of a remaining difference. */
const REMAINING_LIMIT = 200;

async function check(
  text: string,
  examples: readonly ParsedExample[],
): Promise<{ checks: ExampleCheck[]; fired: Array<Set<number>>; remaining: PayloadDiff[] }> {
  const compiled = await compileAlignment(text);
  const checks: ExampleCheck[] = [];
  const remaining: PayloadDiff[] = [];
  const fired: Array<Set<number>> = [];
  for (const example of examples) {
    const graph = TermGraph.fromQuads(example.input);
    const { trace } = applyAlignments(graph, [compiled], { trace: true, timing: false });
    fired.push(new Set((trace ?? []).filter((t) => t.solutions > 0).map((t) => t.step - 1)));
    const got = graph.toQuads(factory.defaultGraph());
    const reproduced = isomorphic(got, example.output);
    const rest = reproduced ? undefined : alignPayloads(got, example.output);
    checks.push({ reproduced, differingTriples: rest === undefined ? 0 : rest.added.length + rest.deleted.length });
    remaining.push(payloadDiff(reproduced ? example.output : got, example.output, example.prefixes, { limit: REMAINING_LIMIT }));
  }
  return { checks, fired, remaining };
}

/**
 * Where one value could come from several inputs: an answer decides; else the examples together
 * do, keeping the candidates that explain the value in every example that has it (a second
 * example where the two attributes differ leaves one). What is still open becomes a question.
 */
function resolveSources(
  grouped: readonly GroupedChanges[],
  answers: readonly SuggestionAnswer[],
  consumed: Set<string>,
): { picks: Map<string, string>; questions: SuggestionQuestion[] } {
  const byQuestion = new Map<string, SourceChoice[]>();
  for (const g of grouped) for (const c of g.choices) byQuestion.set(c.question, [...(byQuestion.get(c.question) ?? []), c]);
  const picks = new Map<string, string>();
  for (const answer of answers) {
    const records = byQuestion.get(answer.question);
    // Not a question about a value's source: a later step (merging several examples) may know it.
    if (records === undefined) continue;
    consumed.add(answer.question);
    if (!records.some((r) => r.ties.some((t) => t.id === answer.choice)))
      throw new MediatorError(`question ${answer.question} has no candidate ${answer.choice}`, ErrorCodes.invalidSuggestionAnswer);
    picks.set(answer.question, answer.choice);
  }
  const questions: SuggestionQuestion[] = [];
  for (const [id, records] of byQuestion) {
    if (picks.has(id)) continue;
    const open = records.find((r) => r.ties.length > 1);
    if (open === undefined) {
      // A constant nothing explains in any example, with other values elsewhere: the merge may find
      // a test on the input that chooses it.
      const unexplained = records.every((r) => r.ties.length === 1 && r.ties[0]?.transform === 'a constant');
      // (Other values in the same example count too: two items of one message.)
      if (unexplained && new Set(records.map((r) => r.value)).size > 1) picks.set(id, ANY_CONDITION);
      continue;
    }
    let common = open.ties.map((t) => t.id);
    for (const r of records) common = common.filter((c) => r.ties.some((t) => t.id === c));
    // Each example explains the value by a different function of its own: the value is left to the
    // merge of the examples, which searches one program that gives every example's value.
    if (common.length === 0 && records.length > 1 && records.every((r) => r.ties.some((t) => t.transform === 'a constant'))) {
      picks.set(id, ANY_CONSTANT);
      continue;
    }
    // The examples disagree (different attributes in different examples): this example's own ties stay the question.
    const left = common.length === 0 ? open.ties : open.ties.filter((t) => common.includes(t.id));
    const chosen = left[0];
    if (chosen === undefined) continue;
    picks.set(id, chosen.id);
    if (left.length < 2) continue;
    const constant = left.some((c) => c.transform === 'a constant');
    questions.push({
      id,
      kind: 'ambiguous-source',
      example: open.example,
      value: open.value,
      triple: open.triple,
      message: constant
        ? `the value ${open.value} could be a constant or computed from the input (${left.length} candidates); answer, or give an example where they differ`
        : `the value ${open.value} could come from ${left.length} places in the input; answer, or give an example where they differ`,
      candidates: left.map((t) => ({ ...t })),
      chosen: chosen.id,
    });
  }
  return { picks, questions };
}

/** Most differing triples a question lists (the reply's `remaining` has them all, up to its limit). */
const LISTED_DIFFERENCES = 12;

/** The triples that still differ, in the prefixed form the messages declare: produced but not wanted, then wanted but missing. */
function differingList(diff: PayloadDiff | undefined): string {
  if (diff === undefined) return '';
  const lines = [...diff.removed.map((t) => `  extra:   ${t.display}`), ...diff.added.map((t) => `  missing: ${t.display}`)];
  const shown = lines.slice(0, LISTED_DIFFERENCES);
  const more = diff.removedCount + diff.addedCount - shown.length;
  return `\n${shown.join('\n')}${more > 0 ? `\n  ... and ${more} more` : ''}`;
}

/** An answer no step of the suggestion took: to a question these examples do not raise, or to one with nothing to choose. */
function unansweredCheck(answers: readonly SuggestionAnswer[], consumed: ReadonlySet<string>, questions: readonly SuggestionQuestion[]): void {
  for (const answer of answers) {
    if (consumed.has(answer.question)) continue;
    const question = questions.find((q) => q.id === answer.question);
    if (question !== undefined)
      throw new MediatorError(
        `question ${answer.question} has nothing to choose (${question.kind}): give another example or edit the wanted output instead`,
        ErrorCodes.invalidSuggestionAnswer,
      );
    throw new MediatorError(`no question ${answer.question} for these examples`, ErrorCodes.invalidSuggestionAnswer);
  }
}

/** Suggests an alignment that translates every example input to its output. Throws MediatorError for unreadable examples and on time-out. */
export async function suggestAlignment(examples: readonly SuggestionExample[], options: SuggestOptions = {}): Promise<Suggestion> {
  const deadline = new Deadline(options.timeoutMs);
  if (examples.length === 0) throw new MediatorError('at least one example is needed', ErrorCodes.invalidSuggestionExample);
  const parsed: ParsedExample[] = [];
  for (const [i, e] of examples.entries()) parsed.push(await parseExample(e, i));
  deadline.check();
  const prefixes = suggestionPrefixes(parsed.flatMap((p) => p.prefixes));
  const writer = new TurtleWriter(prefixes);
  const questions: SuggestionQuestion[] = [];

  // Where each new value comes from, per example; then the examples and the answers settle the ties.
  const indexes = parsed.map((example) => new ExampleIndex(alignPayloads(example.input, example.output)));
  const firstPass = indexes.map((index, i) => {
    deadline.check();
    return groupChanges(index, i, new Map(), deadline.expired);
  });
  const consumed = new Set<string>();
  const resolved = resolveSources(firstPass, options.answers ?? [], consumed);
  questions.push(...resolved.questions);
  const groupedAll = firstPass.map((g, i) =>
    g.choices.every((c) => (resolved.picks.get(c.question) ?? c.chosen) === c.chosen)
      ? g
      : groupChanges(indexes[i] as ExampleIndex, i, resolved.picks, deadline.expired),
  );

  // Per example, its cells in order; then all examples' cells by shape, first-seen order kept.
  const shapes = new Map<string, CellDraft[]>();
  const ownKeys: Array<Set<string>> = [];
  const sequences: string[][] = [];
  indexes.forEach((index, i) => {
    deadline.check();
    const grouped = groupedAll[i] as GroupedChanges;
    // Groups too big for one readable cell are split before ordering (the parts may then need each other's order).
    const groups = grouped.groups.flatMap((g) => {
      const d = draftCell(index, g, grouped.derivations, i).draft;
      return d.entity1.length + d.entity2.length > MAX_CELL_TRIPLES ? splitGroup(index, g, grouped.derivations) : [g];
    });
    const drafts = orderedDrafts(index, groups, (g) => draftCell(index, g, grouped.derivations, i));
    const keys = new Set<string>();
    const sequence: string[] = [];
    for (const d of drafts) {
      const key = draftKey(d, writer);
      keys.add(key);
      sequence.push(key);
      const list = shapes.get(key);
      if (list === undefined) shapes.set(key, [d]);
      else list.push(d);
    }
    ownKeys.push(keys);
    sequences.push(sequence);
  });
  deadline.check();
  const cells: Array<{ draft: CellDraft; key: string }> = [];
  const seen = new Set<string>();
  const answers = new Map((options.answers ?? []).map((a) => [a.question, a.choice]));
  const mergeContext: MergeContext = { questions, answers, consumed, expired: deadline.expired };
  for (const key of mergedOrder(sequences)) {
    const drafts = shapes.get(key) ?? [];
    for (const d of mergeShape(drafts, key, mergeContext)) {
      const final = draftKey(d, writer);
      if (seen.has(final)) continue;
      seen.add(final);
      cells.push({ draft: d, key });
    }
  }

  unansweredCheck(options.answers ?? [], consumed, questions);
  const header = { name: options.name ?? 'suggested_alignment', version: options.version ?? '1.0' };
  let text = writeSuggestion(
    cells.map((c) => c.draft),
    header,
    prefixes,
  );
  let result = await check(text, parsed);
  // A cell that fires on an example it does not reproduce is made specific: by all its unused
  // literals on another example's, by its category literals on an item of its own example.
  for (let round = 0; round < 3 && result.checks.some((c) => !c.reproduced); round++) {
    deadline.check();
    let changed = false;
    result.checks.forEach((c, e) => {
      if (c.reproduced) return;
      for (const step of result.fired[e] ?? []) {
        const cell = cells[step];
        if (cell === undefined) continue;
        // Its own example: two items of one message (grams beside kilograms).
        const own = ownKeys[e]?.has(cell.key) === true;
        const draft = specialise(cell.draft, { unused: own, scope: true });
        if (draft === cell.draft) continue;
        cells[step] = { ...cell, draft };
        changed = true;
      }
    });
    if (!changed) break;
    text = writeSuggestion(
      cells.map((c) => c.draft),
      header,
      prefixes,
    );
    result = await check(text, parsed);
  }
  result.checks.forEach((c, e) => {
    if (c.reproduced) return;
    questions.push({
      id: stableId('q', `unverified|${e}`),
      kind: 'unverified',
      example: e,
      value: '',
      triple: '',
      message: `the suggestion does not reproduce example ${e + 1}: ${c.differingTriples} triple(s) still differ${differingList(result.remaining[e])}`,
      candidates: [],
      chosen: 'returned as is',
    });
  });
  const expectedPayloads = parsed.map((p) =>
    p.output.map((q) => `${termToNTriples(q.subject)} ${termToNTriples(q.predicate)} ${termToNTriples(q.object)} .\n`).join(''),
  );
  return { alignment: text, cells: cells.length, questions, checks: result.checks, remaining: result.remaining, expectedPayloads };
}

export { SLOT_NS };
