import { useEffect } from 'react';
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
      <ChannelTable />
      <div className="columns">
        <CreateChannelForm />
        <PlatformPairForm />
      </div>
      <TopicTester />
    </div>
  );
}
