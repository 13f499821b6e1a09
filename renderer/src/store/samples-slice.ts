/**
 * "Open samples" (issue 39, point 6): the sample alignments shipped with the workbench are uploaded
 * (each with its own result, as dropped files are), and Translate gets a sample message with the
 * chain it goes through, so a first visit has something to look at and run.
 */
import type { AlignmentId } from '../api/index.js';
import type { UploadDocument } from './alignments-slice.js';
import { failed } from './operation.js';
import type { Sample } from './translate-slice.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface SampleSet {
  readonly alignments: readonly UploadDocument[];
  /** The files of `alignments` that make Translate's chain, in order. */
  readonly chain: readonly string[];
  readonly message: Sample;
}

export interface SamplesSlice {
  readonly samplesOp: Operation;
  /** Loads the set `load` answers (a lazily imported module); the chain is set only if all of it is stored. */
  openSamples(load: () => Promise<SampleSet>): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends SamplesSlice {}
}

const describeId = (id: AlignmentId) => `${id.name} ${id.version}`;

export const createSamplesSlice: SliceCreator<SamplesSlice> = (set, get) => ({
  samplesOp: IDLE,

  async openSamples(load) {
    set({ samplesOp: { state: 'running', progress: 'Loading the sample alignments and messages…' } });
    try {
      const samples = await load();
      const outcomes = await get().uploadDocuments(samples.alignments);
      const stored = outcomes.flatMap((o) => (o.id === undefined ? [] : [o.id]));
      const chain = samples.chain.map((file) => outcomes.find((o) => o.fileName === file)?.id);
      const notStored = outcomes.filter((o) => o.id === undefined).map((o) => `“${o.fileName}” (${o.message})`);
      const complete = chain.every((id) => id !== undefined);
      if (complete) get().setSequence(chain);
      get().loadSample(samples.message);
      const parts = [
        stored.length === 0 ? 'No sample alignment was stored.' : `Stored the sample alignments ${stored.map(describeId).join(', ')}.`,
        notStored.length === 0 ? '' : `Not stored: ${notStored.join(', ')}.`,
        `Translate holds the sample message ${samples.message.label}${complete ? ` with the chain ${chain.map((id) => id.name).join(' → ')}` : ''}.`,
      ];
      const message = parts.filter((p) => p !== '').join(' ');
      set({ samplesOp: notStored.length === 0 ? { state: 'done', message } : { state: 'failed', message } });
    } catch (error) {
      set({ samplesOp: failed(error) });
    }
  },
});
