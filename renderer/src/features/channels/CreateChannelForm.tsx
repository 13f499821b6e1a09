import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { AlignmentSelect } from './AlignmentSelect.js';
import { ParallelismField } from './ParallelismField.js';
import { TransportSelect } from './TransportSelect.js';

export function CreateChannelForm() {
  const draft = useWorkbench((s) => s.channelDraft);
  const setDraft = useWorkbench((s) => s.setChannelDraft);
  const create = useWorkbench((s) => s.createChannel);
  const op = useWorkbench((s) => s.createChannelOp);
  const transports = useWorkbench((s) => s.version?.transports) ?? [];
  return (
    <section className="panel" aria-labelledby="create-channel-title">
      <h2 id="create-channel-title">Create a channel</h2>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="field">
          <span>Source topic</span>
          <input value={draft.source} onChange={(e) => setDraft({ source: e.target.value })} placeholder="mw-mediator-downstream-…" required />
        </label>
        <label className="field">
          <span>Sink topic</span>
          <input value={draft.sink} onChange={(e) => setDraft({ sink: e.target.value })} placeholder="mediator-mw-downstream-…" required />
        </label>
        {transports.length > 1 && (
          <>
            <TransportSelect
              label="Source transport"
              value={draft.sourceTransport}
              transports={transports}
              onChange={(sourceTransport) => setDraft({ sourceTransport })}
            />
            <TransportSelect
              label="Sink transport"
              value={draft.sinkTransport}
              transports={transports}
              onChange={(sinkTransport) => setDraft({ sinkTransport })}
            />
          </>
        )}
        <AlignmentSelect label="Input alignment" value={draft.inp} onChange={(inp) => setDraft({ inp })} />
        <AlignmentSelect label="Output alignment" value={draft.out} onChange={(out) => setDraft({ out })} />
        <ParallelismField label="Parallelism" value={draft.parallelism} onChange={(parallelism) => setDraft({ parallelism })} />
        <div className="row">
          <button type="submit" className="primary" disabled={op.state === 'running'}>
            Create channel
          </button>
          <OperationStatus op={op} runningText="Creating…" testId="create-channel-status" />
        </div>
      </form>
    </section>
  );
}
