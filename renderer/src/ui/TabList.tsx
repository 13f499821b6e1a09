import { useRef, type KeyboardEvent } from 'react';

export interface TabSpec<T extends string> {
  readonly id: T;
  readonly label: string;
  /** The element ids of the tab and of the panel it controls. */
  readonly tabId: string;
  readonly panelId: string;
}

export interface TabListProps<T extends string> {
  readonly label: string;
  readonly tabs: readonly TabSpec<T>[];
  readonly selected: T;
  readonly onSelect: (id: T) => void;
}

/**
 * A tab list following the WAI-ARIA APG Tabs pattern (automatic activation): one tab stop (the
 * selected tab), Left/Right move between tabs and wrap, Home/End go to the first/last.
 */
export function TabList<T extends string>({ label, tabs, selected, onSelect }: TabListProps<T>) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const tab = target === undefined ? undefined : tabs[target];
    if (tab === undefined) return;
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs">
      {tabs.map((t, i) => (
        <button
          key={t.id}
          ref={(el) => {
            if (el === null) refs.current.delete(t.id);
            else refs.current.set(t.id, el);
          }}
          type="button"
          role="tab"
          id={t.tabId}
          aria-selected={selected === t.id}
          aria-controls={t.panelId}
          tabIndex={selected === t.id ? 0 : -1}
          onClick={() => onSelect(t.id)}
          onKeyDown={(e) => move(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
