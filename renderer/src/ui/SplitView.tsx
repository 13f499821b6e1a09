import { useCallback, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** The list's share of the width, in percent, within these bounds. */
const MIN = 20;
const MAX = 75;
const STEP = 2;

function storedWidth(key: string, fallback: number): number {
  try {
    const value = Number(globalThis.localStorage?.getItem(key));
    return Number.isFinite(value) && value >= MIN && value <= MAX ? value : fallback;
  } catch {
    return fallback;
  }
}

function clamp(value: number): number {
  return Math.min(MAX, Math.max(MIN, Math.round(value)));
}

/**
 * A list beside its detail with a resizable split (issue 25, point 5): the separator follows the
 * WAI-ARIA window-splitter pattern (role separator, aria-valuenow in percent of the width; Left and
 * Right arrows resize by 2 %, Home and End to the bounds) and can be dragged. The width is kept in
 * localStorage under `split:<id>`, so each screen remembers its own.
 */
export function SplitView({ id, label, list, detail, initial = 40 }: { id: string; label: string; list: ReactNode; detail: ReactNode; initial?: number }) {
  const key = `split:${id}`;
  const [width, setWidth] = useState(() => storedWidth(key, initial));
  const box = useRef<HTMLDivElement>(null);
  const save = useCallback(
    (value: number) => {
      const next = clamp(value);
      setWidth(next);
      try {
        globalThis.localStorage?.setItem(key, String(next));
      } catch {
        // Storage may be unavailable (private mode): the width then lasts for the session only.
      }
    },
    [key],
  );
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const by: Record<string, number | undefined> = { ArrowLeft: width - STEP, ArrowRight: width + STEP, Home: MIN, End: MAX };
    const next = by[e.key];
    if (next === undefined) return;
    e.preventDefault();
    save(next);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const el = box.current;
    if (el === null) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const rect = el.getBoundingClientRect();
    const move = (ev: globalThis.PointerEvent) => save(((ev.clientX - rect.left) / rect.width) * 100);
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  return (
    <div className="split" ref={box} style={{ gridTemplateColumns: `minmax(0, ${width}fr) 10px minmax(0, ${100 - width}fr)` }} data-testid={`split-${id}`}>
      <div className="split-pane split-list">{list}</div>
      <div
        className="split-separator"
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuenow={width}
        aria-valuemin={MIN}
        aria-valuemax={MAX}
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={onPointerDown}
      />
      <div className="split-pane split-detail">{detail}</div>
    </div>
  );
}
