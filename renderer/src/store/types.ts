import type { MediatorApi } from '../api/index.js';
import type { AlignmentsSlice } from './alignments-slice.js';
import type { AlignmentDiffSlice } from './alignment-diff-slice.js';
import type { ApiHistorySlice } from './api-history-slice.js';
import type { BridgeSlice } from './bridge-slice.js';
import type { ChannelsSlice } from './channels-slice.js';
import type { LeaveGuardSlice } from './leave-guard-slice.js';
import type { NavigationSlice } from './navigation-slice.js';
import type { StatusSlice } from './status-slice.js';
import type { TranslateSlice } from './translate-slice.js';
import type { SuitesSlice } from './suites-slice.js';
import type { DropSlice } from './drop-slice.js';

export type WorkbenchState = StatusSlice &
  NavigationSlice &
  LeaveGuardSlice &
  AlignmentsSlice &
  TranslateSlice &
  ChannelsSlice &
  AlignmentDiffSlice &
  ApiHistorySlice &
  BridgeSlice &
  SuitesSlice &
  DropSlice;

export type SetState = (partial: Partial<WorkbenchState> | ((state: WorkbenchState) => Partial<WorkbenchState>)) => void;
export type GetState = () => WorkbenchState;

/** Where settings survive a reload (localStorage in the browser, a Map in tests). */
export interface SettingsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface StoreDeps {
  /** Makes the API client for a server address ('' = the page's own server) and its token ('' = none). */
  readonly makeApi: (baseUrl: string, token: string) => MediatorApi;
  readonly storage?: SettingsStorage;
  readonly now?: () => number;
}

export type SliceCreator<T> = (set: SetState, get: GetState, deps: StoreDeps) => T;

/** The state of one request the user started: shown next to the control that started it. */
export type Operation =
  | { readonly state: 'idle' }
  | { readonly state: 'running'; readonly progress?: string }
  | { readonly state: 'done'; readonly message: string }
  | { readonly state: 'failed'; readonly message: string; readonly notAvailable?: boolean };

export const IDLE: Operation = { state: 'idle' };
