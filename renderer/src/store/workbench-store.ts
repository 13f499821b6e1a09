import { createStore, type StoreApi } from 'zustand/vanilla';
import { createAlignmentsSlice } from './alignments-slice.js';
import { createCellAuthoringSlice } from './cell-authoring-slice.js';
import { createAlignmentDiffSlice } from './alignment-diff-slice.js';
import { createApiHistorySlice } from './api-history-slice.js';
import { createBridgeSlice } from './bridge-slice.js';
import { createChannelsSlice } from './channels-slice.js';
import { createLayoutSlice } from './layout-slice.js';
import { createLeaveGuardSlice } from './leave-guard-slice.js';
import { createLegacyConvertSlice } from './legacy-convert-slice.js';
import { createNavigationSlice } from './navigation-slice.js';
import { createDropSlice } from './drop-slice.js';
import { createSamplesSlice } from './samples-slice.js';
import { createStatusSlice } from './status-slice.js';
import { createTranslateSlice } from './translate-slice.js';
import { createSuiteExportSlice } from './suite-export-slice.js';
import { createSuitesSlice } from './suites-slice.js';
import { createSuggestSlice } from './suggest-slice.js';
import type { StoreDeps, WorkbenchState } from './types.js';

export type WorkbenchStore = StoreApi<WorkbenchState>;

/** One store of slices; the API client is a dependency so tests pass a fake one. */
export function createWorkbenchStore(deps: StoreDeps): WorkbenchStore {
  return createStore<WorkbenchState>()((set, get) => ({
    ...createStatusSlice(set, get, deps),
    ...createNavigationSlice(set, get, deps),
    ...createLeaveGuardSlice(set, get, deps),
    ...createAlignmentsSlice(set, get, deps),
    ...createCellAuthoringSlice(set, get, deps),
    ...createTranslateSlice(set, get, deps),
    ...createChannelsSlice(set, get, deps),
    ...createAlignmentDiffSlice(set, get, deps),
    ...createApiHistorySlice(set, get, deps),
    ...createBridgeSlice(set, get, deps),
    ...createSuitesSlice(set, get, deps),
    ...createSuggestSlice(set, get, deps),
    ...createDropSlice(set, get, deps),
    ...createLegacyConvertSlice(set, get, deps),
    ...createSamplesSlice(set, get, deps),
    ...createLayoutSlice(set, get, deps),
    ...createSuiteExportSlice(set, get, deps),
  }));
}
