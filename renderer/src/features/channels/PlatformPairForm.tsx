import type { ChannelInfo } from '../../api/index.js';
import { IDLE, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { TopicPairs } from '../../ui/TopicPairs.js';
import { AlignmentSelect } from './AlignmentSelect.js';
import { ParallelismField } from './ParallelismField.js';

export function PlatformPairForm() {
  const draft = useWorkbench((s) => s.platformDraft);
  const setDraft = useWorkbench((s) => s.setPlatformDraft);
  const create = useWorkbench((s) => s.createPlatformChannels);
  const op = useWorkbench((s) => s.platformOp);
  const result = useWorkbench((s) => s.platformResult);
  const topicPreview = useWorkbench((s) => s.topicPreview);
  // The server's names for what is typed now; older answers are not shown as current.
  const current = topicPreview.forId === draft.platformId.trim() && topicPreview.spelling === draft.spelling;
  const preview = current ? topicPreview.topics : undefined;

  return (
    <section className="panel" aria-labelledby="platform-title">
      <h2 id="platform-title">Channels for a platform</h2>
      <form
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void create();
        }}
      >
        <label className="field wide">
          <span>Platform id</span>
          <input value={draft.platformId} onChange={(e) => setDraft({ platformId: e.target.value })} placeholder="http://inter-iot.eu/platforms/p1" required />
        </label>
        <label className="field">
          <span>Topic spelling</span>
          <select value={draft.spelling} onChange={(e) => setDraft({ spelling: e.target.value === 'ipsm' ? 'ipsm' : 'mediator' })}>
            <option value="mediator">mediator (default)</option>
            <option value="ipsm">ipsm (INTER-MW as shipped)</option>
          </select>
        </label>
        <AlignmentSelect label="Platform input alignment" value={draft.inp} onChange={(inp) => setDraft({ inp })} />
        <AlignmentSelect label="Platform output alignment" value={draft.out} onChange={(out) => setDraft({ out })} />
        <ParallelismField label="Platform parallelism" value={draft.parallelism} onChange={(parallelism) => setDraft({ parallelism })} />
        <div className="row wide">
          <button type="submit" className="primary" disabled={op.state === 'running'}>
            Create platform channels
          </button>
          <OperationStatus op={op} runningText="Creating both channels…" testId="platform-status" />
        </div>
        {/* Below the button: the names arrive while the user moves to click it, and a preview above
            it pushed it down under the click (the click was lost). */}
        {draft.platformId.trim() !== '' && (
          <div className="wide topic-preview" data-testid="topic-preview" aria-busy={topicPreview.op.state === 'running'}>
            <div className="topic-preview-head">
              <h3>Topics that will be used</h3>
              <OperationStatus
                op={current || topicPreview.op.state === 'running' ? topicPreview.op : IDLE}
                runningText="Asking the server for the topic names…"
              />
            </div>
            <TopicPairs topics={preview} />
          </div>
        )}
      </form>
      {result !== undefined && (
        <div className="platform-result" data-testid="platform-result">
          <ChannelSummary label="Downstream" channel={result.downstream} />
          <ChannelSummary label="Upstream" channel={result.upstream} />
        </div>
      )}
    </section>
  );
}

function ChannelSummary({ label, channel }: { label: string; channel: ChannelInfo }) {
  return (
    <p>
      <strong>{label}</strong> channel {channel.id}: <code>{channel.source}</code> → <code>{channel.sink}</code> ({channel.status ?? 'created'})
    </p>
  );
}
