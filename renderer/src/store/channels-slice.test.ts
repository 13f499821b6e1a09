import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type ChannelConfig, type MediatorApi, type PlatformChannelsRequest, type TransportState } from '../api/index.js';
import { alignmentKey } from './alignment-key.js';
import { channelInfo, fakeApi, notFound } from './fake-api.test-support.js';
import { draftChannelType, latencyFor, TOPIC_PREVIEW_DEBOUNCE_MS } from './channels-slice.js';
import { createWorkbenchStore } from './workbench-store.js';

const storeWith = (api: Partial<MediatorApi>, now?: () => number) => createWorkbenchStore({ makeApi: () => fakeApi(api), ...(now ? { now } : {}) });

const channel = (id: number) => channelInfo(id);

afterEach(() => vi.useRealTimers());

describe('channels slice', () => {
  it('polls the channel list every 2 s until disposed', async () => {
    vi.useFakeTimers();
    const list = vi.fn(async () => [channel(1)]);
    const store = storeWith({ listChannels: list });
    const dispose = store.getState().startChannelPolling();
    await vi.advanceTimersByTimeAsync(4100);
    expect(list).toHaveBeenCalledTimes(3);
    dispose();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(list).toHaveBeenCalledTimes(3);
    expect(store.getState().channels).toHaveLength(1);
  });

  it('creates a channel from the draft; identity is empty name and version; the draft survives a failure', async () => {
    const configs: ChannelConfig[] = [];
    let fail = true;
    const store = storeWith({
      createChannel: async (c) => {
        configs.push(c);
        if (fail) throw new ApiError('Input alignment instantiation FAILED', 400, 'INVALID_CHANNEL');
        return { message: 'Channel 1 created successfully' };
      },
      listChannels: async () => [channel(1)],
    });
    store.getState().setChannelDraft({ source: 'in', sink: 'out', inp: alignmentKey({ name: 'A', version: '1' }), parallelism: 2 });
    await store.getState().createChannel();
    expect(store.getState().createChannelOp).toEqual({ state: 'failed', message: 'Input alignment instantiation FAILED' });
    expect(store.getState().channelDraft.source).toBe('in');
    fail = false;
    await store.getState().createChannel();
    expect(configs[1]).toEqual({
      source: 'in',
      sink: 'out',
      inpAlignmentName: 'A',
      inpAlignmentVersion: '1',
      outAlignmentName: '',
      outAlignmentVersion: '',
      parallelism: 2,
    });
    expect(store.getState().createChannelOp).toEqual({ state: 'done', message: 'Channel 1 created successfully' });
    expect(store.getState().channels).toHaveLength(1);
  });

  it("sends the chosen transports as chanType, the server's default filling an end left unchosen", async () => {
    const transports: TransportState[] = [
      { kind: 'mqtt', letter: 'M', default: true, reachable: true },
      { kind: 'embedded', letter: 'E', default: false, reachable: true },
      { kind: 'nats', letter: 'N', default: false, reachable: true },
    ];
    expect(draftChannelType({ sourceTransport: '', sinkTransport: '' }, transports)).toBeUndefined();
    expect(draftChannelType({ sourceTransport: '', sinkTransport: 'N' }, transports)).toBe('MN');
    expect(draftChannelType({ sourceTransport: 'E', sinkTransport: '' }, transports)).toBe('EM');
    const configs: ChannelConfig[] = [];
    const store = storeWith({
      getVersion: async () => ({ name: 'm', version: '1', compatibleWith: 'ipsm-core 0.8.10', transports }),
      createChannel: async (c) => {
        configs.push(c);
        return { message: 'Channel 1 created successfully' };
      },
      listChannels: async () => [],
    });
    await store.getState().checkServer();
    store.getState().setChannelDraft({ source: 'in', sink: 'out', sinkTransport: 'N' });
    await store.getState().createChannel();
    expect(configs[0]?.chanType).toBe('MN');
  });

  it('refuses a channel without topics before calling the server', async () => {
    const create = vi.fn();
    const store = storeWith({ createChannel: create });
    await store.getState().createChannel();
    expect(create).not.toHaveBeenCalled();
    expect(store.getState().createChannelOp.state).toBe('failed');
  });

  it("previews the server's platform topic names, asked once after typing, and creates the pair", async () => {
    vi.useFakeTimers();
    const calls: Array<[string, PlatformChannelsRequest]> = [];
    const asked: Array<[string, string]> = [];
    const topics = {
      platformId: 'x',
      encodedId: 'x',
      downstream: { source: 'mw-mediator-downstream-x', sink: 'mediator-mw-downstream-x' },
      upstream: { source: 'mw-mediator-upstream-x', sink: 'mediator-mw-upstream-x' },
    };
    const store = storeWith({
      createPlatformChannels: async (pid, r) => {
        calls.push([pid, r]);
        return { message: 'created', downstream: channel(1), upstream: channel(2) };
      },
      getPlatformTopics: async (pid, spelling) => {
        asked.push([pid, spelling]);
        return topics;
      },
      listChannels: async () => [channel(1), channel(2)],
    });
    for (const platformId of ['h', 'http://inter-iot.eu/platforms/', 'http://inter-iot.eu/platforms/p1']) store.getState().setPlatformDraft({ platformId });
    store.getState().setPlatformDraft({ inp: alignmentKey({ name: 'A', version: '1' }) });
    await vi.advanceTimersByTimeAsync(TOPIC_PREVIEW_DEBOUNCE_MS + 10);
    expect(asked).toEqual([['http://inter-iot.eu/platforms/p1', 'mediator']]);
    expect(store.getState().topicPreview).toEqual({ op: { state: 'idle' }, topics, forId: 'http://inter-iot.eu/platforms/p1', spelling: 'mediator' });
    store.getState().setPlatformDraft({ spelling: 'ipsm' });
    await vi.advanceTimersByTimeAsync(TOPIC_PREVIEW_DEBOUNCE_MS + 10);
    expect(asked[1]).toEqual(['http://inter-iot.eu/platforms/p1', 'ipsm']);
    store.getState().setPlatformDraft({ spelling: 'mediator' });
    vi.useRealTimers();
    await store.getState().createPlatformChannels();
    expect(calls).toEqual([
      [
        'http://inter-iot.eu/platforms/p1',
        { inpAlignmentName: 'A', inpAlignmentVersion: '1', outAlignmentName: '', outAlignmentVersion: '', spelling: 'mediator', parallelism: 1 },
      ],
    ]);
    expect(store.getState().platformResult?.upstream.id).toBe(2);
  });

  it('reports a missing platform endpoint with the server message', async () => {
    const store = storeWith({ createPlatformChannels: async () => Promise.reject(notFound()), getPlatformTopics: async () => Promise.reject(notFound()) });
    store.getState().setPlatformDraft({ platformId: 'p1' });
    await store.getState().createPlatformChannels();
    expect(store.getState().platformOp).toEqual({ state: 'failed', message: 'The requested resource could not be found.', notAvailable: true });
    await store.getState().loadTopicPreview();
    expect(store.getState().topicPreview.op).toMatchObject({ state: 'failed', notAvailable: true });
  });

  it('deletes a channel and shows why when refused', async () => {
    const store = storeWith({ deleteChannel: async () => Promise.reject(new ApiError('Channel 9 not found', 400, 'NOT_FOUND')) });
    await store.getState().deleteChannel(9);
    expect(store.getState().deleteChannelOp).toEqual({ state: 'failed', message: 'Channel 9 not found' });
  });

  it('publishes a test message and watches a topic, with latency since the last publish', async () => {
    vi.useFakeTimers();
    let clock = 1000;
    const published: Array<[string, string]> = [];
    const store = storeWith(
      {
        publishMessage: async (topic, text) => {
          published.push([topic, text]);
          return { message: 'published' };
        },
        readTopic: async () => [
          { topic: 'out', offset: 1, value: '{"x":1}', publishedAt: 1250 },
          { topic: 'out', offset: 0, value: '{"x":0}', publishedAt: 900 },
        ],
      },
      () => clock,
    );
    store.getState().setTester({ publishTopic: 'in', publishText: '{"m":1}', watchTopic: 'out' });
    await store.getState().publishTestMessage();
    expect(published).toEqual([['in', '{"m":1}']]);
    clock = 2000;
    const dispose = store.getState().startWatching(1000);
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().received.map((m) => [m.publishedAt, m.latencyMs])).toEqual([
      [1250, 250],
      [900, undefined],
    ]);
    dispose();
    expect(store.getState().watching).toBe(false);
  });

  it('shows that the topics endpoint is missing instead of failing silently', async () => {
    vi.useFakeTimers();
    const store = storeWith({ readTopic: async () => Promise.reject(notFound()), publishMessage: async () => Promise.reject(notFound()) });
    store.getState().setTester({ publishTopic: 'in', watchTopic: 'out' });
    await store.getState().publishTestMessage();
    expect(store.getState().publishOp).toMatchObject({ state: 'failed', notAvailable: true });
    const dispose = store.getState().startWatching();
    await vi.advanceTimersByTimeAsync(10);
    expect(store.getState().watchOp).toMatchObject({ state: 'failed', notAvailable: true });
    dispose();
  });

  it('computes latency against the newest publish at or before the arrival', () => {
    expect(latencyFor(100, [10, 50, 120])).toBe(50);
    expect(latencyFor(5, [10])).toBeUndefined();
  });
});
