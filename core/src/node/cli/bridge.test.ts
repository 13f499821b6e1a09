/**
 * `mediator bridge ...` through the CLI's entry point on the shipped sample bridge and on files
 * written to a temporary folder: outputs, JSON shapes and exit codes (0 pass, 1 fail, 2 usage).
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapturedCli, type CapturedRun } from '../../test-support/cli-run.js';

const SAMPLES = fileURLToPath(new URL('../../../../samples/bridge/', import.meta.url));
const temp = mkdtempSync(join(tmpdir(), 'mediator-bridge-cli-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const run = async (args: string[], stdin = ''): Promise<CapturedRun> => runCapturedCli(['bridge', ...args], stdin);

describe('mediator bridge check-version', () => {
  it('finds the parent POM at <relativePath> and passes on equal versions', async () => {
    const r = await run(['check-version', '--pom', join(SAMPLES, 'example-bridge/pom.xml'), '--middleware', '2.5.0', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ bridgeApiVersion: '2.5.0', middlewareVersion: '2.5.0', ok: true, problems: [] });
  });

  it('fails (exit 1) on a mismatch, naming both versions and the line', async () => {
    const r = await run(['check-version', '--pom', join(SAMPLES, 'example-bridge/pom.xml'), '--middleware', 'v2.3.1']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/pom\.xml:27: The bridge is built against bridge API 2\.5\.0, but the middleware is 2\.3\.1/);
    expect(r.stdout).toMatch(/FAILED/);
  });

  it('without the parent POM beside it, the inherited version cannot be told', async () => {
    mkdirSync(join(temp, 'alone'), { recursive: true });
    const pom = join(temp, 'alone', 'pom.xml');
    writeFileSync(
      pom,
      '<project><parent><groupId>g</groupId><artifactId>p</artifactId><version>2.5.0</version></parent><artifactId>b</artifactId>' +
        '<dependencies><dependency><groupId>eu.interiot.intermw</groupId><artifactId>mw.bridges.api</artifactId><version>${intermw.version}</version></dependency></dependencies></project>',
    );
    const r = await run(['check-version', '--pom', pom, '--middleware', '2.5.0', '--json']);
    expect(r.code).toBe(1);
    const json = JSON.parse(r.stdout) as { bridgeApiVersion: unknown; problems: Array<{ message: string }> };
    expect(json.bridgeApiVersion).toBeNull();
    expect(json.problems[0]?.message).toMatch(/\$\{intermw\.version\}, which is not defined/);
  });

  it('follows <relativePath> up two levels to the property the grandparent defines', async () => {
    const root = join(temp, 'chain');
    mkdirSync(join(root, 'bridges', 'my-bridge'), { recursive: true });
    const project = (body: string) => `<project xmlns="http://maven.apache.org/POM/4.0.0">${body}</project>`;
    const parent = (artifact: string, version: string, path?: string) =>
      `<parent><groupId>org.example</groupId><artifactId>${artifact}</artifactId><version>${version}</version>${path === undefined ? '' : `<relativePath>${path}</relativePath>`}</parent>`;
    writeFileSync(
      join(root, 'pom.xml'),
      project(
        '<groupId>org.example</groupId><artifactId>root</artifactId><version>9</version><properties><intermw.version>2.5.1</intermw.version></properties>',
      ),
    );
    writeFileSync(join(root, 'bridges', 'pom.xml'), project(`${parent('root', '9')}<artifactId>bridges</artifactId><version>1.0</version>`));
    writeFileSync(
      join(root, 'bridges', 'my-bridge', 'pom.xml'),
      project(
        `${parent('bridges', '1.0', '..')}<artifactId>my-bridge</artifactId><dependencies><dependency><groupId>eu.interiot.intermw</groupId><artifactId>mw.bridges.api</artifactId><version>\${intermw.version}</version></dependency></dependencies>`,
      ),
    );
    const r = await run(['check-version', '--pom', join(root, 'bridges', 'my-bridge', 'pom.xml'), '--middleware', '2.5.1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/parent POM: .*bridges[\\/]pom\.xml -> .*chain[\\/]pom\.xml/);
  });

  it('a malformed POM: exit 1, the position in --json', async () => {
    const pom = join(temp, 'broken.xml');
    writeFileSync(pom, '<project>\n<dependencies>\n</project>\n');
    const r = await run(['check-version', '--pom', pom, '--middleware', '2.5.0', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ bridgeApiVersion: null, ok: false, problems: [{ line: 3 }] });
    const plain = await run(['check-version', '--pom', pom, '--middleware', '2.5.0']);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toMatch(/broken\.xml:3:\d+: .*\[XML_MALFORMED\]/);
  });

  it.each([
    [['check-version', '--pom', 'pom.xml']],
    [['check-version', '--middleware', '2.5.0']],
    [['check-version', '--pom', 'a', '--middleware', '1', '--middleware-url', 'http://x']],
    [['check-version', '--nope']],
    [['copy-commands', '--jar', 'a.jar']],
    [['copy-commands', '--container', 'c']],
    [['check-log']],
    [['frobnicate']],
  ])('usage error: %j', async (args) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/mediator bridge: /);
  });
});

describe('mediator bridge copy-commands', () => {
  it('prints the commands one per line, shipped jars as comments', async () => {
    const r = await run([
      'copy-commands',
      '--container',
      'intermw',
      '--jar',
      'target/example-bridge-2.5.0.jar',
      '--dep',
      'target/lib/okhttp-3.9.1.jar',
      '--dep',
      'target/lib/mw.bridges.api-2.5.0.jar',
      '--config',
      'ExampleBridge.properties',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd().split('\n')).toEqual([
      '# do not copy mw.bridges.api-2.5.0.jar: the middleware ships the bridge API',
      'docker cp target/example-bridge-2.5.0.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
      'docker cp target/lib/okhttp-3.9.1.jar intermw:/usr/local/tomcat/webapps/ROOT/WEB-INF/lib/',
      'docker exec intermw ls -l /usr/local/tomcat/webapps/ROOT/WEB-INF/lib | grep -F -e example-bridge-2.5.0.jar -e okhttp-3.9.1.jar',
      'docker cp ExampleBridge.properties intermw:/etc/inter-iot/intermw/',
      'docker exec intermw ls -l /etc/inter-iot/intermw/ExampleBridge.properties',
      'docker restart intermw',
    ]);
    expect(r.stderr).toMatch(/named volume/);
  });

  it('--shipped reads the library folder listing; --json gives the entries', async () => {
    const r = await run([
      'copy-commands',
      '--container',
      'mw',
      '--jar',
      'b-1.0.jar',
      '--dep',
      'jackson-core-2.9.5.jar',
      '--shipped',
      join(SAMPLES, 'middleware-lib.txt'),
      '--json',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { entries: Array<{ fileName: string; copy: boolean; reason?: string }> };
    expect(json.entries.find((e) => e.fileName === 'jackson-core-2.9.5.jar')).toMatchObject({
      copy: false,
      reason: 'already in the middleware library folder',
    });
  });

  it('fails (exit 1) on a container name Docker would refuse', async () => {
    const r = await run(['copy-commands', '--container', 'bad name', '--jar', 'b-1.0.jar']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not a Docker container name/);
  });
});

describe('mediator bridge check-log', () => {
  it('passes on the sample log with its platform type expected', async () => {
    const r = await run(['check-log', join(SAMPLES, 'startup.log'), '--expect', 'http://example.com/ExamplePlatform']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/startup\.log:10: registered eu\.interiot\.intermw\.example\.bridge\.ExampleBridge for http:\/\/example\.com\/ExamplePlatform/);
  });

  it('fails (exit 1) with the missing type in --json; reads stdin with -', async () => {
    const log =
      'x Registering bridges...\r\nx Bridge a.B for platform type urn:t1 has been registered.\r\nx Bridge registration has finished successfully.\r\n';
    const r = await run(['check-log', '-', '--expect', 'urn:t1', '--expect', 'urn:t2', '--json'], log);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toEqual({
      started: true,
      bridges: [{ class: 'a.B', platformType: 'urn:t1', line: 2 }],
      finished: true,
      missing: ['urn:t2'],
      problems: [],
    });
  });
});
