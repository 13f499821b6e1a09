/**
 * The mw2mw API change history screen (issue 15): two documents, each a shipped version or a
 * dropped/picked file, compared by the server (POST /api-history/diff); the changes grouped by kind
 * and filtered by a search over their subjects. The differ exists once, in core, behind the API.
 */
import { ApiError, errorMessage, type ApiChange, type ApiDiff, type ApiDocumentSource, type ApiSample } from '../api/index.js';
import { failed, isAbort } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export type ApiSide = 'old' | 'new';

/** One side of the comparison: nothing yet, a shipped version, or a file's text. */
export type ApiDocumentChoice =
  { readonly kind: 'none' } | { readonly kind: 'sample'; readonly version: string } | { readonly kind: 'file'; readonly name: string; readonly text: string };

/** Where a document that could not be read went wrong, as the server reported it. */
export interface ApiDocumentProblem {
  readonly message: string;
  readonly source?: string;
  readonly line?: number;
  readonly column?: number;
}

export interface ApiHistorySlice {
  readonly apiSamples: readonly ApiSample[];
  readonly apiSamplesOp: Operation;
  readonly apiOld: ApiDocumentChoice;
  readonly apiNew: ApiDocumentChoice;
  readonly apiDiff: ApiDiff | undefined;
  readonly apiDiffOp: Operation;
  readonly apiDiffProblem: ApiDocumentProblem | undefined;
  readonly apiFilter: string;
  /** Loads the shipped versions; the first time, compares the last two of them. */
  loadApiSamples(): Promise<void>;
  chooseApiDocument(side: ApiSide, choice: ApiDocumentChoice): Promise<void>;
  setApiFilter(text: string): void;
  runApiDiff(): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends ApiHistorySlice {}
}

/** Headings of the groups, in the order the screen shows them (the differ's order of kinds). */
export const CHANGE_KIND_TITLES: Readonly<Record<ApiChange['kind'], string>> = {
  'tag-added': 'Tags added',
  'tag-removed': 'Tags removed',
  'operation-tags-changed': 'Endpoint tags changed',
  'path-added': 'Endpoints added',
  'path-removed': 'Endpoints removed',
  'path-moved': 'Endpoints moved',
  'parameter-renamed': 'Parameters renamed',
  'responses-changed': 'Responses changed',
  'definition-added': 'Definitions added',
  'definition-removed': 'Definitions removed',
  'definition-changed': 'Definitions changed',
  'property-renamed': 'Properties renamed',
  'content-type-added': 'Content types added',
  'content-type-removed': 'Content types removed',
};

export interface ChangeGroup {
  readonly kind: ApiChange['kind'];
  readonly title: string;
  readonly changes: readonly ApiChange[];
}

/** The changes whose subject (or detail) contains `filter` (any case), grouped by kind; empty groups left out. */
export function groupChanges(changes: readonly ApiChange[], filter: string): ChangeGroup[] {
  const needle = filter.trim().toLowerCase();
  const shown = needle === '' ? changes : changes.filter((c) => c.subject.toLowerCase().includes(needle) || c.detail.toLowerCase().includes(needle));
  return (Object.keys(CHANGE_KIND_TITLES) as Array<ApiChange['kind']>)
    .map((kind) => ({ kind, title: CHANGE_KIND_TITLES[kind], changes: shown.filter((c) => c.kind === kind) }))
    .filter((g) => g.changes.length > 0);
}

function toSource(choice: ApiDocumentChoice): ApiDocumentSource | undefined {
  if (choice.kind === 'sample') return { sample: choice.version };
  if (choice.kind === 'file') return { text: choice.text, name: choice.name };
  return undefined;
}

export const createApiHistorySlice: SliceCreator<ApiHistorySlice> = (set, get) => {
  let generation = 0;
  return {
    apiSamples: [],
    apiSamplesOp: IDLE,
    apiOld: { kind: 'none' },
    apiNew: { kind: 'none' },
    apiDiff: undefined,
    apiDiffOp: IDLE,
    apiDiffProblem: undefined,
    apiFilter: '',

    async loadApiSamples() {
      set({ apiSamplesOp: { state: 'running', progress: 'Loading the shipped versions…' } });
      try {
        const samples = await get().api.listApiSamples();
        set({ apiSamples: samples, apiSamplesOp: IDLE });
        const { apiOld, apiNew } = get();
        const previous = samples[samples.length - 2];
        const last = samples[samples.length - 1];
        if (apiOld.kind === 'none' && apiNew.kind === 'none' && previous !== undefined && last !== undefined) {
          set({ apiOld: { kind: 'sample', version: previous.version }, apiNew: { kind: 'sample', version: last.version } });
          await get().runApiDiff();
        }
      } catch (error) {
        if (!isAbort(error)) set({ apiSamplesOp: failed(error) });
      }
    },

    async chooseApiDocument(side, choice) {
      set(side === 'old' ? { apiOld: choice } : { apiNew: choice });
      await get().runApiDiff();
    },

    setApiFilter(apiFilter) {
      set({ apiFilter });
    },

    async runApiDiff() {
      const older = toSource(get().apiOld);
      const newer = toSource(get().apiNew);
      if (older === undefined || newer === undefined) return;
      const mine = ++generation;
      set({ apiDiffOp: { state: 'running', progress: 'Comparing…' }, apiDiffProblem: undefined });
      try {
        const diff = await get().api.diffApiDocuments({ old: older, new: newer });
        if (mine !== generation) return;
        set({
          apiDiff: diff,
          apiDiffOp: { state: 'done', message: `${diff.from} → ${diff.to}: ${diff.changes.length} change${diff.changes.length === 1 ? '' : 's'}` },
        });
      } catch (error) {
        if (mine !== generation) return;
        const body = error instanceof ApiError && typeof error.body === 'object' && error.body !== null ? (error.body as Record<string, unknown>) : {};
        const problem: ApiDocumentProblem = {
          message: errorMessage(error),
          ...(typeof body['source'] === 'string' ? { source: body['source'] } : {}),
          ...(error instanceof ApiError && error.line !== undefined ? { line: error.line } : {}),
          ...(error instanceof ApiError && error.column !== undefined ? { column: error.column } : {}),
        };
        // The last good comparison stays out of view: it is not of these documents.
        set({ apiDiff: undefined, apiDiffOp: failed(error), apiDiffProblem: problem });
      }
    },
  };
};
