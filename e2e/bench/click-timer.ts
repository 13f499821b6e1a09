/**
 * The UI benchmarks' in-page timer (issue 42): from the click's own event time to the first frame
 * after what it waits for is on the page, both read from the page's clock. The figure the bench
 * measures from Node (`Date.now()` around Playwright's click and wait) adds Playwright's
 * actionability checks before the click and a polling round trip after it: on a loaded machine
 * 100-300 ms that are neither the page's work nor the user's wait.
 */
import type { Locator, Page } from '@playwright/test';

/** What the timer waits for: the alignment's source in Monaco, or both payload graphs drawn. */
export type ClickTarget = 'source' | 'graphs';

/** Arms the timer for the next click on the page; `read` answers its milliseconds once the target is shown. */
export async function armClickTimer(page: Page, target: ClickTarget): Promise<{ read(): Promise<number> }> {
  await page.evaluate((what) => {
    const shown = () =>
      what === 'source'
        ? document.querySelector('[data-testid="alignment-source"]')?.getAttribute('aria-busy') === 'false' &&
          (document.querySelector('[data-testid="alignment-source"] [role="code"]')?.textContent ?? '').includes('xml')
        : ['input-graph', 'output-graph'].every((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'ready');
    const state: { clicked?: number; painted?: number } = {};
    (window as unknown as { clickTimer: typeof state }).clickTimer = state;
    document.addEventListener('click', (event) => (state.clicked = event.timeStamp), { capture: true, once: true });
    // Checked after each batch of DOM changes, then the frame that paints it.
    const observer = new MutationObserver(() => {
      if (state.clicked === undefined || !shown()) return;
      observer.disconnect();
      requestAnimationFrame(() => (state.painted = performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, target);
  return {
    read: async () => {
      const handle = await page.waitForFunction(
        () => {
          const s = (window as unknown as { clickTimer: { clicked?: number; painted?: number } }).clickTimer;
          return s.painted !== undefined && s.clicked !== undefined ? s.painted - s.clicked : false;
        },
        undefined,
        { polling: 'raf', timeout: 30_000 },
      );
      return Math.round(Number(await handle.jsonValue()));
    },
  };
}

/**
 * A user's click on `target`, ready to send: at its centre, found (and scrolled into view) before
 * the caller starts its clock. Playwright's own `locator.click()` first waits for the element to
 * be visible, stable over two frames and the one hit (100-300 ms on a loaded machine), inside the
 * timed window; a mouse click at a known place is only the input event.
 */
export async function prepareClick(page: Page, target: Locator): Promise<() => Promise<void>> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (box === null) throw new Error('the element to click is not on the page');
  return () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
