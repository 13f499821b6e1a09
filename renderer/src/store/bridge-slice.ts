/**
 * The bridge installation assistant (issue 15): five ordered steps for one bridge, each check run
 * by the server (the rules exist once, in core), and the progress saved through the API after every
 * change (debounced while typing), so closing the app half-way loses nothing.
 */
import type {
  BridgeProgress,
  BridgeProgressBody,
  BridgeSteps,
  CopyCommandsReply,
  LogCheckReply,
  PlatformChannelState,
  TopicSpelling,
  UploadOutcome,
  VersionCheckReply,
} from '../api/index.js';
import { failed } from './operation.js';
import { serialSaves } from './serial-saves.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export const BRIDGE_STEPS = ['version', 'copy', 'config', 'log', 'channels'] as const;
export type BridgeStepName = (typeof BRIDGE_STEPS)[number];
/** Delay between the last edit and saving the progress. */
export const BRIDGE_SAVE_DEBOUNCE_MS = 400;

/** `name@version` -> the parts; undefined for '' or a value without both. */
export function parseAlignmentRef(value: string | undefined): { name: string; version: string } | undefined {
  const text = value?.trim() ?? '';
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return undefined;
  return { name: text.slice(0, at), version: text.slice(at + 1) };
}

/** Whether each step is done, from what is saved. */
export function stepDone(steps: BridgeSteps, step: BridgeStepName): boolean {
  switch (step) {
    case 'version':
      return steps.version?.ok === true;
    case 'copy':
      return steps.copy?.done === true;
    case 'config':
      return steps.config?.done === true;
    case 'log':
      return steps.log?.ok === true;
    case 'channels':
      return steps.channels?.running === true;
  }
}

export interface BridgeSlice {
  /** The bridge being installed ('' = none chosen yet). */
  readonly bridgeId: string;
  readonly bridgeList: readonly BridgeProgress[];
  readonly bridgeListOp: Operation;
  readonly bridgeStep: number;
  readonly bridgeSteps: BridgeSteps;
  readonly bridgeSaveOp: Operation;
  readonly versionOp: Operation;
  readonly versionResult: VersionCheckReply | undefined;
  readonly middlewareOp: Operation;
  readonly copyOp: Operation;
  readonly copyResult: CopyCommandsReply | undefined;
  readonly logText: string;
  readonly logOp: Operation;
  readonly logResult: LogCheckReply | undefined;
  readonly channelStateOp: Operation;
  readonly channelState: PlatformChannelState | undefined;
  readonly createBridgeChannelsOp: Operation;
  readonly alignmentUploadOp: Operation;

  loadBridgeList(): Promise<void>;
  /** Opens a bridge: its saved progress, or a fresh start under that name. */
  openBridge(bridgeId: string): Promise<void>;
  closeBridge(): void;
  forgetBridge(bridgeId: string): Promise<void>;
  goToStep(step: number): void;
  /** Merges into one step's saved fields and saves soon. */
  updateStep<K extends keyof BridgeSteps>(step: K, patch: Partial<NonNullable<BridgeSteps[K]>>): void;
  saveBridgeNow(): Promise<void>;
  checkVersion(): Promise<void>;
  readMiddlewareVersion(): Promise<void>;
  generateCopyCommands(): Promise<void>;
  setLogText(text: string, name?: string): void;
  checkLog(): Promise<void>;
  refreshChannelState(): Promise<void>;
  createBridgeChannels(): Promise<void>;
  uploadAlignmentFile(text: string): Promise<UploadOutcome | undefined>;
}

declare module './types.js' {
  interface WorkbenchState extends BridgeSlice {}
}

export const createBridgeSlice: SliceCreator<BridgeSlice> = (set, get) => {
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  const saveSoon = () => {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = undefined;
      void get().saveBridgeNow();
    }, BRIDGE_SAVE_DEBOUNCE_MS);
  };
  /** Checks and step changes are saved at once: they are what the user would hate to lose. */
  const saveAtOnce = () => {
    if (saveTimer !== undefined) clearTimeout(saveTimer);
    saveTimer = undefined;
    void get().saveBridgeNow();
  };
  const merge = <K extends keyof BridgeSteps>(step: K, patch: Partial<NonNullable<BridgeSteps[K]>>, now = false) => {
    const steps = get().bridgeSteps;
    set({ bridgeSteps: { ...steps, [step]: { ...(steps[step] ?? {}), ...patch } } });
    if (now) saveAtOnce();
    else saveSoon();
  };
  const spelling = (): TopicSpelling => get().bridgeSteps.channels?.spelling ?? 'mediator';
  /**
   * Saves go to the server one at a time, the newest state last. Two saves in flight at once could
   * be stored in either order, and the older one's answer showed "Progress saved" while the newer
   * one was still on its way, so closing the app then lost the newer state (a check's result).
   */
  const save = serialSaves<{ bridgeId: string; body: BridgeProgressBody }>(async ({ bridgeId, body }, superseded) => {
    try {
      await get().api.saveBridgeProgress(bridgeId, body);
      if (!superseded() && get().bridgeId === bridgeId) set({ bridgeSaveOp: { state: 'done', message: 'Progress saved' } });
    } catch (error) {
      if (!superseded()) set({ bridgeSaveOp: failed(error) });
    }
  });

  return {
    bridgeId: '',
    bridgeList: [],
    bridgeListOp: IDLE,
    bridgeStep: 1,
    bridgeSteps: {},
    bridgeSaveOp: IDLE,
    versionOp: IDLE,
    versionResult: undefined,
    middlewareOp: IDLE,
    copyOp: IDLE,
    copyResult: undefined,
    logText: '',
    logOp: IDLE,
    logResult: undefined,
    channelStateOp: IDLE,
    channelState: undefined,
    createBridgeChannelsOp: IDLE,
    alignmentUploadOp: IDLE,

    async loadBridgeList() {
      set({ bridgeListOp: { state: 'running' } });
      try {
        set({ bridgeList: await get().api.listBridgeProgress(), bridgeListOp: IDLE });
      } catch (error) {
        set({ bridgeListOp: failed(error) });
      }
    },

    async openBridge(bridgeId) {
      const id = bridgeId.trim();
      if (id === '') return;
      const fresh = {
        bridgeId: id,
        bridgeStep: 1,
        bridgeSteps: {},
        versionResult: undefined,
        versionOp: IDLE,
        copyResult: undefined,
        copyOp: IDLE,
        logText: '',
        logResult: undefined,
        logOp: IDLE,
        channelState: undefined,
        channelStateOp: IDLE,
        createBridgeChannelsOp: IDLE,
      };
      set({ ...fresh, bridgeSaveOp: { state: 'running', progress: 'Opening…' } });
      try {
        const saved = await get().api.getBridgeProgress(id);
        if (saved === undefined) {
          await get().saveBridgeNow();
        } else {
          set({ bridgeStep: saved.currentStep, bridgeSteps: saved.steps, bridgeSaveOp: { state: 'done', message: 'Progress restored' } });
        }
      } catch (error) {
        set({ bridgeSaveOp: failed(error) });
      }
    },

    closeBridge() {
      if (saveTimer !== undefined) {
        clearTimeout(saveTimer);
        saveTimer = undefined;
        void get().saveBridgeNow();
      }
      set({ bridgeId: '' });
      void get().loadBridgeList();
    },

    async forgetBridge(bridgeId) {
      try {
        await get().api.deleteBridgeProgress(bridgeId);
        if (get().bridgeId === bridgeId) set({ bridgeId: '' });
        await get().loadBridgeList();
      } catch (error) {
        set({ bridgeListOp: failed(error) });
      }
    },

    goToStep(step) {
      set({ bridgeStep: Math.min(5, Math.max(1, step)) });
      saveAtOnce();
    },

    updateStep(step, patch) {
      merge(step, patch);
    },

    saveBridgeNow() {
      const { bridgeId, bridgeStep, bridgeSteps } = get();
      if (bridgeId === '') return Promise.resolve();
      set({ bridgeSaveOp: { state: 'running', progress: 'Saving…' } });
      return save({ bridgeId, body: { currentStep: bridgeStep, steps: bridgeSteps } });
    },

    async checkVersion() {
      const v = get().bridgeSteps.version ?? {};
      set({ versionOp: { state: 'running', progress: 'Checking…' } });
      try {
        const result = await get().api.checkBridgeVersion({
          ...(v.pom === undefined || v.pom === '' ? {} : { pom: v.pom, pomName: v.pomName ?? 'pom.xml' }),
          ...(v.parentPom === undefined || v.parentPom === '' ? {} : { parentPom: v.parentPom, parentPomName: v.parentPomName ?? 'parent pom.xml' }),
          ...(v.bridgeApiVersion === undefined || v.bridgeApiVersion === '' ? {} : { bridgeApiVersion: v.bridgeApiVersion }),
          middlewareVersion: v.middlewareVersion ?? '',
        });
        set({
          versionResult: result,
          versionOp: result.ok ? { state: 'done', message: 'The versions are equal' } : { state: 'failed', message: 'The check failed' },
        });
        merge('version', { ok: result.ok }, true);
      } catch (error) {
        set({ versionResult: undefined, versionOp: failed(error) });
        merge('version', { ok: false }, true);
      }
    },

    async readMiddlewareVersion() {
      const url = get().bridgeSteps.version?.middlewareUrl?.trim() ?? '';
      if (url === '') {
        set({ middlewareOp: { state: 'failed', message: 'Give the middleware address, e.g. http://localhost:8080' } });
        return;
      }
      set({ middlewareOp: { state: 'running', progress: 'Asking the middleware…' } });
      try {
        const found = await get().api.readMiddlewareVersion(url);
        merge('version', { middlewareVersion: found.version });
        set({ middlewareOp: { state: 'done', message: `Read ${found.version} from ${found.url}` } });
      } catch (error) {
        set({ middlewareOp: failed(error) });
      }
    },

    async generateCopyCommands() {
      const { copy = {}, config = {}, log = {} } = get().bridgeSteps;
      set({ copyOp: { state: 'running' } });
      try {
        const result = await get().api.bridgeCopyCommands({
          container: copy.container ?? '',
          jar: copy.jar ?? '',
          dependencies: copy.dependencies ?? [],
          ...(copy.shipped === undefined || copy.shipped === '' ? {} : { shipped: copy.shipped }),
          ...(config.hasConfig === true && (config.file ?? '') !== '' ? { config: config.file } : {}),
          ...(log.bridgeClass === undefined ? {} : { bridgeClass: log.bridgeClass }),
        });
        set({
          copyResult: result,
          copyOp: result.problems.length === 0 ? IDLE : { state: 'failed', message: result.problems.map((p) => p.message).join('; ') },
        });
      } catch (error) {
        set({ copyResult: undefined, copyOp: failed(error) });
      }
    },

    setLogText(text, name) {
      set({ logText: text, logResult: undefined, logOp: IDLE });
      if (name !== undefined) merge('log', { logName: name });
    },

    async checkLog() {
      const expect = (get().bridgeSteps.log?.expect ?? []).filter((t) => t.trim() !== '');
      set({ logOp: { state: 'running', progress: 'Reading the log…' } });
      try {
        const result = await get().api.checkBridgeLog({ log: get().logText, expect });
        const ok = result.started && result.finished && result.missing.length === 0 && result.problems.length === 0;
        set({ logResult: result, logOp: ok ? { state: 'done', message: 'Every bridge is registered' } : { state: 'failed', message: 'The log check failed' } });
        const bridgeClass = result.bridges.at(-1)?.class;
        merge('log', { ok, registered: result.bridges.map((b) => b.platformType), ...(bridgeClass === undefined ? {} : { bridgeClass }) }, true);
      } catch (error) {
        set({ logResult: undefined, logOp: failed(error) });
      }
    },

    async refreshChannelState() {
      const platformId = get().bridgeSteps.channels?.platformId?.trim() ?? '';
      if (platformId === '') {
        set({ channelState: undefined, channelStateOp: IDLE });
        return;
      }
      set({ channelStateOp: { state: 'running' } });
      try {
        const state = await get().api.getPlatformChannelState(platformId, spelling());
        if (get().bridgeSteps.channels?.platformId?.trim() !== platformId) return;
        set({ channelState: state, channelStateOp: IDLE });
        if (get().bridgeSteps.channels?.running !== state.running) merge('channels', { running: state.running }, true);
      } catch (error) {
        set({ channelStateOp: failed(error) });
      }
    },

    async createBridgeChannels() {
      const channels = get().bridgeSteps.channels ?? {};
      const platformId = channels.platformId?.trim() ?? '';
      if (platformId === '') {
        set({ createBridgeChannelsOp: { state: 'failed', message: 'Give the platform id' } });
        return;
      }
      // Seed 1.6 / spec B.5: downstream = central -> platform (its output alignment), upstream =
      // platform -> central (its input alignment); the other side of each is the identity.
      const down = parseAlignmentRef(channels.out);
      const up = parseAlignmentRef(channels.inp);
      set({ createBridgeChannelsOp: { state: 'running', progress: 'Creating…' } });
      try {
        const reply = await get().api.createPlatformChannels(platformId, {
          spelling: spelling(),
          downstream: { inpAlignmentName: '', inpAlignmentVersion: '', outAlignmentName: down?.name ?? '', outAlignmentVersion: down?.version ?? '' },
          upstream: { inpAlignmentName: up?.name ?? '', inpAlignmentVersion: up?.version ?? '', outAlignmentName: '', outAlignmentVersion: '' },
        });
        set({ createBridgeChannelsOp: { state: 'done', message: reply.message } });
      } catch (error) {
        set({ createBridgeChannelsOp: failed(error) });
      }
      await get().refreshChannelState();
    },

    async uploadAlignmentFile(text) {
      set({ alignmentUploadOp: { state: 'running', progress: 'Uploading…' } });
      try {
        const result = await get().api.uploadAlignment(text);
        const ok = result.status === 'created' || result.status === 'exists';
        set({ alignmentUploadOp: ok ? { state: 'done', message: result.message } : { state: 'failed', message: result.message } });
        await get().loadAlignments();
        return result;
      } catch (error) {
        set({ alignmentUploadOp: failed(error) });
        return undefined;
      }
    },
  };
};
