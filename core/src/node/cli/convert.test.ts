/**
 * `mediator convert` against the server (issue 39, point 1): for each legacy document, the CLI's
 * output is the text POST /convert answers, and with --turtle the text POST /convert/TTL answers for
 * that; a document either refuses to convert gets the same problems, at the same lines and columns.
 * The documents are the repository's legacy alignment and variants of it made from a seeded
 * generator (other names, versions, cell order, a cell fewer), and broken copies of it. Real server,
 * real port; the dcelem:date each conversion writes (the time of conversion) is the one difference.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGACY } from '../../test-support/legacy-alignment.js';
import { readData } from '../../test-support/shared-data.js';
import { startTestServer, type TestServer } from '../server/test-support/test-server.js';
import { runCapturedCli as cli } from '../../test-support/cli-run.js';
import { seededRandom } from '../../test-support/payload-variants.js';

let running: TestServer;
let dir: string;

beforeAll(async () => {
  running = await startTestServer('cli-convert');
  dir = mkdtempSync(join(tmpdir(), 'mediator-convert-'));
});

afterAll(async () => {
  await running.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, body: string): Promise<{ status: number; text: string }> {
  const r = await fetch(`${running.server.url}${path}`, { method: 'POST', body, headers: { 'content-type': 'application/xml' } });
  return { status: r.status, text: await r.text() };
}

/** The converted text without the time of conversion, which differs between any two runs. */
const undated = (xml: string): string => xml.replace(/<dcelem:date>[^<]*<\/dcelem:date>/, '<dcelem:date/>').trimEnd();

/** LEGACY with another name and version, its cells in either order, and sometimes one step and cell fewer. */
function variant(seed: number): { name: string; version: string; text: string } {
  // Seeded, so a failing variant can be made again.
  const next = seededRandom(seed);
  const name = `Legacy_${Math.floor(next() * 1e6).toString(36)}`;
  const version = `${1 + Math.floor(next() * 9)}.${Math.floor(next() * 20)}`;
  let text = LEGACY.replace('name="CO_FIWARE_legacy" version="0.5"', `name="${name}" version="${version}"`);
  const cells = [...text.matchAll(/ *<sripas:Cell id="[^"]+">[\s\S]*?<\/sripas:Cell>\n/g)].map((m) => m[0]);
  if (cells.length === 2 && next() < 0.5) text = text.replace(cells.join(''), [...cells].reverse().join(''));
  if (next() < 0.3) text = text.replace(/ *<sripas:step order="2" cell="weight_value"\/>\n/, '').replace(cells[1] ?? '', '');
  return { name, version, text };
}

/** The legacy sample the workbench ships ("Open the legacy sample"): the same document, so both are tested here. */
const SHIPPED = readFileSync(fileURLToPath(new URL('../../../../renderer/src/samples/CO_FIWARE_legacy.xml', import.meta.url)), 'utf8');

const DOCUMENTS = [{ name: 'CO_FIWARE_legacy', version: '0.5', text: SHIPPED }, ...[1, 2, 3, 4, 5, 6].map(variant)];

it('the shipped legacy sample is the test document', () => {
  expect(SHIPPED).toBe(LEGACY);
});

describe('mediator convert and the server answer the same', () => {
  it.each(DOCUMENTS.map((d, i) => [i, d] as const))('legacy document %i: POST /convert, then POST /convert/TTL', async (i, doc) => {
    const file = join(dir, `legacy-${i}.xml`);
    writeFileSync(file, doc.text);
    const server = await post('/convert', doc.text);
    expect(server.status).toBe(201);
    const printed = await cli(['convert', file]);
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(undated(printed.stdout)).toBe(undated(server.text));
    // The legacy name and version are kept.
    expect(printed.stdout).toContain(`<dcelem:title>${doc.name}</dcelem:title>`);
    expect(printed.stdout).toContain(`<exmo:version>${doc.version}</exmo:version>`);

    const serverTurtle = await post('/convert/TTL', server.text);
    expect(serverTurtle.status).toBe(201);
    const out = join(dir, `converted-${i}.rdf`);
    const written = await cli(['convert', file, '--turtle', '-o', out]);
    expect(written).toMatchObject({ code: 0, stdout: '' });
    expect(written.stderr).toContain(out);
    expect(undated(readFileSync(out, 'utf8'))).toBe(undated(serverTurtle.text));
    // And the file uploads as the alignment it names.
    const upload = await post('/alignments', readFileSync(out, 'utf8'));
    expect(upload.status, upload.text).toBe(201);
  });

  it('standard input (-) converts as a file does', async () => {
    const fromStdin = await cli(['convert', '-', '--turtle'], LEGACY);
    const fromFile = await cli(['convert', join(dir, 'legacy-0.xml'), '--turtle']);
    expect(fromStdin.code).toBe(0);
    expect(undated(fromStdin.stdout)).toBe(undated(fromFile.stdout));
  });

  it('an IPSM-AF file with --turtle has its cells rewritten, as POST /convert/TTL does', async () => {
    // Turtle cells already: rewrite them to RDF/XML on the server first, so there is something to convert.
    const rdfxml = await post('/convert/RDFXML', readData('alignments/CO_FIWARE.rdf'));
    expect(rdfxml.status).toBe(201);
    const file = join(dir, 'co-fiware-rdfxml.rdf');
    writeFileSync(file, rdfxml.text);
    const printed = await cli(['convert', file, '--turtle']);
    expect(printed.code).toBe(0);
    expect(printed.stdout.trimEnd()).toBe((await post('/convert/TTL', rdfxml.text)).text.trimEnd());
  });
});

const BROKEN: ReadonlyArray<readonly [string, string]> = [
  ['a step naming no cell', LEGACY.replace('cell="weight_value"/>', 'cell="nope"/>')],
  ['no steps', LEGACY.replace(/<sripas:steps>[\s\S]*<\/sripas:steps>/, '')],
  ['an unknown element in a cell', LEGACY.replace('<sripas:measure>1.0</sripas:measure>', '<sripas:weight>1.0</sripas:weight>')],
  ['an IPSM-AF document', readData('alignments/CO_FIWARE.rdf')],
];

describe('documents that do not convert', () => {
  it.each(BROKEN)('%s: exit 1, the server problems with file, line and column', async (label, text) => {
    const file = join(dir, `broken-${label.replaceAll(' ', '-')}.xml`);
    writeFileSync(file, text);
    const server = await post('/convert', text);
    expect(server.status).toBe(500);
    const problems = (JSON.parse(server.text) as { problems: Array<{ code: string; line: number; column: number; message: string }> }).problems;
    expect(problems.length).toBeGreaterThan(0);
    const { code, stdout, stderr } = await cli(['convert', file]);
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    for (const p of problems) expect(stderr).toContain(`${file}:${p.line}:${p.column}: error ${p.code}`);
    expect(stderr).toContain('[CONVERSION_FAILED]');
    // Messages speak of files and actions, not of the converter's function names.
    expect(stderr).not.toMatch(/convert(Legacy|Cells)/);
  });

  it('malformed XML: exit 1 with the file, line and column', async () => {
    const file = join(dir, 'malformed.xml');
    writeFileSync(file, LEGACY.replace('</sripas:relation>', '</sripas:relatio>'));
    const { code, stderr } = await cli(['convert', file]);
    expect(code).toBe(1);
    expect(stderr).toMatch(new RegExp(`^${file.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:\\d+:\\d+: `));
  });

  it('usage errors exit 2; an unreadable file or output exits 1 and names it', async () => {
    expect((await cli(['convert'])).code).toBe(2);
    expect((await cli(['convert', 'a.xml', 'b.xml'])).code).toBe(2);
    expect((await cli(['convert', join(dir, 'legacy-0.xml'), '--bogus'])).code).toBe(2);
    const missing = await cli(['convert', join(dir, 'nope.xml')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('nope.xml: cannot read file');
    const unwritable = await cli(['convert', join(dir, 'legacy-0.xml'), '-o', join(dir, 'no-such-folder', 'out.rdf')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.stderr).toContain('out.rdf: cannot write file');
  });

  it('is in the help', async () => {
    const help = await cli(['help']);
    expect(help.stdout).toContain('mediator convert LEGACY.xml [--turtle] [-o OUT.rdf]');
    const own = await cli(['convert', '--help']);
    expect(own.stdout).toContain('--turtle');
  });
});
