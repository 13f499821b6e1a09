import { useEffect } from 'react';
import { SplitView } from '../../ui/SplitView.js';
import { useWorkbench } from '../../store/index.js';
import { ChannelTable } from './ChannelTable.js';
import { CreateChannelForm } from './CreateChannelForm.js';
import { PlatformPairForm } from './PlatformPairForm.js';
import { TopicTester } from './TopicTester.js';

export function ChannelsScreen() {
  const startPolling = useWorkbench((s) => s.startChannelPolling);
  const loadAlignments = useWorkbench((s) => s.loadAlignments);
  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => {
    void loadAlignments();
    return startPolling();
  }, [startPolling, loadAlignments, reconnects]);
  return (
    <div className="screen channels-screen">
      <SplitView
        id="channels"
        label="Resize the channel list"
        initial={62}
        list={<ChannelTable />}
        detail={
          <>
            <CreateChannelForm />
            <PlatformPairForm />
            <TopicTester />
          </>
        }
      />
    </div>
  );
}
