/**
 * "Delete alignment?" (issue 39): before asking, the dialog reads which channels use the alignment
 * (GET /channels). A used alignment cannot be deleted (the server refuses it): the dialog says which
 * channels use it, links to them, and Delete stays disabled, as it does after any refusal.
 */
import { useEffect, useState } from 'react';
import type { AlignmentId, ChannelInfo } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { OperationStatus } from '../../ui/OperationStatus.js';

/** The channels whose input or output alignment is `id`. */
export function channelsUsing(channels: readonly ChannelInfo[], id: AlignmentId): ChannelInfo[] {
  return channels.filter(
    (c) => (c.inpAlignmentName === id.name && c.inpAlignmentVersion === id.version) || (c.outAlignmentName === id.name && c.outAlignmentVersion === id.version),
  );
}

export function DeleteAlignmentDialog({ id }: { id: AlignmentId }) {
  const channels = useWorkbench((s) => s.channels);
  const loadChannels = useWorkbench((s) => s.loadChannels);
  const deleteOp = useWorkbench((s) => s.deleteOp);
  const confirmDelete = useWorkbench((s) => s.confirmDelete);
  const cancelDelete = useWorkbench((s) => s.cancelDelete);
  const navigate = useWorkbench((s) => s.navigate);
  // The channels are read afresh when the dialog opens; until then Delete waits. If they cannot be
  // read, the server still refuses a used alignment, and the dialog shows its reason.
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadChannels().finally(() => {
      if (live) setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [loadChannels]);
  const users = loaded ? channelsUsing(channels, id) : undefined;
  const used = users !== undefined && users.length > 0;
  return (
    <ConfirmDialog
      title="Delete alignment?"
      confirmLabel="Delete"
      busy={users === undefined || used || deleteOp.state === 'running' || deleteOp.state === 'failed'}
      onConfirm={() => void confirmDelete()}
      onCancel={cancelDelete}
    >
      {used ? (
        <div role="alert" className="op op-failed" data-testid="delete-refusal">
          <p>
            <strong>{id.name}</strong> version <strong>{id.version}</strong> cannot be deleted:{' '}
            {users.length === 1 ? 'a channel uses' : `${users.length} channels use`} it. Delete {users.length === 1 ? 'that channel' : 'those channels'} first:
          </p>
          <ul>
            {users.map((c) => (
              <li key={c.id}>
                <a
                  href="#/channels"
                  onClick={(e) => {
                    e.preventDefault();
                    cancelDelete();
                    navigate('channels');
                  }}
                >
                  Channel {c.id} ({c.source} → {c.sink})
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p>
          Delete <strong>{id.name}</strong> version <strong>{id.version}</strong> from the mediator?
        </p>
      )}
      <OperationStatus op={deleteOp} runningText="Deleting…" testId="delete-status" />
    </ConfirmDialog>
  );
}
