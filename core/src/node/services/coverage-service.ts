/**
 * Cell coverage as the REST API sees it (issue 12, part 3): over a corpus sent in the request, or
 * over the messages a channel has consumed since it started (read back from the transport's recent
 * messages, so only a transport that keeps them, the embedded bus, can answer).
 */
import { CoverageCounter, ErrorCodes, MediatorError, NotFoundError, type api, type CompiledAlignment } from '../../common/index.js';
import type { ConfigStore } from '../store/index.js';
import { recentMessagesOf } from '../transports/recent-messages.js';
import type { AlignmentService } from './alignment-service.js';
import { ChannelRunner } from './channel-runner.js';
import type { TranslationService } from './translation-service.js';

/** The most messages of a channel's source looked at (the embedded bus keeps fewer anyway). */
const CHANNEL_CORPUS_LIMIT = 10_000;
/** Messages sent to the engine at once: one job in the queue per run, not one per message. */
const BATCH = 25;

function isTimeout(error: unknown): error is MediatorError {
  return error instanceof MediatorError && error.code === ErrorCodes.timeout;
}

export class CoverageService {
  constructor(
    private readonly store: ConfigStore,
    private readonly alignments: AlignmentService,
    private readonly runner: ChannelRunner,
    private readonly translation: TranslationService,
  ) {}

  async ofMessages(request: api.CoverageRequest): Promise<api.CoverageReport> {
    return this.count(
      request.alignIDs,
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
    const since = this.runner.startedAt(id) ?? Infinity;
    const messages = recent
      .recent(record.source, CHANNEL_CORPUS_LIMIT)
      .filter((m) => m.timestamp >= since)
      .map((m) => ({ name: `${m.topic}@${m.offset}`, text: m.value }));
    return this.count(ChannelRunner.chainOf(record), messages);
  }

  /**
   * Runs the corpus through the translation service a batch at a time. A message past the time
   * limit stops the run (TIMEOUT, 503, naming the message): going on would spend the limit again
   * on every such message, and the answer must come within a bound (issue 29).
   */
  private async count(ids: readonly api.AlignmentId[], messages: ReadonlyArray<{ name: string; text: string }>): Promise<api.CoverageReport> {
    const chain = await this.translation.chain(ids);
    const compiled: CompiledAlignment[] = [];
    for (const id of ids) compiled.push(await this.alignments.compiledFor(id.name, id.version));
    const counter = new CoverageCounter(compiled);
    for (let at = 0; at < messages.length; at += BATCH) {
      const batch = messages.slice(at, at + BATCH);
      const traces = await Promise.allSettled(
        this.translation.run(
          chain,
          batch.map(({ text }) => ({ kind: 'trace', graphStr: text }) as const),
          true,
        ),
      );
      for (const [i, outcome] of traces.entries()) {
        const name = batch[i]!.name;
        if (outcome.status === 'fulfilled') counter.add(name, outcome.value);
        else if (isTimeout(outcome.reason)) throw new MediatorError(`Coverage stopped at message "${name}": ${outcome.reason.message}`, ErrorCodes.timeout);
        else counter.addUnreadable(name, outcome.reason);
      }
    }
    return counter.report();
  }
}
