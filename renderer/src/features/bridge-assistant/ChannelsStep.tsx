import { useEffect, useState } from 'react';
import { alignmentKey, parseAlignmentRef, useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { TopicPairs } from '../../ui/TopicPairs.js';
import type { ChannelInfo } from '../../api/index.js';

/** An alignment picked or typed as name@version, with whether it is uploaded and an upload picker when not. */
function AlignmentField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const alignments = useWorkbench((s) => s.alignments);
  const upload = useWorkbench((s) => s.uploadAlignmentFile);
  const ref = parseAlignmentRef(value);
  const uploaded = ref !== undefined && alignments.some((a) => a.name === ref.name && a.version === ref.version);
  const id = `list-${label.replace(/\W+/g, '-')}`;
  return (
    <div className="field">
      <label className="field">
        <span>{label}</span>
        <input list={id} value={value} onChange={(e) => onChange(e.target.value)} placeholder="name@version, empty for none" />
      </label>
      <datalist id={id}>
        {alignments.map((a) => (
          <option key={alignmentKey(a)} value={`${a.name}@${a.version}`} />
        ))}
      </datalist>
      {ref !== undefined && (
        <span className={uploaded ? 'badge' : 'badge warn'} data-testid={`${label} state`}>
          {uploaded ? 'uploaded' : 'not uploaded'}
        </span>
      )}
      {ref !== undefined && !uploaded && (
        <label className="file-pick">
          Upload the alignment file
          <input
            type="file"
            aria-label={`Upload ${label}`}
            accept=".rdf,.xml,.owl"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file !== undefined) void file.text().then(upload);
            }}
          />
        </label>
      )}
    </div>
  );
}

function ChannelLine({ label, channel }: { label: string; channel: ChannelInfo | null }) {
  return (
    <p data-testid={`${label.toLowerCase()}-channel`}>
      {label}: {channel === null ? 'not created' : `channel ${channel.id}, ${channel.status}${channel.reason === undefined ? '' : ` (${channel.reason})`}`}
    </p>
  );
}

/** Step 5: the platform's channel pair, with its alignments uploaded, created and running. */
export function ChannelsStep() {
  const ch = useWorkbench((s) => s.bridgeSteps.channels) ?? {};
  const update = useWorkbench((s) => s.updateStep);
  const loadAlignments = useWorkbench((s) => s.loadAlignments);
  const refresh = useWorkbench((s) => s.refreshChannelState);
  const create = useWorkbench((s) => s.createBridgeChannels);
  const state = useWorkbench((s) => s.channelState);
  const stateOp = useWorkbench((s) => s.channelStateOp);
  const createOp = useWorkbench((s) => s.createBridgeChannelsOp);
  const uploadOp = useWorkbench((s) => s.alignmentUploadOp);
  const [tick, setTick] = useState(0);
  useEffect(() => void loadAlignments(), [loadAlignments]);
  // The state follows the platform id (debounced) and is polled until both channels run.
  useEffect(() => {
    const timer = setTimeout(() => {
      void refresh().then(() => setTick((t) => t + 1));
    }, 500);
    return () => clearTimeout(timer);
  }, [ch.platformId, ch.spelling, refresh, tick]);

  return (
    <div className="step-body">
      <div className="form-grid">
        <label className="field wide">
          <span>Platform id</span>
          <input value={ch.platformId ?? ''} onChange={(e) => update('channels', { platformId: e.target.value })} placeholder="http://example.com/platform1" />
        </label>
        <label className="field">
          <span>Topic spelling</span>
          <select value={ch.spelling ?? 'mediator'} onChange={(e) => update('channels', { spelling: e.target.value === 'ipsm' ? 'ipsm' : 'mediator' })}>
            <option value="mediator">mediator (default)</option>
            <option value="ipsm">ipsm (INTER-MW as shipped)</option>
          </select>
        </label>
        <AlignmentField label="Downstream alignment" value={ch.out ?? ''} onChange={(out) => update('channels', { out })} />
        <AlignmentField label="Upstream alignment" value={ch.inp ?? ''} onChange={(inp) => update('channels', { inp })} />
      </div>
      <OperationStatus op={uploadOp} testId="alignment-upload-status" />
      <div className="row">
        <button type="button" className="primary" disabled={(ch.platformId ?? '').trim() === ''} onClick={() => void create()}>
          Create channels
        </button>
        <OperationStatus op={createOp} testId="bridge-create-status" />
        <OperationStatus op={stateOp} showDone={false} testId="bridge-state-status" />
      </div>
      {/* Below the button, as on the Channels screen (PlatformPairForm). */}
      {(ch.platformId ?? '').trim() !== '' && (
        <div className="topic-preview" data-testid="bridge-topics">
          <TopicPairs topics={state?.topics} testIdPrefix="bridge-" />
        </div>
      )}
      {state !== undefined && (
        <div className={`check-result ${state.running ? 'ok' : ''}`} data-testid="bridge-channel-state">
          <ChannelLine label="Downstream" channel={state.downstream} />
          <ChannelLine label="Upstream" channel={state.upstream} />
          {state.running && <p data-testid="channels-running">Both channels are running.</p>}
        </div>
      )}
    </div>
  );
}
