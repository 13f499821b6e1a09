import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { WorkbenchStore } from './workbench-store.js';
import type { WorkbenchState } from './types.js';

const StoreContext = createContext<WorkbenchStore | undefined>(undefined);

export function WorkbenchProvider({ store, children }: { readonly store: WorkbenchStore; readonly children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** Select one value of the workbench state; re-renders only when it changes. */
export function useWorkbench<T>(selector: (state: WorkbenchState) => T): T {
  const store = useContext(StoreContext);
  if (store === undefined) throw new Error('useWorkbench outside <WorkbenchProvider>');
  return useStore(store, selector);
}
