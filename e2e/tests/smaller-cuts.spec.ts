/**
 * Issue 39, point 7: the smaller cuts, each as the user met it, at 1280x800: a mixed drop is a
 * result per file; a chain in the wrong order runs as a warning, not a green success; the channel
 * tester says where a test message is not JSON; a suite downloads as a folder `mediator test` runs;
 * Translate visits log no console error (Monaco's "UNKNOWN service ICodeLensCache" among them).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { cliJs, dataDir, repoRoot } from '../fixtures/paths.js';
import { dropFiles, expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';
import { consoleErrors } from '../fixtures/page-checks.js';

const run = promisify(execFile);

test.use({ viewport: { width: 1280, height: 800 } });

test('a drop of several files lists a result per file, none citing AlignmentID(,)', async ({ page }, testInfo) => {
  const legacy = await readFile(resolve(repoRoot, 'renderer/src/samples/CO_FIWARE_legacy.xml'), 'utf8');
  const coFiware = await readAlignment('CO_FIWARE.rdf');
  await page.goto('./#/alignments');
  await dropFiles(page, [
    { name: 'CO_FIWARE.rdf', text: coFiware },
    { name: 'legacy.xml', text: legacy },
    { name: 'broken.rdf', text: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/>' },
    { name: 'notes.txt', text: 'not an alignment' },
  ]);
  const notice = page.getByRole('alert', { name: 'Dropped files' });
  const items = notice.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('Uploaded “CO_FIWARE.rdf” (CO_FIWARE_align 1.0).');
  await expect(items.nth(1)).toContainText('“legacy.xml” is a legacy pure-XML alignment, not stored: use Convert to IPSM-AF');
  await expect(items.nth(2)).toContainText('“broken.rdf” was not stored: Not a valid alignment: line 1, column 1');
  await expect(items.nth(3)).toContainText('“notes.txt” was not loaded');
  await expect(page.locator('body')).not.toContainText('AlignmentID(,)');
  await screenshot(page, testInfo, 'drop-results');
});

test('a chain in the wrong order runs as a warning; Translate logs no console error', async ({ page, api }, testInfo) => {
  const errors = consoleErrors(page);
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  // CO_FIWARE (central -> FIWARE) before UniversAAL_CO (universAAL -> central): the steps do not meet.
  await page.goto('./#/translate/CO_FIWARE_align/1.0/UniversAAL_CO_align/3.0.1');
  await page.getByLabel('Message file').setInputFiles(join(dataDir, 'messages', 'weight.json'));
  const status = page.getByTestId('translate-status');
  await expect(status).toContainText('Translated, but the chain does not meet after step 1');
  await expect(status).not.toContainText('Message translation successful');
  await expect(page.getByRole('alert').filter({ hasText: 'does not meet' })).toBeVisible();
  await screenshot(page, testInfo, 'translate-wrong-order');

  // In order: the usual success. Visiting Translate again (another screen between) adds no error.
  await page.getByRole('button', { name: 'Move UniversAAL_CO_align up' }).click();
  await expect(status).toHaveText('Message translation successful');
  await page.getByRole('link', { name: 'Alignments' }).click();
  await page.getByRole('link', { name: 'Translate' }).click();
  await expect(status).toHaveText('Message translation successful');
  await page.getByRole('tab', { name: /Trace/ }).click();
  await page.getByRole('tab', { name: /Output message/ }).click();
  expect(errors).toEqual([]);
});

test('the channel tester says where a test message is not JSON', async ({ page }) => {
  await page.goto('./#/channels');
  const form = page.getByRole('form', { name: 'Publish a test message' });
  await form.getByLabel('Publish to topic').fill('tester-topic');
  await form.getByLabel('Test message', { exact: true }).fill('{\n  "a": 1,\n  "b": tru\n}');
  await form.getByRole('button', { name: 'Publish' }).click();
  const status = page.getByTestId('publish-status');
  await expect(status).toContainText('The request body is not JSON: line 3, column');
  await expect(status).not.toContainText('Body is not valid JSON');
  await expect(status).not.toContainText('content-type');
});

test('a suite downloads as a folder that mediator test runs', async ({ page, api }) => {
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  expect((await api.post('suites', { data: { name: 'regression' } })).status()).toBe(201);
  const added = await api.post('suites/regression/cases', {
    data: {
      name: 'weight',
      alignments: [
        { name: 'UniversAAL_CO_align', version: '3.0.1' },
        { name: 'CO_FIWARE_align', version: '1.0' },
      ],
      message: await readFile(join(dataDir, 'messages', 'weight.json'), 'utf8'),
    },
  });
  expect(added.status(), await added.text()).toBe(201);

  await page.goto('./#/suites');
  await page.getByRole('list', { name: 'Suites' }).getByRole('button', { name: 'regression' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download for mediator test' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('regression.tar');
  await expect(page.getByTestId('suite-download-status')).toContainText('mediator test regression');

  const dir = await mkdtemp(join(tmpdir(), 'suite-export-'));
  try {
    const archive = join(dir, 'regression.tar');
    await download.saveAs(archive);
    await run('tar', ['xf', archive, '-C', dir]);
    const result = await run(process.execPath, [cliJs, 'test', join(dir, 'regression'), '--json']).catch((e: { stdout?: string; stderr?: string }) => {
      throw new Error(`mediator test failed: ${e.stdout ?? ''}${e.stderr ?? ''}`);
    });
    const report = JSON.parse(result.stdout) as { passed?: number; failed?: number; cases?: unknown[] };
    await writeFile(join(dir, 'report.json'), result.stdout);
    expect(JSON.stringify(report)).toContain('weight');
    expect(report.failed ?? 0).toBe(0);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('in the dark theme the payload graph and pattern drawings are dark, and their legend readable', async ({ page, api }, testInfo) => {
  // Two screens, two drawings and an axe pass: more than a minute when the machine is busy.
  test.setTimeout(120_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  await page.goto('./#/translate/UniversAAL_CO_align/3.0.1/CO_FIWARE_align/1.0');
  await page.getByLabel('Message file').setInputFiles(join(dataDir, 'messages', 'weight.json'));
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
  await page.getByRole('tab', { name: 'Payload graph' }).click();
  const output = page.getByTestId('output-graph');
  await expect(output).toHaveAttribute('data-state', 'ready');
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  };
  expect(luminance(await output.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.25);
  // axe's colour contrast over the legend ("changed literals" included) and the rest of the screen.
  const { AxeBuilder } = await import('@axe-core/playwright');
  const contrast = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(contrast.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  await screenshot(page, testInfo, 'payload-graph-dark');

  await page.goto('./#/alignments/CO_FIWARE_align/1.0');
  const editor = page.getByTestId('alignment-editor');
  await editor.getByRole('tab', { name: /Cells/ }).click();
  const weight = editor.getByTestId('cell').and(page.locator('[data-cell-id="cell2_weight"]'));
  await weight.getByRole('button', { name: 'draw patterns: cell2_weight' }).click();
  const entity1 = weight.getByTestId('entity1-graph');
  await expect(entity1).toHaveAttribute('data-state', 'ready');
  expect(luminance(await entity1.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.25);
});

test('the Channels table shows Test and Delete without clipping at 1280x800', async ({ page, api }, testInfo) => {
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  const created = await api.post('channels', {
    data: {
      source: 'mw-universaal-weight-scale-in',
      sink: 'mw-fiware-weight-scale-out',
      inpAlignmentName: 'UniversAAL_CO_align',
      inpAlignmentVersion: '3.0.1',
      outAlignmentName: 'CO_FIWARE_align',
      outAlignmentVersion: '1.0',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('./#/channels');
  const row = page.getByRole('table', { name: 'Channels' }).getByTestId('channel-row');
  await expect(row).toHaveCount(1);
  const pane = await page.getByRole('table', { name: 'Channels' }).evaluate((el) => {
    let box = el.parentElement;
    while (box !== null && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
    const r = (box ?? el).getBoundingClientRect();
    return { left: r.left, right: r.right };
  });
  for (const name of [/^Test channel \d+$/, /^Delete channel \d+$/]) {
    const button = row.getByRole('button', { name });
    await expect(button).toBeVisible();
    const b = await button.boundingBox();
    expect(b, String(name)).not.toBeNull();
    expect(b!.x).toBeGreaterThanOrEqual(pane.left - 1);
    expect(b!.x + b!.width).toBeLessThanOrEqual(Math.min(pane.right, 1280) + 1);
  }
  await screenshot(page, testInfo, 'channels-1280');
});
