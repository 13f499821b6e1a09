/**
 * Benchmark (prints, never asserts): drawing a translation's payload graphs (issue 12, part 4) in
 * the test browser (Debian Chromium), against a real mediator on a fresh data folder.
 *
 * The message is the golden bc-weight message with its payload repeated (blank nodes renamed per
 * copy) until it holds about `--triples` triples, translated through BodyCloud_CO. Measured, per run:
 *   graph     - from the click on the "Payload graph" tab until both graphs' fitted views are laid out
 *               and painted; also timed in the page (click-timer.ts: from the click event to the frame
 *               after both)
 *   input     - the input graph's own layout + paint, every element (data-complete-ms), the
 *               `--triples`-triple figure
 *   diff tab  - the same-run baseline: from the click on the "Payload diff" tab until its lists show
 *               every removed and added triple (the text view of the same translation)
 *   all drawn - from the same click until both graphs have drawn every element (a large graph draws
 *               its fitted view first and the rest in later frames, issue 42)
 * Then the same with literals drawn as nodes (the default collapses them above 120 triples), until
 * every element is drawn, and back to the graph tab after the diff tab: the graphs are kept while
 * hidden, so that is showing them again, not drawing (each warm run first translates the message
 * again, so that its graph tab draws a new result's graphs).
 * The first run includes loading the graph library's chunk; the following are warm.
 *
 * Run after `npm run build` (root) and `npm run build -w renderer`:
 *   node e2e/dist/bench/draw-payload-graph.js [--runs N] [--triples N] [--profile cold-graph.cpuprofile]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.js';
import { alignmentsDir, sharedDir } from '../fixtures/paths.js';
import { repeatedPayload } from '../fixtures/repeated-payload.js';
import { startMediator } from '../fixtures/server.js';
import { armClickTimer, prepareClick } from './click-timer.js';
import { printColdTable } from './cold-goal.js';
import { profileOption, startProfile } from './cpu-profile.js';
import { median, option, storeAlignment } from './bench-support.js';

async function waitGraphs(page: Page): Promise<void> {
  await page.waitForFunction(
    () => ['input-graph', 'output-graph'].every((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-state') === 'ready'),
    undefined,
    { polling: 'raf' },
  );
}

/** Until both graphs have drawn every element (data-complete-ms set). */
async function waitComplete(page: Page): Promise<void> {
  await page.waitForFunction(
    () => ['input-graph', 'output-graph'].every((id) => document.querySelector(`[data-testid="${id}"]`)?.hasAttribute('data-complete-ms') === true),
    undefined,
    { polling: 'raf' },
  );
}

/** Toggles "Collapse literals into their subjects" and waits until both graphs of the other kind have drawn every element. */
async function toggleLiterals(page: Page): Promise<void> {
  const nodes = await page.getByTestId('output-graph').getAttribute('data-nodes');
  await page.getByLabel('Collapse literals into their subjects').click();
  await page.waitForFunction((n) => document.querySelector('[data-testid="output-graph"]')?.getAttribute('data-nodes') !== n, nodes, { polling: 'raf' });
  await waitGraphs(page);
  await waitComplete(page);
}

/**
 * Sends the message again through the file input and waits for that translation's result (the
 * status goes to running, then done): a new result, whose graphs are drawn anew when shown.
 */
async function translateAgain(page: Page, message: string, run: number): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { translated?: Promise<void> };
    w.translated = new Promise((resolve) => {
      let running = false;
      const observer = new MutationObserver(() => {
        const status = document.querySelector('[data-testid="translate-status"]');
        if (status?.classList.contains('op-running') === true) running = true;
        else if (running && status?.classList.contains('op-done') === true) {
          observer.disconnect();
          resolve();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
  });
  await page.getByLabel('Message file').setInputFiles({ name: `bench-${run}.json`, mimeType: 'application/json', buffer: Buffer.from(message) });
  await page.evaluate(() => (window as unknown as { translated: Promise<void> }).translated);
}

/** A graph's time to its fitted view (`data-draw-ms`) or to every element (`data-complete-ms`). */
async function drawMs(page: Page, id: string, attribute: 'data-draw-ms' | 'data-complete-ms'): Promise<number> {
  return Number(await page.getByTestId(id).getAttribute(attribute));
}

async function main(): Promise<void> {
  const runs = option('runs', 5);
  const triples = option('triples', 500);
  const base = await readFile(join(sharedDir, 'data', 'messages', 'bc-weight.json'), 'utf8');
  const mediator = await startMediator();
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    await storeAlignment(mediator.url, await readFile(join(alignmentsDir, 'BodyCloud_CO.rdf'), 'utf8'));
    // The copy count that gives about `triples` input triples: ask the server how many one copy has.
    const probe = await fetch(`${mediator.url}/translation?trace=true`, {
      method: 'POST',
      body: JSON.stringify({ alignIDs: [], graphStr: base }),
      headers: { 'content-type': 'application/json' },
    });
    const perCopy = ((await probe.json()) as { payloadGraphs?: { beforeCount: number } }).payloadGraphs?.beforeCount ?? 0;
    if (perCopy === 0) throw new Error('the server sent no payload graphs');
    const message = repeatedPayload(base, Math.round(triples / perCopy));

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${mediator.url}/#/translate`);
    const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
    await picker.locator('option', { hasText: 'BodyCloud_CO' }).waitFor({ state: 'attached' });
    await picker.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Add to sequence' }).click();
    await page.getByLabel('Message file').setInputFiles({ name: 'bench.json', mimeType: 'application/json', buffer: Buffer.from(message) });
    await page.getByTestId('translate-status').filter({ hasText: 'Message translation successful' }).waitFor();
    const graphTab = page.getByRole('tab', { name: 'Payload graph' });
    const diffTab = page.getByRole('tab', { name: /Payload diff/ });
    const removed = Number(await page.getByTestId('triples-removed').textContent());
    const added = Number(await page.getByTestId('triples-added').textContent());

    const rows: Array<{
      run: string;
      graph: number;
      inPage: number;
      all: number;
      input: number;
      output: number;
      outputView: number;
      diff: number;
      literals: number;
      back: number;
      backInPage: number;
    }> = [];
    const profile = profileOption();
    for (let run = 0; run <= runs; run++) {
      // The graphs are kept while other tabs show (issue 42): a warm run draws a new result's graphs.
      if (run > 0) await translateAgain(page, message, run);
      const stopProfile = run === 0 && profile !== undefined ? await startProfile(page, profile) : undefined;
      const timer = await armClickTimer(page, 'graphs');
      const click = await prepareClick(page, graphTab);
      const t0 = Date.now();
      await click();
      await waitGraphs(page);
      const graph = Date.now() - t0;
      const inPage = await timer.read();
      await waitComplete(page);
      const all = Date.now() - t0;
      await stopProfile?.();
      const input = await drawMs(page, 'input-graph', 'data-complete-ms');
      const output = await drawMs(page, 'output-graph', 'data-complete-ms');
      const outputView = await drawMs(page, 'output-graph', 'data-draw-ms');
      // Literals as nodes: toggled off, redrawn.
      const t1 = Date.now();
      await toggleLiterals(page);
      const literals = Date.now() - t1;
      // Collapsed again, as the next run's new result opens (a choice made here is kept across results).
      await toggleLiterals(page);
      // Baseline: the text view of the same diff.
      const t2 = Date.now();
      await diffTab.click();
      await page.waitForFunction(
        (n) => document.querySelectorAll('#result-panel-diff:not([hidden]) [data-testid="diff-triple"]').length === n,
        Math.min(removed, 2000) + Math.min(added, 2000),
        { polling: 'raf' },
      );
      const diff = Date.now() - t2;
      // Back to the graphs: shown as they were left, nothing drawn again.
      const backTimer = await armClickTimer(page, 'graphs');
      const backClick = await prepareClick(page, graphTab);
      const t3 = Date.now();
      await backClick();
      await page.waitForFunction(
        () => document.querySelector('#result-panel-graph:not([hidden]) [data-testid="output-graph"][data-state="ready"]') !== null,
        undefined,
        {
          polling: 'raf',
        },
      );
      const back = Date.now() - t3;
      const backInPage = await backTimer.read();
      await diffTab.click();
      rows.push({ run: run === 0 ? 'cold' : String(run), graph, inPage, all, input, output, outputView, diff, literals, back, backInPage });
    }
    const counts = (id: string) => page.getByTestId(id).evaluate((el) => `${el.getAttribute('data-nodes')} nodes, ${el.getAttribute('data-edges')} edges`);
    await graphTab.click();
    await waitGraphs(page);
    const info = await page.evaluate(() => document.querySelector('[data-testid="payload-graphs"]')?.textContent ?? '');
    console.log(
      `message: ${Math.round(triples / perCopy)} copies of bc-weight through BodyCloud_CO; diff −${removed} +${added}; ${/Input payload[^)]*\)/.exec(info)?.[0] ?? ''}; input drawn as ${await counts('input-graph')}, output as ${await counts('output-graph')} (literals collapsed)`,
    );
    console.log(
      'run\tgraph tab ms\tin page ms\tall drawn ms\tinput draw ms\toutput draw ms\toutput view ms\tliterals as nodes ms\tdiff tab ms (baseline)\tback to the graphs ms\tin page ms',
    );
    for (const r of rows)
      console.log(
        `${r.run}\t${r.graph}\t${r.inPage}\t${r.all}\t${r.input}\t${r.output}\t${r.outputView}\t${r.literals}\t${r.diff}\t${r.back}\t${r.backInPage}`,
      );
    const warm = rows.slice(1);
    const m = (k: keyof (typeof rows)[number]) => median(warm.map((r) => Number(r[k])));
    console.log(
      `warm median: graph tab ${m('graph')} ms (${(m('graph') / m('diff')).toFixed(2)}× the diff tab's ${m('diff')} ms), all drawn ${m('all')} ms, input graph ${m('input')} ms, output graph ${m('output')} ms (its fitted view ${m('outputView')} ms), literals as nodes ${m('literals')} ms (${(m('literals') / m('diff')).toFixed(2)}× the diff tab), back to the graphs ${m('back')} ms (in page ${m('backInPage')} ms); cold graph tab ${rows[0]?.graph} ms, all drawn ${rows[0]?.all} ms`,
    );
    console.log(
      "graph tab: both graphs' fitted views drawn (what the tab shows; a large graph adds what is out of view in later frames), a new result's in the warm runs (the message translated again); all drawn: every element of both; back to the graphs: the tab again after the diff tab, the graphs kept as drawn.",
    );
    const worst = Math.max(...warm.map((r) => r.input));
    console.log(`Target: ${triples} triples draw in under 1000 ms: slowest warm input graph ${worst} ms, every element (${worst < 1000 ? 'met' : 'MISSED'})`);
    // Issue 27: the first graph tab after the page loaded (the graph chunk's first use) under 500 ms.
    // Beside it, the same runs timed in the page: from the click event to the frame that shows both graphs.
    printColdTable('payload graph tab (both graphs drawn)', rows[0]?.graph ?? NaN, m('graph'), warm.length, {
      label: 'click event to painted frame, in page',
      coldMs: rows[0]?.inPage ?? NaN,
      warmMedianMs: m('inPage'),
    });
  } finally {
    await browser.close();
    await mediator.stop();
  }
}

await main();
