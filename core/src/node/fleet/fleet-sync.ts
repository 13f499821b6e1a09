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
import { ALIGNMENT_KIND, CHANNEL_KIND } from '../store/record-kinds.js';

export class FleetSync {
  /**
   * What is being done to each channel, in bucket order per channel. Starting a channel waits for
   * its stream and consumer (seconds on a cluster that is creating replicated streams); done in the
   * store's one queue, N channels created at once were started one after another, and every later
   * change (and every write of this process, which waits for its own change to be applied) waited
   * behind them (issue 32). Different channels now start side by side.
   */
  readonly #work = new Map<number, Promise<void>>();

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
          this.#then(channel.id, async () => {
            await this.runner.stop(channel.id);
            await this.runner.start(channel);
          });
        }
      }
      return;
    }
    const channel = changeOf(change, CHANNEL_KIND);
    if (channel !== undefined) {
      const { record } = channel;
      if (channel.op === 'put') this.#then(record.id, () => this.runner.start(record).then(() => undefined));
      else this.#then(record.id, () => this.runner.stop(record.id));
    }
  }

  /** Runs `step` after what is under way for the channel; never rejects (the runner reports failures as the channel's status). */
  #then(id: number, step: () => Promise<void>): void {
    const next = (this.#work.get(id) ?? Promise.resolve())
      .then(step)
      .catch((error: unknown) => this.log.error({ err: error, channel: id }, 'applying a shared channel change failed'));
    this.#work.set(id, next);
    void next.then(() => {
      if (this.#work.get(id) === next) this.#work.delete(id);
    });
  }

  /** Resolves when every channel change under way is done (tests; closing). */
  async settled(): Promise<void> {
    while (this.#work.size > 0) await Promise.all([...this.#work.values()]);
  }
}
