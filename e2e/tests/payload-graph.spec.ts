import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { goldenDiff } from '../fixtures/golden.js';
import { dataDir, goldenDir } from '../fixtures/paths.js';
import { repeatedPayload } from '../fixtures/repeated-payload.js';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

/**
 * Where an element of the drawn graph is on the page. The canvas has no DOM per element, so this
 * asks the cytoscape instance the drawing registered on its container (cytoscape's own `_cyreg`).
 */
async function pointOf(page: Page, surface: Locator, selector: string): Promise<{ x: number; y: number; title: string }> {
  await surface.scrollIntoViewIfNeeded();
  const box = await surface.boundingBox();
  if (box === null) throw new Error('graph surface not laid out');
  const at = await surface.evaluate((el, sel) => {
    type Element = {
      renderedMidpoint?: () => { x: number; y: number };
      renderedPosition: () => { x: number; y: number };
      data: (k: string) => unknown;
      isEdge: () => boolean;
    };
    const cy = (el as unknown as { _cyreg: { cy: { $: (s: string) => Element[] } } })._cyreg.cy;
    const target = cy.$(sel)[0];
    if (target === undefined) throw new Error(`nothing matches ${sel}`);
    const p = target.isEdge() && target.renderedMidpoint ? target.renderedMidpoint() : target.renderedPosition();
    return { x: p.x, y: p.y, title: String(target.data('title')) };
  }, selector);
  return { x: box.x + at.x, y: box.y + at.y, title: at.title };
}

test('see the payload graph with highlights: removed and added triples, the producing cell on hover, literals collapsed, pan and zoom', async ({
  page,
  api,
}, testInfo) => {
  const golden = await goldenDiff('weight__UniversAAL_CO__CO_FIWARE');
  // The graph library must live with the UI's strict Content-Security-Policy (no eval, no inline script).
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));

  await page.goto('./#/translate');
  const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
  for (const option of ['UniversAAL_CO_align 3.0.1 (9 cells)', 'CO_FIWARE_align 1.0 (11 cells)']) {
    await picker.selectOption({ label: option });
    await page.getByRole('button', { name: 'Add to sequence' }).click();
  }
  await page.getByLabel('Message file').setInputFiles(join(goldenDir, 'weight__UniversAAL_CO__CO_FIWARE', 'input.json'));
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');

  // The diff lists: prefixed names, and each added triple with the cell that inserted it.
  const added = page.getByRole('region', { name: 'Added triples' }).getByTestId('diff-triple');
  await expect(added).toHaveCount(golden.added);
  await expect(added.filter({ hasText: /^\+ \S+:\S+|^\+ \[\]/ })).toHaveCount(golden.added);
  await expect(added.filter({ hasText: / by \S+/ })).toHaveCount(golden.added);

  await page.getByRole('tab', { name: 'Payload graph' }).click();
  const input = page.getByTestId('input-graph');
  const output = page.getByTestId('output-graph');
  await expect(input).toHaveAttribute('data-state', 'ready');
  await expect(output).toHaveAttribute('data-state', 'ready');
  // Every removed and added triple is drawn highlighted: as many as the reference's diff counts.
  await expect(input).toHaveAttribute('data-removed', String(golden.removed));
  await expect(output).toHaveAttribute('data-added', String(golden.added));
  await expect(page.getByRole('img', { name: `Output payload (${golden.added} added)` })).toBeVisible();
  const highlighted = await output.evaluate((el) => (el as unknown as { _cyreg: { cy: { $: (s: string) => unknown[] } } })._cyreg.cy.$('edge.added').length);
  expect(highlighted).toBe(golden.added);
  await screenshot(page, testInfo, 'payload-graph');

  // Hovering an added triple names the cell that produced it: a cell of the trace.
  const edge = await pointOf(page, output, 'edge.added');
  await page.mouse.move(edge.x, edge.y);
  const tooltip = page.getByTestId('graph-tooltip');
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText(/added by \S+ \((UniversAAL_CO_align|CO_FIWARE_align) [\d.]+, step \d+\)/);
  const cells = golden.steps.map((s) => s[2] ?? '');
  const named = /added by (\S+) /.exec((await tooltip.textContent()) ?? '')?.[1];
  expect(cells).toContain(named);
  await screenshot(page, testInfo, 'payload-graph-hover');
  await page.mouse.move(5, 5);
  await expect(tooltip).toBeHidden();

  // Collapsing literals folds them into their subjects: fewer nodes, the same highlights.
  const nodesBefore = Number(await output.getAttribute('data-nodes'));
  await page.getByLabel('Collapse literals into their subjects').check();
  await expect(output).toHaveAttribute('data-state', 'ready');
  expect(Number(await output.getAttribute('data-nodes'))).toBeLessThan(nodesBefore);
  await expect(output).toHaveAttribute('data-added', String(golden.added));

  // Zoom and fit change the view (pan/zoom are the library's; the buttons drive the same).
  const zoomOf = () => output.evaluate((el) => (el as unknown as { _cyreg: { cy: { zoom: () => number } } })._cyreg.cy.zoom());
  const z0 = await zoomOf();
  await page.getByRole('button', { name: /^Zoom in on Output payload/ }).click();
  expect(await zoomOf()).toBeGreaterThan(z0);
  await page.getByRole('button', { name: /^Fit Output payload/ }).click();
  expect(await zoomOf()).toBeCloseTo(z0, 5);
  await screenshot(page, testInfo, 'payload-graph-collapsed');
  expect(violations).toEqual([]);
});

test('a large payload graph draws its fitted view first, then every element; readable labels, and Fit gives the same view', async ({ page, api }, testInfo) => {
  await uploadAlignment(api, await readAlignment('BodyCloud_CO.rdf'));
  // 60 copies of the bc-weight payload: about 500 input triples.
  const message = repeatedPayload(await readFile(join(dataDir, 'messages', 'bc-weight.json'), 'utf8'), 60);
  await page.goto('./#/translate');
  const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
  await picker.locator('option', { hasText: 'BodyCloud_CO_align' }).waitFor({ state: 'attached' });
  await picker.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add to sequence' }).click();
  await page.getByLabel('Message file').setInputFiles({ name: 'large.json', mimeType: 'application/json', buffer: Buffer.from(message) });
  await expect(page.getByTestId('translate-status')).toHaveText('Message translation successful');
  await page.getByRole('tab', { name: 'Payload graph' }).click();

  const cyOf = (surface: Locator) =>
    surface.evaluate((el) => {
      const cy = (el as unknown as { _cyreg: { cy: { elements: () => { length: number }; zoom: () => number } } })._cyreg.cy;
      return { elements: cy.elements().length, zoom: cy.zoom() };
    });
  for (const id of ['input-graph', 'output-graph']) {
    const surface = page.getByTestId(id);
    await expect(surface).toHaveAttribute('data-state', 'ready');
    await expect(surface).toHaveAttribute('data-complete-ms', /^\d+$/);
    const total = Number(await surface.getAttribute('data-nodes')) + Number(await surface.getAttribute('data-edges'));
    // Drawn in parts: the first frame had what the view shows, a small share of the graph.
    const first = Number(await surface.getAttribute('data-first-frame'));
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(total / 2);
    // Then every element.
    const drawn = await cyOf(surface);
    expect(drawn.elements).toBe(total);
    // Fitted no smaller than readable (issue 25), and Fit after a zoom gives that view again.
    expect(Number(await surface.getAttribute('data-label-px'))).toBeGreaterThanOrEqual(10);
    const label = (await surface.getAttribute('aria-label')) ?? '';
    await page.getByRole('button', { name: `Zoom out of ${label}` }).click();
    expect((await cyOf(surface)).zoom).toBeLessThan(drawn.zoom);
    await page.getByRole('button', { name: `Fit ${label}` }).click();
    expect((await cyOf(surface)).zoom).toBeCloseTo(drawn.zoom, 5);
  }
  await screenshot(page, testInfo, 'payload-graph-large');
});

test('the payload graphs are kept across tabs: back at once as they were left, and a result that came meanwhile drawn when shown', async ({
  page,
  api,
}, testInfo) => {
  const weight = await goldenDiff('bc-weight__BodyCloud_CO');
  const pressure = await goldenDiff('bc-bloodPressure__BodyCloud_CO');
  await uploadAlignment(api, await readAlignment('BodyCloud_CO.rdf'));
  await page.goto('./#/translate');
  const picker = page.getByRole('combobox', { name: 'Alignment', exact: true });
  await picker.locator('option', { hasText: 'BodyCloud_CO_align' }).waitFor({ state: 'attached' });
  await picker.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Add to sequence' }).click();
  const translate = async (pair: string, diff: { removed: number; added: number }) => {
    await page.getByLabel('Message file').setInputFiles(join(goldenDir, pair, 'input.json'));
    await expect(page.getByRole('tab', { name: `Payload diff (−${diff.removed} +${diff.added})` })).toBeVisible();
  };
  await translate('bc-weight__BodyCloud_CO', weight);

  const graphTab = page.getByRole('tab', { name: 'Payload graph' });
  const diffTab = page.getByRole('tab', { name: /^Payload diff/ });
  const output = page.getByTestId('output-graph');
  // The drawing's own object, marked: a graph drawn again is a new one, without the mark.
  type Cy = { zoom: () => number; width: () => number; elements: () => { length: number }; keptMark?: string };
  const view = () =>
    output.evaluate((el) => {
      const cy = (el as unknown as { _cyreg?: { cy: Cy } })._cyreg?.cy;
      return { mark: cy?.keptMark, zoom: cy?.zoom() ?? NaN, width: cy?.width() ?? NaN, surface: el.clientWidth, elements: cy?.elements().length ?? 0 };
    });
  await graphTab.click();
  await expect(output).toHaveAttribute('data-state', 'ready');
  await expect(output).toHaveAttribute('data-added', String(weight.added));
  await page.getByRole('button', { name: /^Zoom in on Output payload/ }).click();
  await output.evaluate((el) => ((el as unknown as { _cyreg: { cy: Cy } })._cyreg.cy.keptMark = 'first drawing'));
  const left = await view();

  // Away and back: the same drawing, zoomed as it was left, sized to its surface again.
  await diffTab.click();
  await expect(output).toBeHidden();
  // Hidden, the library has shrunk its canvas to the empty panel (its own observer, 100 ms later).
  await expect.poll(async () => (await view()).width).toBe(0);
  // Sized again in the tab switch's own frame, not by that observer 100 ms later.
  const shownAt = await page.evaluate(async () => {
    document.getElementById('result-tab-graph')?.click();
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const el = document.querySelector('[data-testid="output-graph"]') as HTMLElement & { _cyreg: { cy: Cy } };
    return { width: el._cyreg.cy.width(), surface: el.clientWidth, state: el.getAttribute('data-state') };
  });
  expect(shownAt.state).toBe('ready');
  expect(shownAt.surface).toBeGreaterThan(0);
  expect(shownAt.width).toBe(shownAt.surface);
  const back = await view();
  expect(back.mark).toBe('first drawing');
  expect(back.zoom).toBeCloseTo(left.zoom, 5);
  expect(back.elements).toBe(left.elements);
  await screenshot(page, testInfo, 'payload-graph-kept');

  // A new result while the graphs are hidden is not drawn into the hidden panel, and is drawn when shown.
  await diffTab.click();
  await translate('bc-bloodPressure__BodyCloud_CO', pressure);
  expect((await view()).mark).toBe('first drawing');
  await graphTab.click();
  await expect(output).toHaveAttribute('data-added', String(pressure.added));
  await expect(output).toHaveAttribute('data-state', 'ready');
  const redrawn = await view();
  expect(redrawn.mark).toBeUndefined();
  expect(redrawn.width).toBe(redrawn.surface);
  await expect(page.getByRole('img', { name: `Output payload (${pressure.added} added)` })).toBeVisible();
});

test("a cell's entity1 and entity2 patterns drawn as graphs in the alignment view", async ({ page, api }, testInfo) => {
  await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
  const view = (await (await api.get('alignments/CO_FIWARE_align/1.0/view')).json()) as {
    cells: Array<{ id: string; entity1: { triples: number }; entity2: { triples: number } }>;
  };
  const cell = view.cells.find((c) => c.id === 'cell2_weight');
  if (cell === undefined) throw new Error('cell2_weight not in the view');

  await page.goto('./');
  await page.getByRole('button', { name: 'Open CO_FIWARE_align 1.0' }).click();
  const editor = page.getByTestId('alignment-editor');
  await editor.getByRole('tab', { name: /Cells/ }).click();
  const weight = editor.getByTestId('cell').and(page.locator('[data-cell-id="cell2_weight"]'));
  await weight.getByRole('button', { name: 'draw patterns: cell2_weight' }).click();
  const entity1 = weight.getByTestId('entity1-graph');
  const entity2 = weight.getByTestId('entity2-graph');
  await expect(entity1).toHaveAttribute('data-state', 'ready');
  await expect(entity2).toHaveAttribute('data-state', 'ready');
  // One edge per pattern triple (the server's count), nothing highlighted.
  await expect(entity1).toHaveAttribute('data-edges', String(cell.entity1.triples));
  await expect(entity2).toHaveAttribute('data-edges', String(cell.entity2.triples));
  await expect(entity2).toHaveAttribute('data-added', '0');
  await weight.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'cell-pattern-graphs');
});
