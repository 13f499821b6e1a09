/**
 * What a process of a fleet does when the shared configuration changes (issue 13), one change at a
 * time in bucket order: an alignment stored anywhere is compiled here, one deleted anywhere is
 * forgotten here; a channel created anywhere starts here (sharing its durable consumer with the
 * other processes), one deleted anywhere stops here after its in-flight messages. Channels waiting
 * for an alignment start when it arrives; channels using an alignment whose stored version was
 * replaced restart with the new one, so no process keeps translating with a stale version.
 */
import type { Logger } from '../../common/index.js';
import type { AlignmentService } from '../services/alignment-service.js';
import type { ChannelRunner } from '../services/channel-runner.js';
import { changeOf, type ConfigChange, type NatsKvStore } from '../store/nats-kv-store.js';
import { ALIGNMENT_KIND, CHANNEL_KIND } from './record-kinds.js';

export class FleetSync {
  constructor(
    private readonly store: NatsKvStore,
    private readonly alignments: AlignmentService,
    private readonly runner: ChannelRunner,
    private readonly log: Logger,
  ) {}

  /** Applies the store's changes from now on; returns the disposer. */
  attach(): () => void {
    this.store.onChange = (change) => this.apply(change);
    return () => {
      this.store.onChange = undefined;
    };
  }

  async apply(change: ConfigChange): Promise<void> {
    const alignment = changeOf(change, ALIGNMENT_KIND);
    if (alignment !== undefined) {
      const { name, version } = alignment.record;
      if (alignment.op === 'delete') {
        this.alignments.forget(name, version);
        return;
      }
      const replaced = await this.alignments.adopt(alignment.record);
      for (const channel of this.store.channelsUsing(name, version)) {
        if (replaced || this.runner.runtime(channel.id) === undefined) {
          this.log.info({ channel: channel.id, alignment: `${name}@${version}`, replaced }, 'channel (re)started for a shared alignment');
          await this.runner.stop(channel.id);
          await this.runner.start(channel);
        }
      }
      return;
    }
    const channel = changeOf(change, CHANNEL_KIND);
    if (channel !== undefined) {
      if (channel.op === 'put') await this.runner.start(channel.record);
      else await this.runner.stop(channel.record.id);
    }
  }
}
