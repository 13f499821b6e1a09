import type { MediatorApi } from '../api/index.js';

/**
 * The whole store's state: every slice's interface, merged in by the slice's own file
 * (`declare module './types.js' { interface WorkbenchState extends XSlice {} }`, TypeScript's
 * declaration merging), so this file imports no slice and the slices share these types without a
 * cycle of imports (issue 26). workbench-store.ts builds it from every slice's creator, and fails
 * to compile when a slice is missing.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the slices, see above
export interface WorkbenchState {}

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
