/**
 * The bridge installation assistant (issue 15), walked to the end for the shipped sample bridge
 * (samples/bridge): version check (with the version read from a running middleware's API, a tiny
 * real HTTP server here), the docker cp commands, the configuration file, a dropped start-up log,
 * a reload half-way (the progress comes back from the server), and the platform's channels created
 * with an alignment uploaded on the way, both running.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, readAlignment, screenshot, test } from '../fixtures/test.js';
import { repoRoot } from '../fixtures/paths.js';

const samples = join(repoRoot, 'samples/bridge');

/** Drops one file on the drop zone with that test id, as a file manager would. */
async function dropFile(page: Page, testId: string, name: string, text: string): Promise<void> {
  await page.getByTestId(testId).evaluate(
    (target, file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([file.text], file.name, { type: 'text/plain' }));
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
    },
    { name, text },
  );
}

test('the assistant walks a sample bridge from the version check to running channels', async ({ page, api }, testInfo) => {
  // A stand-in for the running middleware: INTER-MW serves its API description at /api/swagger.json.
  const middleware = createServer((req, res) => {
    if (req.url === '/api/swagger.json')
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"swagger":"2.0","info":{"version":"2.5.0"},"paths":{}}');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => middleware.listen(0, '127.0.0.1', resolve));
  const middlewareUrl = `http://127.0.0.1:${(middleware.address() as AddressInfo).port}`;
  try {
    await page.goto('./#/bridge');
    await page.getByLabel('Bridge name').fill('example-bridge');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('bridge-name')).toHaveText('example-bridge');

    // Step 1: the POM alone first: it inherits the bridge API version, so the check says to add the parent POM,
    // and Next step waits (issue 39).
    await dropFile(page, 'pom-drop', 'pom.xml', await readFile(join(samples, 'example-bridge/pom.xml'), 'utf8'));
    await page.getByLabel('Middleware version').fill('2.5.0');
    await page.getByRole('button', { name: 'Check versions' }).click();
    await expect(page.getByTestId('version-problems')).toContainText('add the parent POM');
    await expect(page.getByRole('button', { name: 'Next step' })).toBeDisabled();
    await expect(page.getByTestId('next-step-reason')).toContainText('The check above failed');
    // Then the POM and its parent; a wrong middleware version first, then the one read from its API.
    await dropFile(page, 'parent-pom-drop', 'bridges-parent.pom', await readFile(join(samples, 'pom.xml'), 'utf8'));
    await expect(page.getByTestId('pom-name')).toHaveText('pom.xml');
    // The drop stayed on the assistant (the window's alignment upload did not take it).
    await expect(page).toHaveURL(/#\/bridge$/);
    await page.getByLabel('Middleware version').fill('2.3.1');
    await page.getByRole('button', { name: 'Check versions' }).click();
    await expect(page.getByTestId('version-problems')).toContainText('bridge API 2.5.0, but the middleware is 2.3.1');
    await expect(page.getByRole('button', { name: 'Next step' })).toBeDisabled();
    await page.getByLabel('Or read it from a running middleware').fill(middlewareUrl);
    await page.getByRole('button', { name: 'Read version' }).click();
    await expect(page.getByTestId('middleware-status')).toContainText('Read 2.5.0');
    await expect(page.getByLabel('Middleware version')).toHaveValue('2.5.0');
    await page.getByRole('button', { name: 'Check versions' }).click();
    await expect(page.getByTestId('version-status')).toHaveText('The versions are equal');
    await expect(page.getByTestId('bridge-api-version')).toHaveText('2.5.0');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 2: the copy commands, with what the middleware ships flagged.
    await page.getByLabel('Middleware container').fill('intermw');
    await page.getByLabel('Bridge package (jar)').fill('target/example-bridge-2.5.0.jar');
    await page.getByLabel('Extra runtime jars, one per line').fill('target/lib/okhttp-3.9.1.jar\ntarget/lib/jackson-databind-2.9.2.jar');
    await page.getByLabel(/What the middleware already has/).fill(await readFile(join(samples, 'middleware-lib.txt'), 'utf8'));
    await page.getByRole('button', { name: 'Generate commands' }).click();
    const commands = page.getByTestId('copy-commands').getByTestId('command');
    await expect(commands).toHaveText([
      'docker cp target/example-bridge-2.5.0.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
      'docker cp target/lib/okhttp-3.9.1.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
      'docker exec intermw ls -l /usr/local/tomcat/webapps/ROOT/WEB-INF/lib | grep -F -e example-bridge-2.5.0.jar -e okhttp-3.9.1.jar',
    ]);
    await expect(page.getByTestId('copy-commands').getByTestId('command-note')).toContainText('Do not copy jackson-databind-2.9.2.jar');
    await expect(page.getByRole('button', { name: /^Copy: docker cp target\/example-bridge/ })).toBeVisible();
    await page.getByLabel('Copied, and the check lists every jar').check();
    await screenshot(page, testInfo, 'bridge-copy-commands');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 3: the configuration file goes to the folder on the named volume.
    await page.getByLabel('The bridge has a configuration file').check();
    await page.getByLabel(/Configuration file \(local path/).fill('ExampleBridge.properties');
    await page.getByRole('button', { name: 'Generate configuration commands' }).click();
    await expect(page.getByTestId('config-commands').getByTestId('command').first()).toHaveText(
      'docker cp ExampleBridge.properties intermw:/etc/inter-iot/intermw/',
    );
    await expect(page.getByTestId('volume-note')).toContainText('named volume');
    await page.getByLabel('Configuration file copied, or none needed').check();
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 4: restart, then the dropped start-up log.
    await expect(page.getByTestId('restart-command').getByTestId('command')).toHaveText('docker restart intermw');
    await page.getByLabel('Expected platform types, one per line').fill('http://example.com/ExamplePlatform');
    await dropFile(page, 'log-drop', 'startup.log', await readFile(join(samples, 'startup.log'), 'utf8'));
    await page.getByRole('button', { name: 'Check log' }).click();
    await expect(page.getByTestId('log-status')).toHaveText('Every bridge is registered');
    await expect(page.getByTestId('registered-bridge')).toHaveText(['10eu.interiot.intermw.example.bridge.ExampleBridgehttp://example.com/ExamplePlatform']);
    await expect(page.getByTestId('log-finished')).toHaveText('yes');
    await expect(page.getByTestId('bridge-save-status')).toHaveText('Progress saved');

    // Closing the app half-way loses nothing: a fresh page continues where it was.
    await page.reload();
    await page.goto('./#/bridge');
    await expect(page.getByTestId('bridge-row')).toContainText('example-bridge');
    await expect(page.getByTestId('bridge-row')).toContainText('4 of 5 · 4 done');
    await page.getByRole('button', { name: 'Continue example-bridge' }).click();
    await expect(page.getByRole('heading', { name: 'Step 4: Restart and check the log' })).toBeVisible();
    await expect(page.getByLabel('Expected platform types, one per line')).toHaveValue('http://example.com/ExamplePlatform');
    await page.getByRole('button', { name: 'Next step' }).click();

    // Step 5: the platform's topics, an alignment uploaded on the way, the channels created and running.
    await page.getByLabel('Platform id').fill('http://example.com/platform1');
    await expect(page.getByTestId('bridge-downstream-source')).toHaveText('mw-mediator-downstream-http_example.com_platform1');
    await page.getByLabel('Downstream alignment').fill('CO_FIWARE_align@1.0');
    await expect(page.getByTestId('Downstream alignment state')).toHaveText('not uploaded');
    await page
      .getByLabel('Upload Downstream alignment')
      .setInputFiles({ name: 'CO_FIWARE.rdf', mimeType: 'application/rdf+xml', buffer: Buffer.from(await readAlignment('CO_FIWARE.rdf')) });
    await expect(page.getByTestId('Downstream alignment state')).toHaveText('uploaded');
    await page.getByRole('button', { name: 'Create channels' }).click();
    await expect(page.getByTestId('channels-running')).toBeVisible();
    await expect(page.getByTestId('downstream-channel')).toContainText('running');
    await expect(page.getByTestId('upstream-channel')).toContainText('running');
    await expect(page.getByRole('button', { name: /5 Alignments and channels|✓ Alignments and channels/ })).toContainText('✓');
    await screenshot(page, testInfo, 'bridge-assistant-done');

    const channels = (await (await api.get('channels?details=true')).json()) as Array<{ source: string; outAlignmentName: string; status: string }>;
    expect(channels.map((c) => [c.source, c.outAlignmentName, c.status]).sort()).toEqual([
      ['mw-mediator-downstream-http_example.com_platform1', 'CO_FIWARE_align', 'running'],
      ['mw-mediator-upstream-http_example.com_platform1', '', 'running'],
    ]);
  } finally {
    middleware.closeAllConnections();
    await new Promise<void>((resolve) => middleware.close(() => resolve()));
  }
});
