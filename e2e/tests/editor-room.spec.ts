/**
 * Room to work (issue 39, point 5), at 1280x800 in both themes: with the list and the Problems pane
 * hidden (each by its own control, or both by "Maximize the editor") the alignment source shows at
 * least 100 columns, measured from Monaco's own layout (content width over character width); the
 * choice survives a reload; word wrap can be switched on; "Compare versions" is closed until asked for.
 */
import type { Page } from '@playwright/test';
import { expect, readAlignment, screenshot, test, uploadAlignment } from '../fixtures/test.js';
import { seriousViolations } from '../fixtures/page-checks.js';

test.use({ viewport: { width: 1280, height: 800 } });

const columns = async (page: Page) => Number(await page.getByTestId('alignment-source').getAttribute('data-columns'));

for (const scheme of ['light', 'dark'] as const) {
  test(`the source editor gets at least 100 columns, remembered across a reload; word wrap (${scheme})`, async ({ page, api }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await uploadAlignment(api, await readAlignment('CO_FIWARE.rdf'));
    await uploadAlignment(api, await readAlignment('UniversAAL_CO.rdf'));
    await page.goto('./#/alignments/CO_FIWARE_align/1.0');
    const source = page.getByTestId('alignment-source');
    await expect(source).toHaveAttribute('data-columns', /\d+/);
    // Compare versions: closed until asked for.
    await expect(page.getByRole('region', { name: 'Compare versions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Compare versions' })).toHaveAttribute('aria-expanded', 'false');
    const beside = await columns(page);

    const layout = page.getByRole('toolbar', { name: 'Layout' });
    await layout.getByRole('button', { name: 'Hide the list' }).click();
    await expect(page.getByRole('table', { name: 'Alignments' })).toHaveCount(0);
    await layout.getByRole('button', { name: 'Hide Problems' }).click();
    await expect(page.getByRole('complementary', { name: 'Validation problems' })).toHaveCount(0);
    await expect.poll(() => columns(page)).toBeGreaterThanOrEqual(100);
    expect(await columns(page)).toBeGreaterThan(beside);
    testInfo.annotations.push({ type: 'columns', description: `beside the list and Problems: ${beside}; alone: ${await columns(page)}` });
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `editor-maximized-${scheme}`);

    // Remembered.
    await page.reload();
    await expect(source).toHaveAttribute('data-columns', /\d+/);
    await expect(page.getByRole('table', { name: 'Alignments' })).toHaveCount(0);
    await expect.poll(() => columns(page)).toBeGreaterThanOrEqual(100);

    // Word wrap, remembered as well.
    await expect(source).toHaveAttribute('data-word-wrap', 'off');
    await layout.getByRole('checkbox', { name: 'Word wrap' }).check();
    await expect(source).toHaveAttribute('data-word-wrap', 'on');

    // Everything back at once.
    await layout.getByRole('button', { name: 'Restore the layout' }).click();
    await expect(page.getByRole('table', { name: 'Alignments' })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Validation problems' })).toBeVisible();
    await layout.getByRole('button', { name: 'Maximize the editor' }).click();
    await expect(page.getByRole('table', { name: 'Alignments' })).toHaveCount(0);
    await expect.poll(() => columns(page)).toBeGreaterThanOrEqual(100);
    await layout.getByRole('button', { name: 'Restore the layout' }).click();

    await page.getByRole('button', { name: 'Compare versions' }).click();
    await expect(page.getByRole('region', { name: 'Compare versions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, testInfo, `editor-beside-list-${scheme}`);
  });
}
