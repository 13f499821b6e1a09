/**
 * "Open samples" (issue 39, point 6) and what it did: the shipped sample alignments stored, and
 * Translate given a sample message and its chain; from there, one click to Translate, or to the
 * legacy sample in the editor (to try "Convert to IPSM-AF").
 */
import { useWorkbench, type SampleSet } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { SAMPLES } from '../translate/samples/index.js';

async function loadSampleSet(): Promise<SampleSet> {
  const { SAMPLE_ALIGNMENTS } = await import('../../samples/index.js');
  const message = SAMPLES.find((s) => s.id === 'bloodPressure') ?? SAMPLES[0];
  if (message === undefined) throw new Error('The workbench was built without sample messages.');
  return { alignments: SAMPLE_ALIGNMENTS, chain: ['UniversAAL_CO.rdf', 'CO_FIWARE.rdf'], message };
}

export function OpenSamplesButton() {
  const openSamples = useWorkbench((s) => s.openSamples);
  const running = useWorkbench((s) => s.samplesOp.state === 'running');
  return (
    <button type="button" onClick={() => void openSamples(loadSampleSet)} disabled={running}>
      Open samples
    </button>
  );
}

export function SamplesStatus() {
  const op = useWorkbench((s) => s.samplesOp);
  const navigate = useWorkbench((s) => s.navigate);
  const openDocument = useWorkbench((s) => s.openDocument);
  if (op.state === 'idle') return null;
  return (
    <div className="samples-status" data-testid="samples-status">
      <OperationStatus op={op} runningText="Loading the samples…" />
      {op.state !== 'running' && (
        <div className="row">
          <button type="button" onClick={() => navigate('translate')}>
            Go to Translate
          </button>
          <button type="button" onClick={() => void import('../../samples/index.js').then(({ LEGACY_SAMPLE }) => openDocument(LEGACY_SAMPLE))}>
            Open the legacy sample
          </button>
        </div>
      )}
    </div>
  );
}
