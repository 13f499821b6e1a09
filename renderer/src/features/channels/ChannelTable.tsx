import { useState } from 'react';
import type { ChannelInfo } from '../../api/index.js';
import { formatDate, formatMs } from '../../ui/format.js';
import { useWorkbench } from '../../store/index.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { describeChannelType, TRANSPORT_NAMES } from './TransportSelect.js';

const side = (name: string, version: string) => (name === '' ? 'none' : `${name} ${version}`);

export function ChannelTable() {
  const channels = useWorkbench((s) => s.channels);
  const op = useWorkbench((s) => s.channelsOp);
  const polledAt = useWorkbench((s) => s.channelsPolledAt);
  const deleteChannel = useWorkbench((s) => s.deleteChannel);
  const deleteOp = useWorkbench((s) => s.deleteChannelOp);
  const setTester = useWorkbench((s) => s.setTester);
  const transports = useWorkbench((s) => s.version?.transports) ?? [];
  // The brokers the server says it cannot reach now, by chanType letter.
  const unreachable = transports.filter((t) => !t.reachable);
  const [confirming, setConfirming] = useState<ChannelInfo | undefined>(undefined);
  const sorted = [...channels].sort((a, b) => a.id - b.id);

  return (
    <section className="panel" aria-labelledby="channels-title">
      <div className="panel-header">
        <h2 id="channels-title">Channels ({channels.length})</h2>
        <span className="hint">{polledAt === undefined ? '' : `Updated every 2 s · last ${formatDate(polledAt)}`}</span>
      </div>
      <OperationStatus op={op} runningText="Loading channels…" />
      <OperationStatus op={deleteOp} runningText="Deleting…" />
      {channels.length === 0 && op.state === 'failed' ? null : channels.length === 0 ? (
        <p className="empty">No channels.</p>
      ) : (
        <div className="table-scroll">
          <table className="table" aria-label="Channels">
            <thead>
              <tr>
                <th scope="col">Id</th>
                <th scope="col">Source → sink</th>
                <th scope="col">Transport</th>
                <th scope="col">Input alignment</th>
                <th scope="col">Output alignment</th>
                <th scope="col">Parallelism</th>
                <th scope="col">Status</th>
                <th scope="col">Received</th>
                <th scope="col">Translated</th>
                <th scope="col">Failed</th>
                <th scope="col">Dead-lettered</th>
                <th scope="col">Latency (last / mean)</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((c) => (
                <tr key={c.id} data-testid="channel-row" data-channel-id={c.id}>
                  <th scope="row">{c.id}</th>
                  <td className="topic">
                    {c.source} → {c.sink}
                  </td>
                  <td data-testid="channel-transport">
                    <span title={`chanType ${c.chanType}`}>{describeChannelType(c.chanType)}</span>
                    {unreachable
                      .filter((t) => c.chanType.includes(t.letter))
                      .map((t) => (
                        <p key={t.kind} className="error">
                          {TRANSPORT_NAMES[t.kind]} broker unreachable
                        </p>
                      ))}
                  </td>
                  <td>{side(c.inpAlignmentName, c.inpAlignmentVersion)}</td>
                  <td>{side(c.outAlignmentName, c.outAlignmentVersion)}</td>
                  <td className="num">{c.parallelism}</td>
                  <td>
                    <span className={`badge status-${c.status}`}>{c.status}</span>
                    {c.reason !== undefined && (
                      <p className="error" data-testid="channel-reason">
                        {c.reason}
                      </p>
                    )}
                  </td>
                  <td className="num">{c.counters?.received ?? '—'}</td>
                  <td className="num">{c.counters?.translated ?? '—'}</td>
                  <td className="num">{c.counters?.failed ?? '—'}</td>
                  <td className="num">{c.counters?.deadLettered ?? '—'}</td>
                  <td className="num">{c.counters ? `${formatMs(c.counters.lastLatencyMs)} / ${formatMs(c.counters.meanLatencyMs)}` : '—'}</td>
                  <td className="actions">
                    <button
                      type="button"
                      onClick={() => setTester({ publishTopic: c.source, watchTopic: c.sink })}
                      aria-label={`Test channel ${c.id}`}
                      title="Fill the topic tester with this channel's source and sink"
                    >
                      Test
                    </button>{' '}
                    <button type="button" onClick={() => setConfirming(c)} aria-label={`Delete channel ${c.id}`}>
                      Delete…
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming !== undefined && (
        <ConfirmDialog
          title="Delete channel?"
          confirmLabel="Delete channel"
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => {
            const id = confirming.id;
            setConfirming(undefined);
            void deleteChannel(id);
          }}
        >
          <p>
            Delete channel {confirming.id} ({confirming.source} → {confirming.sink})? Messages on {confirming.source} will no longer be translated.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
