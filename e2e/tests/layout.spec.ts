/**
 * List beside detail (issue 25, point 5): a resizable split on Alignments, Suites and Channels
 * (WAI-ARIA separator, keyboard, remembered across a reload), the opened alignment at the top of
 * the window, and an alignment table that fits 1280 px with search and sortable columns.
 */
import { expect, readAlignment, test, uploadAlignment } from '../fixtures/test.js';

test.use({ viewport: { width: 1280, height: 800 } });

test('alignments: search and sort the table, open one beside the list, resize the split by keyboard, remembered across a reload', async ({ page, api }) => {
  for (const file of ['CO_FIWARE.rdf', 'UniversAAL_CO.rdf', 'BodyCloud_CO.rdf']) await uploadAlignment(api, await readAlignment(file));
  await page.goto('./#/alignments');
  const table = page.getByRole('table', { name: 'Alignments' });
  const names = () => table.getByTestId('alignment-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-name')));
  await expect(table.getByTestId('alignment-row')).toHaveCount(3);

  // Search filters the rows.
  const search = page.getByRole('searchbox', { name: 'Search alignments' });
  await search.fill('fiware');
  await expect(table.getByTestId('alignment-row')).toHaveCount(1);
  await expect(table.getByTestId('alignment-row')).toHaveAttribute('data-name', 'CO_FIWARE_align');
  await search.fill('');
  await expect(table.getByTestId('alignment-row')).toHaveCount(3);

  // Sortable headers say how they sort.
  const nameHeader = table.getByRole('columnheader', { name: 'Name' });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await names()).toEqual(['BodyCloud_CO_align', 'CO_FIWARE_align', 'UniversAAL_CO_align']);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await names()).toEqual(['UniversAAL_CO_align', 'CO_FIWARE_align', 'BodyCloud_CO_align']);
  const cellsHeader = table.getByRole('columnheader', { name: 'Cells' });
  await cellsHeader.getByRole('button').click();
  await expect(cellsHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

  // Opened: the editor beside the list, its top in the upper part of the window, no sideways scroll.
  await page.getByRole('button', { name: 'Open CO_FIWARE_align 1.0' }).click();
  const editor = page.getByTestId('alignment-editor');
  await expect(editor.getByRole('heading', { name: 'CO_FIWARE_align 1.0' })).toBeVisible();
  const top = (await editor.boundingBox())?.y ?? Infinity;
  expect(top).toBeLessThan(800 * 0.6);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  const separator = page.getByRole('separator', { name: 'Resize the alignment list' });
  await expect(separator).toHaveAttribute('aria-orientation', 'vertical');
  const start = Number(await separator.getAttribute('aria-valuenow'));
  const listWidth = async () => (await table.boundingBox())?.width ?? 0;
  const wide = await listWidth();
  await separator.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  await expect(separator).toHaveAttribute('aria-valuenow', String(start - 6));
  expect(await listWidth()).toBeLessThan(wide);
  // Focused again: the editor's Monaco, loading meanwhile, may have taken the focus.
  await separator.focus();
  await page.keyboard.press('ArrowRight');
  await expect(separator).toHaveAttribute('aria-valuenow', String(start - 4));

  // Remembered: a reload (the URL names the open alignment) comes back with the same split.
  await page.reload();
  await expect(editor.getByRole('heading', { name: 'CO_FIWARE_align 1.0' })).toBeVisible();
  await expect(page.getByRole('separator', { name: 'Resize the alignment list' })).toHaveAttribute('aria-valuenow', String(start - 4));
});

test('suites and channels: list beside detail, the split resized by keyboard within its bounds', async ({ page }) => {
  for (const [screen, name] of [
    ['suites', 'Resize the suite list'],
    ['channels', 'Resize the channel list'],
  ] as const) {
    await page.goto(`./#/${screen}`);
    const separator = page.getByRole('separator', { name });
    await expect(separator).toBeVisible();
    await separator.focus();
    await page.keyboard.press('End');
    await expect(separator).toHaveAttribute('aria-valuenow', '75');
    await page.keyboard.press('ArrowRight');
    await expect(separator).toHaveAttribute('aria-valuenow', '75');
    await page.keyboard.press('Home');
    await expect(separator).toHaveAttribute('aria-valuenow', '20');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test('channels: the table is searched and sorted, and fits beside the forms without sideways scroll', async ({ page, api }) => {
  for (const name of ['alpha', 'beta', 'gamma']) {
    const created = await api.post('channels', {
      data: {
        source: `mw-${name}-weight-in`,
        sink: `mw-${name}-weight-out`,
        inpAlignmentName: '',
        inpAlignmentVersion: '',
        outAlignmentName: '',
        outAlignmentVersion: '',
      },
    });
    expect(created.status()).toBe(201);
  }
  await page.goto('./#/channels');
  const table = page.getByRole('table', { name: 'Channels' });
  const rows = table.getByTestId('channel-row');
  await expect(rows).toHaveCount(3);
  await page.getByRole('searchbox', { name: 'Search channels' }).fill('beta');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('mw-beta-weight-in → mw-beta-weight-out');
  await page.getByRole('searchbox', { name: 'Search channels' }).fill('');
  const topics = table.getByRole('columnheader', { name: 'Source → sink' });
  await topics.getByRole('button').click();
  await topics.getByRole('button').click();
  await expect(topics).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.first()).toContainText('mw-gamma-weight-in');
  await expect(rows.last()).toContainText('mw-alpha-weight-in');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // The table fits its pane: no scrolling inside it either.
  expect(await table.evaluate((el) => (el.parentElement?.scrollWidth ?? 0) <= (el.parentElement?.clientWidth ?? 0))).toBe(true);
});
