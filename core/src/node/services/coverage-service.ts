/**
 * Cell coverage as the REST API sees it (issue 12, part 3): over a corpus sent in the request, or
 * over the messages a channel has consumed since it started (read back from the transport's recent
 * messages, so only a transport that keeps them, the embedded bus, can answer).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CoverageCounter, ErrorCodes, MediatorError, NotFoundError, runChain, type api, type CompiledAlignment } from '../../common/index.js';
import type { ConfigStore } from '../store/index.js';
import { recentMessagesOf } from '../transports/recent-messages.js';
import type { AlignmentService } from './alignment-service.js';
import type { ChannelRunner } from './channel-runner.js';

/** The most messages of a channel's source looked at (the embedded bus keeps fewer anyway). */
const CHANNEL_CORPUS_LIMIT = 10_000;
/** Yield the event loop after this many messages, so a large corpus does not stall other requests. */
const BATCH = 25;

export class CoverageService {
  constructor(
    private readonly store: ConfigStore,
    private readonly alignments: AlignmentService,
    private readonly runner: ChannelRunner,
  ) {}

  async ofMessages(request: api.CoverageRequest): Promise<api.CoverageReport> {
    const chain: CompiledAlignment[] = [];
    for (const id of request.alignIDs) chain.push(await this.alignments.compiledFor(id.name, id.version));
    return this.count(
      chain,
      request.messages.map((m) => ({ name: m.name, text: m.graphStr })),
    );
  }

  /** Coverage of a channel's chain over the messages of its source topic since the channel started. */
  async ofChannel(id: number): Promise<api.CoverageReport> {
    const record = this.store.getChannel(id);
    if (record === undefined) throw new NotFoundError(`Channel with identifier "${id}" not found`);
    const recent = recentMessagesOf(this.runner.transport);
    if (recent === undefined) {
      throw new MediatorError(
        `The ${this.runner.transport.kind} transport does not keep recent messages; coverage of a channel needs the embedded bus`,
        ErrorCodes.topicReadUnsupported,
      );
    }
    const chain: CompiledAlignment[] = [];
    for (const [name, version] of [
      [record.inpAlignmentName, record.inpAlignmentVersion],
      [record.outAlignmentName, record.outAlignmentVersion],
    ] as const) {
      if (name !== '' || version !== '') chain.push(await this.alignments.compiledFor(name, version));
    }
    const since = this.runner.startedAt(id) ?? Infinity;
    const messages = recent
      .recent(record.source, CHANNEL_CORPUS_LIMIT)
      .filter((m) => m.timestamp >= since)
      .map((m) => ({ name: `${m.topic}@${m.offset}`, text: m.value }));
    return this.count(chain, messages);
  }

  private async count(chain: readonly CompiledAlignment[], messages: ReadonlyArray<{ name: string; text: string }>): Promise<api.CoverageReport> {
    const counter = new CoverageCounter(chain);
    let n = 0;
    for (const { name, text } of messages) {
      try {
        counter.add(name, (await runChain(text, chain, true)).trace ?? []);
      } catch (error) {
        counter.addUnreadable(name, error);
      }
      if (++n % BATCH === 0) await nextTurn();
    }
    return counter.report();
  }
}
