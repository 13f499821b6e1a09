/**
 * Channels: the list (polled), creating a channel or a platform's channel pair, deleting, and a
 * topic tester that publishes a test message and watches what arrives on a topic. The topics and
 * platform endpoints may be missing on a server (404): the state says so with the server's message.
 * A platform's topic names come from the server (GET /platforms/{id}/topics), asked for shortly
 * after the id or spelling changes: the encoding rule exists once, in core.
 */
import type { ChannelInfo, PlatformChannelsReply, PlatformTopicsReply, TopicMessage, TopicSpelling, TransportState } from '../api/index.js';
import { parseAlignmentKey } from './alignment-key.js';
import { failed } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface ChannelDraft {
  readonly source: string;
  readonly sink: string;
  /** alignmentKey() values; '' = no alignment. */
  readonly inp: string;
  readonly out: string;
  readonly parallelism: number;
  /** chanType letters of the source's and the sink's transport; '' = the server's default. */
  readonly sourceTransport: string;
  readonly sinkTransport: string;
}

/**
 * The chanType to send for the draft's transports (source letter then sink letter), or undefined
 * when both are the server's default: the channel then follows the server's default transport.
 */
export function draftChannelType(
  draft: Pick<ChannelDraft, 'sourceTransport' | 'sinkTransport'>,
  transports: readonly TransportState[] | undefined,
): string | undefined {
  if (draft.sourceTransport === '' && draft.sinkTransport === '') return undefined;
  const fallback = transports?.find((t) => t.default)?.letter ?? 'E';
  return `${draft.sourceTransport || fallback}${draft.sinkTransport || fallback}`;
}

export interface PlatformDraft {
  readonly platformId: string;
  readonly spelling: TopicSpelling;
  readonly inp: string;
  readonly out: string;
  readonly parallelism: number;
}

export interface TesterDraft {
  readonly publishTopic: string;
  readonly publishText: string;
  readonly watchTopic: string;
}

export interface ReceivedMessage extends TopicMessage {
  /** publishedAt minus the time of the last test message this tester sent before it, if any. */
  readonly latencyMs: number | undefined;
}

export interface ChannelsSlice {
  readonly channels: readonly ChannelInfo[];
  readonly channelsOp: Operation;
  readonly channelsPolledAt: number | undefined;
  readonly channelDraft: ChannelDraft;
  readonly createChannelOp: Operation;
  readonly platformDraft: PlatformDraft;
  readonly platformOp: Operation;
  readonly platformResult: PlatformChannelsReply | undefined;
  /** The topic names the server gives the draft's platform id and spelling (`forId`, `spelling`). */
  readonly topicPreview: { readonly op: Operation; readonly topics?: PlatformTopicsReply; readonly forId?: string; readonly spelling?: TopicSpelling };
  readonly deletingChannel: number | undefined;
  readonly deleteChannelOp: Operation;
  readonly tester: TesterDraft;
  readonly publishOp: Operation;
  readonly publishedAt: readonly number[];
  readonly watching: boolean;
  readonly watchOp: Operation;
  readonly received: readonly ReceivedMessage[];

  loadChannels(): Promise<void>;
  /** Polls GET /channels (every 2 s by default); returns the disposer. */
  startChannelPolling(intervalMs?: number): () => void;
  setChannelDraft(patch: Partial<ChannelDraft>): void;
  createChannel(): Promise<void>;
  setPlatformDraft(patch: Partial<PlatformDraft>): void;
  /** Asks the server for the draft's topic names (setPlatformDraft does, debounced). */
  loadTopicPreview(): Promise<void>;
  createPlatformChannels(): Promise<void>;
  deleteChannel(id: number): Promise<void>;
  setTester(patch: Partial<TesterDraft>): void;
  publishTestMessage(): Promise<void>;
  /** Starts polling the watched topic (every second by default); returns the disposer. */
  startWatching(intervalMs?: number): () => void;
  stopWatching(): void;
}

declare module './types.js' {
  interface WorkbenchState extends ChannelsSlice {}
}

export const CHANNEL_POLL_MS = 2000;
/** Delay between the last keystroke in the platform id and asking the server for its topics. */
export const TOPIC_PREVIEW_DEBOUNCE_MS = 250;
export const WATCH_LIMIT = 50;

export function latencyFor(publishedAt: number, sentTimes: readonly number[]): number | undefined {
  let best: number | undefined;
  for (const t of sentTimes) if (t <= publishedAt && (best === undefined || t > best)) best = t;
  return best === undefined ? undefined : publishedAt - best;
}

export const createChannelsSlice: SliceCreator<ChannelsSlice> = (set, get, deps) => {
  const now = deps.now ?? Date.now;
  let watchTimer: ReturnType<typeof setInterval> | undefined;
  let watchRun = 0;
  let previewTimer: ReturnType<typeof setTimeout> | undefined;
  let previewRun = 0;

  const pollTopic = async (run: number) => {
    const topic = get().tester.watchTopic.trim();
    if (topic === '') return;
    try {
      const messages = await get().api.readTopic(topic, WATCH_LIMIT);
      if (run !== watchRun) return;
      const sent = get().publishedAt;
      const received = [...messages].sort((a, b) => b.publishedAt - a.publishedAt).map((m) => ({ ...m, latencyMs: latencyFor(m.publishedAt, sent) }));
      set({ received, watchOp: { state: 'done', message: `${received.length} message(s) on ${topic}` } });
    } catch (error) {
      if (run !== watchRun) return;
      set({ watchOp: failed(error) });
    }
  };

  return {
    channels: [],
    channelsOp: IDLE,
    channelsPolledAt: undefined,
    channelDraft: { source: '', sink: '', inp: '', out: '', parallelism: 1, sourceTransport: '', sinkTransport: '' },
    createChannelOp: IDLE,
    platformDraft: { platformId: '', spelling: 'mediator', inp: '', out: '', parallelism: 1 },
    platformOp: IDLE,
    platformResult: undefined,
    topicPreview: { op: IDLE },
    deletingChannel: undefined,
    deleteChannelOp: IDLE,
    tester: { publishTopic: '', publishText: '', watchTopic: '' },
    publishOp: IDLE,
    publishedAt: [],
    watching: false,
    watchOp: IDLE,
    received: [],

    async loadChannels() {
      if (get().channelsOp.state === 'idle' && get().channelsPolledAt === undefined) set({ channelsOp: { state: 'running' } });
      try {
        const channels = await get().api.listChannels();
        set({ channels, channelsOp: IDLE, channelsPolledAt: now() });
      } catch (error) {
        set({ channelsOp: failed(error) });
      }
    },

    startChannelPolling(intervalMs = CHANNEL_POLL_MS) {
      void get().loadChannels();
      const timer = setInterval(() => void get().loadChannels(), intervalMs);
      return () => clearInterval(timer);
    },

    setChannelDraft(patch) {
      set((s) => ({ channelDraft: { ...s.channelDraft, ...patch }, createChannelOp: IDLE }));
    },

    async createChannel() {
      const d = get().channelDraft;
      if (d.source.trim() === '' || d.sink.trim() === '') {
        set({ createChannelOp: { state: 'failed', message: 'Source and sink topics are required.' } });
        return;
      }
      const inp = parseAlignmentKey(d.inp);
      const out = parseAlignmentKey(d.out);
      const chanType = draftChannelType(d, get().version?.transports);
      set({ createChannelOp: { state: 'running' } });
      try {
        const reply = await get().api.createChannel({
          ...(chanType === undefined ? {} : { chanType }),
          source: d.source.trim(),
          sink: d.sink.trim(),
          inpAlignmentName: inp.name,
          inpAlignmentVersion: inp.version,
          outAlignmentName: out.name,
          outAlignmentVersion: out.version,
          parallelism: d.parallelism,
        });
        // The form keeps its values: creating a similar channel next is one edit away.
        set({ createChannelOp: { state: 'done', message: reply.message } });
        await get().loadChannels();
      } catch (error) {
        set({ createChannelOp: failed(error) });
      }
    },

    setPlatformDraft(patch) {
      const before = get().platformDraft;
      set((s) => ({ platformDraft: { ...s.platformDraft, ...patch }, platformOp: IDLE }));
      const after = get().platformDraft;
      if (after.platformId.trim() === before.platformId.trim() && after.spelling === before.spelling) return;
      clearTimeout(previewTimer);
      previewRun++;
      if (after.platformId.trim() === '') set({ topicPreview: { op: IDLE } });
      else previewTimer = setTimeout(() => void get().loadTopicPreview(), TOPIC_PREVIEW_DEBOUNCE_MS);
    },

    async loadTopicPreview() {
      clearTimeout(previewTimer);
      const { platformId, spelling } = get().platformDraft;
      const id = platformId.trim();
      if (id === '') return;
      const run = ++previewRun;
      set((s) => ({ topicPreview: { ...s.topicPreview, op: { state: 'running' } } }));
      try {
        const topics = await get().api.getPlatformTopics(id, spelling);
        if (run === previewRun) set({ topicPreview: { op: IDLE, topics, forId: id, spelling } });
      } catch (error) {
        if (run === previewRun) set({ topicPreview: { op: failed(error), forId: id, spelling } });
      }
    },

    async createPlatformChannels() {
      const d = get().platformDraft;
      const id = d.platformId.trim();
      if (id === '') {
        set({ platformOp: { state: 'failed', message: 'A platform id is required.' } });
        return;
      }
      const inp = parseAlignmentKey(d.inp);
      const out = parseAlignmentKey(d.out);
      set({ platformOp: { state: 'running' }, platformResult: undefined });
      try {
        const reply = await get().api.createPlatformChannels(id, {
          inpAlignmentName: inp.name,
          inpAlignmentVersion: inp.version,
          outAlignmentName: out.name,
          outAlignmentVersion: out.version,
          spelling: d.spelling,
          parallelism: d.parallelism,
        });
        set({ platformOp: { state: 'done', message: reply.message }, platformResult: reply });
        await get().loadChannels();
      } catch (error) {
        set({ platformOp: failed(error) });
      }
    },

    async deleteChannel(id) {
      set({ deletingChannel: id, deleteChannelOp: { state: 'running' } });
      try {
        await get().api.deleteChannel(id);
        set({ deletingChannel: undefined, deleteChannelOp: { state: 'done', message: `Channel ${id} deleted` } });
        await get().loadChannels();
      } catch (error) {
        set({ deletingChannel: undefined, deleteChannelOp: failed(error) });
      }
    },

    setTester(patch) {
      set((s) => ({ tester: { ...s.tester, ...patch } }));
    },

    async publishTestMessage() {
      const { publishTopic, publishText } = get().tester;
      if (publishTopic.trim() === '') {
        set({ publishOp: { state: 'failed', message: 'Choose a topic to publish to.' } });
        return;
      }
      set({ publishOp: { state: 'running' } });
      const sentAt = now();
      try {
        const reply = await get().api.publishMessage(publishTopic.trim(), publishText);
        set((s) => ({ publishOp: { state: 'done', message: reply.message }, publishedAt: [...s.publishedAt, sentAt].slice(-100) }));
      } catch (error) {
        set({ publishOp: failed(error) });
      }
    },

    startWatching(intervalMs = 1000) {
      clearInterval(watchTimer);
      const run = ++watchRun;
      if (get().tester.watchTopic.trim() === '') {
        set({ watchOp: { state: 'failed', message: 'Choose a topic to watch.' } });
        return () => undefined;
      }
      set({ watching: true, received: [], watchOp: { state: 'running', progress: 'Watching…' } });
      void pollTopic(run);
      const timer = setInterval(() => void pollTopic(run), intervalMs);
      watchTimer = timer;
      return () => {
        clearInterval(timer);
        if (watchRun === run) {
          watchRun++;
          set({ watching: false });
        }
      };
    },

    stopWatching() {
      clearInterval(watchTimer);
      watchRun++;
      set({ watching: false, watchOp: IDLE });
    },
  };
};
