/**
 * Legacy alignments in the workbench (issue 39, point 1): a legacy pure-XML document, dropped,
 * chosen, pasted or open in the editor, is converted to IPSM-AF by the server (POST /convert) and
 * the result opens in the editor as a draft, ready to upload. Which documents are legacy is the
 * server's rule, read from its answer (the problem code LEGACY_FORMAT of an upload or a
 * validation), so the renderer has no second copy of it.
 */
import { ApiError, type MediatorApi, type Problem } from '../api/index.js';
import { failed } from './operation.js';
import type { Operation, SliceCreator } from './types.js';

/** The problem code the server gives a legacy pure-XML alignment (core/src/common/problem-codes.ts, legacyFormat). */
export const LEGACY_FORMAT = 'LEGACY_FORMAT';

export function hasLegacyProblem(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.code === LEGACY_FORMAT);
}

/** The name the converted draft goes by (and downloads as): the file's stem, `-ipsm-af.rdf`. */
export function convertedFileName(fileName: string): string {
  const stem = fileName.replace(/\.(xml|rdf|owl)$/i, '').replace(/[^\w.-]+/g, '-');
  return `${stem === '' ? 'alignment' : stem}-ipsm-af.rdf`;
}

/**
 * An alignment with Turtle cells, as POST /convert/TTL makes it; a legacy document is first made
 * IPSM-AF (POST /convert), as `mediator convert --turtle` does, instead of failing.
 */
export async function toTurtleCells(api: MediatorApi, text: string): Promise<string> {
  try {
    return await api.convertAlignment(text, 'TTL');
  } catch (error) {
    if (!(error instanceof ApiError && hasLegacyProblem(error.problems))) throw error;
    return api.convertAlignment(await api.convertAlignment(text, 'IPSM-AF'), 'TTL');
  }
}

export interface LegacyConvertSlice {
  /** The last conversion: which document (its file name) and how it went. */
  readonly legacyConvert: { readonly fileName: string; readonly op: Operation } | undefined;
  /** Converts the document and opens the result in the editor (asking first if the editor holds unsaved edits). */
  convertLegacyDocument(fileName: string, text: string): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends LegacyConvertSlice {}
}

export const createLegacyConvertSlice: SliceCreator<LegacyConvertSlice> = (set, get) => ({
  legacyConvert: undefined,

  async convertLegacyDocument(fileName, text) {
    set({ legacyConvert: { fileName, op: { state: 'running' } } });
    let converted: string;
    try {
      converted = await get().api.convertAlignment(text, 'IPSM-AF');
    } catch (error) {
      const op = failed(error);
      set({ legacyConvert: { fileName, op: op.state === 'failed' ? { ...op, message: `“${fileName}” could not be converted: ${op.message}` } : op } });
      return;
    }
    const name = convertedFileName(fileName);
    get().openDocument({ fileName: name, text: converted });
    set({
      legacyConvert: {
        fileName,
        op: { state: 'done', message: `Converted “${fileName}” to IPSM-AF as ${name}: check it, then Upload to store it.` },
      },
    });
  },
});
