/**
 * Benchmark (prints, never asserts): opening an alignment with 200 cells in the workbench, in the
 * test browser (Debian Chromium), against a real mediator on a fresh data folder.
 *
 * The alignment is generated from BodyCloud_CO.rdf by repeating its cells with new ids and one step
 * per cell. Measured, from the click on its name in the table:
 *   source   - the XML is in Monaco (editor ready, first line rendered); also timed in the page
 *              (click-timer.ts: from the click event to the frame that paints it)
 *   checked  - the server's validation and the cells have arrived: the status line and the Cells
 *              tab's count are shown, what the Source tab shows of them
 *   list     - the Cells tab's list (hidden behind the Source tab) holds the compiled SPARQL: it is
 *              built in a render React interrupts for input, after the above
 *   cells    - after a click on the Cells tab, its cell form (the first cell's fields) and all 200
 *              cells are rendered
 * The first open includes loading the Monaco chunk; the following opens are warm.
 *
 * Run after `npm run build` (root) and `npm run build -w renderer`:
 *   node e2e/dist/bench/open-large-alignment.js [--runs N] [--cells N] [--profile cold-open.cpuprofile]
 */
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.js';
import { largeBodyCloud } from '../fixtures/large-alignment.js';
import { startMediator } from '../fixtures/server.js';
import { armClickTimer, prepareClick } from './click-timer.js';
import { printColdTable } from './cold-goal.js';
import { profileOption, startProfile } from './cpu-profile.js';
import { median, option, storeAlignment } from './bench-support.js';

async function main(): Promise<void> {
  const runs = option('runs', 5);
  const count = option('cells', 200);
  const xml = await largeBodyCloud(count);
  const name = `BodyCloud_CO_${count}_cells`;
  const mediator = await startMediator();
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await storeAlignment(mediator.url, xml);
    const info = ((await (await fetch(`${mediator.url}/alignments?details=true`)).json()) as Array<{ name: string; cellCount: number }>).find(
      (a) => a.name === name,
    );
    console.log(`alignment ${name}: ${info?.cellCount} cells, ${xml.length} characters, ${xml.split('\n').length} lines`);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const navigated = Date.now();
    await page.goto(`${mediator.url}/`);
    const open = page.getByRole('button', { name: `Open ${name} bench` });
    await open.waitFor();
    // The first screen, once (a fresh page): Monaco's chunks download and compile beside it (their
    // modulepreload links), which costs this screen and spares the first open below.
    const firstScreen = Date.now() - navigated;
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN);
    console.log(`first screen: the alignment table ${firstScreen} ms after navigation (first contentful paint at ${Math.round(paint)} ms), a fresh page`);
    const rows: Array<{ run: string; source: number; inPage: number; checked: number; list: number; cells: number }> = [];
    const profile = profileOption();
    for (let run = 0; run <= runs; run++) {
      const stopProfile = run === 0 && profile !== undefined ? await startProfile(page, profile) : undefined;
      const timer = await armClickTimer(page, 'source');
      const click = await prepareClick(page, open);
      const t0 = Date.now();
      await click();
      await page.waitForFunction(
        () =>
          document.querySelector('[data-testid="alignment-source"]')?.getAttribute('aria-busy') === 'false' &&
          (document.querySelector('[data-testid="alignment-source"] [role="code"]')?.textContent ?? '').includes('xml'),
        undefined,
        { polling: 'raf' },
      );
      const source = Date.now() - t0;
      const inPage = await timer.read();
      await stopProfile?.();
      await page.waitForFunction(
        () =>
          /validated|error/.test(document.querySelector('[data-testid="validation-status"]')?.textContent ?? '') &&
          /Cells \(\d+\)/.test(document.querySelector('#tab-cells')?.textContent ?? ''),
        undefined,
        { polling: 'raf' },
      );
      const checked = Date.now() - t0;
      await page.waitForFunction(() => document.querySelector('[data-testid="compiled-sparql"] pre') !== null, undefined, { polling: 'raf' });
      const list = Date.now() - t0;
      const t1 = Date.now();
      // CSS locators here: Playwright's role queries read every element's accessible name, and over
      // the DOM of 2,000 cells (--cells 2000) one took 20 s.
      await page.locator('#tab-cells').click();
      await page.waitForFunction(
        (n) => document.querySelector('[data-testid="cell-form"]') !== null && document.querySelectorAll('[data-testid="cell"]').length === n,
        count,
        { polling: 'raf' },
      );
      const cells = Date.now() - t1;
      rows.push({ run: run === 0 ? 'cold' : String(run), source, inPage, checked, list, cells });
      await page.locator('button[aria-label="Close the editor"]').click();
    }
    console.log('run\tsource ms\tin page ms\tchecked ms\tlist ms\tcells tab ms');
    for (const r of rows) console.log(`${r.run}\t${r.source}\t${r.inPage}\t${r.checked}\t${r.list}\t${r.cells}`);
    const warm = rows.slice(1);
    console.log(
      `warm median: source ${median(warm.map((r) => r.source))} ms, checked ${median(warm.map((r) => r.checked))} ms, list ${median(warm.map((r) => r.list))} ms, cells tab ${median(warm.map((r) => r.cells))} ms (cold source ${rows[0]?.source} ms)`,
    );
    // The bar: the alignment is open (source shown) in under a second, cold and warm.
    const worstOpen = Math.max(...rows.map((r) => r.source));
    console.log(
      `Target: a ${count}-cell alignment opens in under 1000 ms: slowest open ${worstOpen} ms (${worstOpen < 1000 ? 'met' : 'MISSED'}); slowest fully checked ${Math.max(...rows.map((r) => r.checked))} ms`,
    );
    // Issue 27: the first open after the page loaded (Monaco's chunk on its way) under 500 ms.
    // Beside it, the same runs timed in the page: from the click event to the frame that shows the source.
    printColdTable(`open a ${count}-cell alignment (source shown)`, rows[0]?.source ?? NaN, median(warm.map((r) => r.source)), warm.length, {
      label: 'click event to painted frame, in page',
      coldMs: rows[0]?.inPage ?? NaN,
      warmMedianMs: median(warm.map((r) => r.inPage)),
    });
  } finally {
    await browser.close();
    await mediator.stop();
  }
}

await main();
