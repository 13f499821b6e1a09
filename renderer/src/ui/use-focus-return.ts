import { useEffect } from 'react';

/**
 * Gives focus back to whatever had it when the component mounted (the control that opened a
 * dialog) once it unmounts (WAI-ARIA APG, Dialog (Modal) pattern). A modal <dialog> removed from the
 * page by React is not closed through its own close(), so the browser does not restore focus itself.
 * When that control is gone (a deleted row), focus goes to `fallback` (the screen's main region).
 */
export function useFocusReturn(fallback = 'main'): void {
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // After React has removed the dialog: a microtask later the opener is focusable again.
      queueMicrotask(() => {
        if (opener !== null && opener.isConnected && opener !== document.body) opener.focus();
        else document.querySelector<HTMLElement>(fallback)?.focus();
      });
    };
  }, [fallback]);
}
