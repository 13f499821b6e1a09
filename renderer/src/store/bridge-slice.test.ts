import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BridgeProgress, BridgeProgressBody, LogCheckReply, PlatformChannelsRequest } from '../api/index.js';
import { BRIDGE_SAVE_DEBOUNCE_MS, parseAlignmentRef, stepDone } from './bridge-slice.js';
import { flush, storeWith } from './fake-api.test-support.js';

const saved = (bridgeId: string, body: BridgeProgressBody): BridgeProgress => ({ bridgeId, ...body, updatedAt: 1 });

afterEach(() => vi.useRealTimers());

describe('bridge slice', () => {
  it('restores a bridge from the server, and saves a fresh one under its name', async () => {
    const save = vi.fn(async (id: string, body: BridgeProgressBody) => saved(id, body));
    const store = storeWith({
      getBridgeProgress: async (id) =>
        id === 'old' ? saved('old', { currentStep: 4, steps: { version: { ok: true, middlewareVersion: '2.5.0' } } }) : undefined,
      saveBridgeProgress: save,
    });
    await store.getState().openBridge('old');
    expect(store.getState()).toMatchObject({ bridgeId: 'old', bridgeStep: 4, bridgeSteps: { version: { ok: true, middlewareVersion: '2.5.0' } } });
    expect(save).not.toHaveBeenCalled();
    await store.getState().openBridge(' new ');
    expect(save).toHaveBeenCalledWith('new', { currentStep: 1, steps: {} });
  });

  it('saves edits once typing pauses, and a check at once', async () => {
    vi.useFakeTimers();
    const save = vi.fn(async (id: string, body: BridgeProgressBody) => saved(id, body));
    const log: LogCheckReply = { started: true, bridges: [{ class: 'a.B', platformType: 'urn:t', line: 3 }], finished: true, missing: [], problems: [] };
    const store = storeWith({ getBridgeProgress: async () => undefined, saveBridgeProgress: save, checkBridgeLog: async () => log });
    await store.getState().openBridge('b');
    save.mockClear();
    store.getState().updateStep('copy', { container: 'i' });
    store.getState().updateStep('copy', { container: 'intermw' });
    await vi.advanceTimersByTimeAsync(BRIDGE_SAVE_DEBOUNCE_MS - 50);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]?.[1].steps.copy).toEqual({ container: 'intermw' });

    store.getState().setLogText('the log', 'startup.log');
    await store.getState().checkLog();
    await flush();
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]?.[1].steps.log).toEqual({ logName: 'startup.log', ok: true, registered: ['urn:t'], bridgeClass: 'a.B' });
    expect(store.getState().logOp).toEqual({ state: 'done', message: 'Every bridge is registered' });
  });

  it('saves one state at a time, the newest last, and says "saved" only once the newest is (a check while an edit is being saved)', async () => {
    vi.useFakeTimers();
    const bodies: BridgeProgressBody[] = [];
    const answers: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const save = async (id: string, body: BridgeProgressBody): Promise<BridgeProgress> => {
      bodies.push(body);
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => answers.push(resolve));
      inFlight--;
      return saved(id, body);
    };
    const log: LogCheckReply = { started: true, bridges: [{ class: 'a.B', platformType: 'urn:t', line: 3 }], finished: true, missing: [], problems: [] };
    const store = storeWith({
      getBridgeProgress: async () => saved('b', { currentStep: 4, steps: {} }),
      saveBridgeProgress: save,
      checkBridgeLog: async () => log,
    });
    await store.getState().openBridge('b');
    store.getState().setLogText('the log', 'startup.log');
    await vi.advanceTimersByTimeAsync(BRIDGE_SAVE_DEBOUNCE_MS + 10);
    expect(bodies).toHaveLength(1); // the edit's save, not answered yet
    await store.getState().checkLog();
    await flush();
    expect(bodies).toHaveLength(1); // the check's save waits for it
    answers.shift()?.();
    await flush();
    expect(store.getState().bridgeSaveOp).toEqual({ state: 'running', progress: 'Saving…' });
    expect(bodies).toHaveLength(2);
    expect(bodies[1]?.steps.log?.ok).toBe(true);
    answers.shift()?.();
    await flush();
    expect(store.getState().bridgeSaveOp).toEqual({ state: 'done', message: 'Progress saved' });
    expect(most).toBe(1);
  });

  it('creates the pair with the downstream alignment as output and the upstream one as input', async () => {
    const create = vi.fn(async (_id: string, _request: PlatformChannelsRequest) => ({ message: 'ok' }) as never);
    const store = storeWith({
      getBridgeProgress: async () => undefined,
      saveBridgeProgress: async (id, body) => saved(id, body),
      createPlatformChannels: create,
      getPlatformChannelState: async () => {
        throw new Error('not needed');
      },
    });
    await store.getState().openBridge('b');
    store.getState().updateStep('channels', { platformId: 'http://p/1', out: 'Down@1.0', inp: 'Up@2' });
    await store.getState().createBridgeChannels();
    expect(create).toHaveBeenCalledWith('http://p/1', {
      spelling: 'mediator',
      downstream: { inpAlignmentName: '', inpAlignmentVersion: '', outAlignmentName: 'Down', outAlignmentVersion: '1.0' },
      upstream: { inpAlignmentName: 'Up', inpAlignmentVersion: '2', outAlignmentName: '', outAlignmentVersion: '' },
    });
  });

  it('parses name@version and tells which steps are done', () => {
    expect(parseAlignmentRef('CO_FIWARE_align@1.0')).toEqual({ name: 'CO_FIWARE_align', version: '1.0' });
    expect(parseAlignmentRef('a@b@c')).toEqual({ name: 'a@b', version: 'c' });
    expect(parseAlignmentRef('noversion')).toBeUndefined();
    expect(parseAlignmentRef('@1')).toBeUndefined();
    expect(stepDone({ version: { ok: true }, log: { ok: false } }, 'version')).toBe(true);
    expect(stepDone({ version: { ok: true }, log: { ok: false } }, 'log')).toBe(false);
    expect(stepDone({}, 'channels')).toBe(false);
  });
});
