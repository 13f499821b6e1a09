/**
 * The version diff from the alignment list (issue 12, part 2): two stored versions of CO_FIWARE,
 * picked in the "Compare versions" panel, shown with a Monaco diff editor (old | new) per changed
 * cell, the renamed cell and the header change listed.
 */
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';

test('compares two versions of an alignment side by side', async ({ page, api }, testInfo) => {
  const v1 = await readAlignment('CO_FIWARE.rdf');
  // Version 1.1: cell2_weight's entity2 gains a value, cell0 is renamed (its step too).
  const v11 = v1
    .replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>')
    .replace('fw:hasType "WeighingScale" ;', 'fw:hasType "WeighingScale", "Scale" ;')
    .replaceAll('http://www.inter-iot.eu/sripas#cell0"', 'http://www.inter-iot.eu/sripas#cell0_time"');
  expect(v11).toContain('"Scale"');
  expect(v11).toContain('#cell0_time"');
  await uploadAlignment(api, v1);
  await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
  await uploadAlignment(api, v11);

  await page.goto('./#/alignments');
  await expect(page.getByRole('table', { name: 'Alignments' }).getByTestId('alignment-row')).toHaveCount(3);
  // Closed until asked for (issue 39).
  const panel = page.getByRole('region', { name: 'Compare versions' });
  await expect(panel).toHaveCount(0);
  await page.getByRole('button', { name: 'Compare versions' }).click();
  await panel.getByLabel('Old alignment').selectOption({ label: 'CO_FIWARE_align 1.0' });
  await panel.getByLabel('New alignment').selectOption({ label: 'CO_FIWARE_align 1.1' });
  await panel.getByRole('button', { name: 'Compare' }).click();

  const result = page.getByTestId('alignment-diff');
  await expect(result.getByRole('heading', { name: 'CO_FIWARE_align 1.0 → CO_FIWARE_align 1.1' })).toBeVisible();
  await expect(result.getByTestId('diff-summary')).toHaveText('1 header change, 1 cell changed, 1 cell renamed.');
  await expect(result.getByRole('table', { name: 'Header changes' }).getByRole('row', { name: /version/ })).toContainText('1.0');
  await expect(result.getByTestId('cells-renamed')).toHaveText('cell0 → cell0_time');
  await expect(result.getByTestId('cells-added')).toHaveCount(0);

  const cells = result.getByTestId('cell-diff');
  await expect(cells).toHaveCount(1);
  const cell = cells.first();
  await expect(cell).toHaveAttribute('data-cell', 'cell2_weight');
  await expect(cell.locator('[data-part]')).toHaveText(['entity2']);
  // Monaco's diff editor, side by side, with the change found by its own diff computation.
  const editor = cell.getByTestId('cell-diff-editor-cell2_weight');
  await expect(editor).toHaveAttribute('data-changes', /^[1-9]/);
  const sides = editor.getByRole('code');
  await expect(sides).toHaveCount(2);
  await expect(sides.nth(0)).toContainText('"WeighingScale"');
  await expect(sides.nth(0)).not.toContainText('"Scale"');
  await expect(sides.nth(1)).toContainText('"WeighingScale", "Scale"');
  const [left, right] = [await sides.nth(0).boundingBox(), await sides.nth(1).boundingBox()];
  // Old on the left, new on the right, at the same height.
  expect(left !== null && right !== null && left.x + left.width <= right.x + 1 && Math.abs(left.y - right.y) < 2).toBe(true);
  await cell.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'alignment-diff');

  // The same alignment on both sides: nothing differs.
  await panel.getByLabel('Old alignment').selectOption({ label: 'CO_FIWARE_align 1.1' });
  await panel.getByRole('button', { name: 'Compare' }).click();
  await expect(result.getByTestId('diff-summary')).toHaveText(/^No differences/);
  await expect(result.getByTestId('cell-diff')).toHaveCount(0);
});
