/**
 * Benchmark (prints, never asserts): the workbench's first translation (issue 27: "the workbench's
 * first translation showed 1411 ms round trip"), in the test browser (Debian Chromium), against a
 * real mediator on a fresh data folder with the golden pair's two alignments uploaded.
 *
 * The page is loaded, the two alignments are put in the sequence, and the golden message is opened
 * from its file: that run, which starts by itself, is the cold one. Then `--runs` more presses of
 * Translate are the warm ones. Each figure is the browser's own record of that request (resource
 * timing: from the fetch to the last byte of the reply); the cold run's line under the result ("…
 * ms round trip", which adds the reply's parsing) is printed too.
 *
 * Run after `npm run build`:  node e2e/dist/bench/first-translation.js [--runs N]
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.js';
import { alignmentsDir, goldenDir } from '../fixtures/paths.js';
import { startMediator } from '../fixtures/server.js';
import { printColdTable } from './cold-goal.js';
import { median, option, storeAlignment } from './bench-support.js';

const PAIR = 'weight__UniversAAL_CO__CO_FIWARE';

/** Completed POST /translation fetches the page made, as the browser's resource timing records them. */
function translationFetches(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => /\/translation(\?|$)/.test(e.name) && (e as PerformanceResourceTiming).initiatorType === 'fetch')
      .map((e) => e.duration),
  );
}

/** The duration of the page's `n`th translation fetch (1-based), once it has completed. */
async function nthFetch(page: Page, n: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const done = await translationFetches(page);
    if (done.length >= n) return Math.round(done[n - 1]! * 10) / 10;
    if (Date.now() > deadline) throw new Error(`translation ${n} did not complete within 30 s (${done.length} did)`);
    await page.waitForTimeout(5);
  }
}

async function main(): Promise<void> {
  const runs = option('runs', 10);
  const mediator = await startMediator();
  const browser = await chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const file of ['UniversAAL_CO.rdf', 'CO_FIWARE.rdf']) {
      await storeAlignment(mediator.url, await readFile(join(alignmentsDir, file), 'utf8'), file);
    }
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${mediator.url}/#/translate`);
    const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
    await picker.waitFor();
    for (const label of ['UniversAAL_CO_align 3.0.1 (9 cells)', 'CO_FIWARE_align 1.0 (11 cells)']) {
      await picker.selectOption({ label });
      await page.getByRole('button', { name: 'Add to sequence' }).click();
    }
    const before = (await translationFetches(page)).length;
    await page.getByLabel('Message file').setInputFiles(join(goldenDir, PAIR, 'input.json'));
    const cold = await nthFetch(page, before + 1);
    await page.getByTestId('translation-result').getByText('round trip').waitFor();
    const shown = await page.getByTestId('translation-result').getByText('round trip').textContent();
    const warm: number[] = [];
    for (let run = 1; run <= runs; run++) {
      await page.getByRole('button', { name: 'Translate', exact: true }).click();
      warm.push(await nthFetch(page, before + 1 + run));
    }
    console.log(
      `\nThe workbench's first translation: ${PAIR} through UniversAAL_CO then CO_FIWARE (with the trace and diff the page asks for), each fetch as the browser timed it`,
    );
    console.log(`the result line after the cold run: ${shown?.trim() ?? ''}`);
    console.log(`warm runs ms: ${warm.join(' ')}`);
    printColdTable('first translation in the workbench (fetch ms)', cold, median(warm), warm.length);
  } finally {
    await browser.close();
    await mediator.stop();
  }
}

await main();
