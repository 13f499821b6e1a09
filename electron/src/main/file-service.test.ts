import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../common/ipc-contract.js';
import {
  createFileService,
  decodeUtf8,
  OPEN_DIALOGS,
  safeFileName,
  saveDialogSpec,
  type FileAccess,
  type FileDialogs,
  type OpenDialogSpec,
  type SaveDialogSpec,
} from './file-service.js';

const files: FileAccess = {
  stat: (path) => stat(path),
  readFile: (path) => readFile(path),
  writeFile: (path, text, encoding) => writeFile(path, text, encoding),
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mediator-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function dialogs(answer: string | undefined) {
  const shown: Array<OpenDialogSpec | SaveDialogSpec> = [];
  const value: FileDialogs = {
    showOpen: async (spec) => (shown.push(spec), answer),
    showSave: async (spec) => (shown.push(spec), answer),
  };
  return { shown, value };
}

describe('opening files', () => {
  it('offers alignments as .rdf/.xml/.owl and messages as .json', () => {
    expect(OPEN_DIALOGS.alignment.filters[0]?.extensions).toEqual(['rdf', 'xml', 'owl']);
    expect(OPEN_DIALOGS.message.filters[0]?.extensions).toEqual(['json', 'jsonld']);
  });

  it('returns the name and text of the chosen file, never its path', async () => {
    const path = join(dir, 'UniversAAL_CO.rdf');
    await writeFile(path, '<rdf:RDF/>', 'utf8');
    const { shown, value } = dialogs(path);
    const service = createFileService({ dialogs: value, files, downloadsDir: () => dir });
    expect(await service.open('alignment')).toEqual({ ok: true, value: { kind: 'alignment', name: 'UniversAAL_CO.rdf', text: '<rdf:RDF/>' } });
    expect(shown).toEqual([OPEN_DIALOGS.alignment]);
  });

  it('returns null when the dialog is cancelled', async () => {
    const service = createFileService({ dialogs: dialogs(undefined).value, files, downloadsDir: () => dir });
    expect(await service.open('message')).toEqual({ ok: true, value: null });
  });

  it('refuses files over the limit, folders and missing files, as data', async () => {
    const big = join(dir, 'big.json');
    await writeFile(big, Buffer.alloc(MAX_FILE_BYTES + 1, 32));
    await mkdir(join(dir, 'folder.rdf'));
    const open = (path: string) => createFileService({ dialogs: dialogs(path).value, files, downloadsDir: () => dir }).open('message');
    expect(await open(big)).toMatchObject({ ok: false, error: { code: 'FILE_TOO_LARGE' } });
    expect(await open(join(dir, 'folder.rdf'))).toMatchObject({ ok: false, error: { code: 'READ_FAILED' } });
    expect(await open(join(dir, 'missing.rdf'))).toMatchObject({ ok: false, error: { code: 'READ_FAILED', message: expect.stringContaining('missing.rdf') } });
  });

  it('refuses a file that is not UTF-8 rather than replacing its bad bytes', async () => {
    const latin1 = join(dir, 'latin1.rdf');
    await writeFile(latin1, Buffer.from('<label>caf\xe9</label>', 'latin1'));
    const service = createFileService({ dialogs: dialogs(latin1).value, files, downloadsDir: () => dir });
    expect(await service.open('alignment')).toEqual({ ok: false, error: { code: 'NOT_UTF8', message: 'latin1.rdf is not UTF-8 text' } });
  });

  it('reads UTF-8 with and without a byte order mark', async () => {
    const withBom = join(dir, 'bom.json');
    await writeFile(withBom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"café"}', 'utf8')]));
    const service = createFileService({ dialogs: dialogs(withBom).value, files, downloadsDir: () => dir });
    expect(await service.open('message')).toEqual({ ok: true, value: { kind: 'message', name: 'bom.json', text: '{"name":"café"}' } });
    expect(decodeUtf8(new Uint8Array([0xc3, 0xa9]))).toBe('é');
    expect(decodeUtf8(new Uint8Array([0xc3]))).toBeUndefined();
  });

  it('checks the size of what was read too (the file may grow after stat)', async () => {
    const growing: FileAccess = { ...files, stat: async () => ({ size: 10, isFile: () => true }), readFile: async () => new Uint8Array(MAX_FILE_BYTES + 1) };
    const service = createFileService({ dialogs: dialogs('/x/grown.rdf').value, files: growing, downloadsDir: () => dir });
    expect(await service.open('alignment')).toMatchObject({ ok: false, error: { code: 'FILE_TOO_LARGE', message: expect.stringContaining('grown.rdf') } });
  });
});

describe('saving downloads', () => {
  it.each([
    ['translated.json', 'translated.json'],
    ['../../.bashrc', 'bashrc'],
    ['C:\\Windows\\System32\\evil.dll', 'evil.dll'],
    ['/etc/passwd', 'passwd'],
    ['a<b>:c"d|e?f*g.ttl', 'abcdefg.ttl'],
    ['line\nbreak.txt', 'linebreak.txt'],
    ['..', 'download.txt'],
    ['', 'download.txt'],
  ])('suggests a plain file name for %j', (suggested, expected) => {
    expect(safeFileName(suggested)).toBe(expected);
  });

  it('proposes the downloads folder with a filter for the extension', () => {
    const spec = saveDialogSpec('alignment.rdf', '/home/u/Downloads');
    expect(spec.defaultPath).toBe(join('/home/u/Downloads', 'alignment.rdf'));
    expect(spec.filters[0]?.extensions).toContain('rdf');
    expect(saveDialogSpec('x.unknown', '/d').filters).toEqual([{ name: 'All Files', extensions: ['*'] }]);
  });

  it('writes the text where the user chose', async () => {
    const target = join(dir, 'out.json');
    const { shown, value } = dialogs(target);
    const service = createFileService({ dialogs: value, files, downloadsDir: () => '/downloads' });
    expect(await service.save({ suggestedName: '../translated.json', text: '{"a":1}' })).toEqual({ ok: true, value: { saved: true, name: 'out.json' } });
    expect(await readFile(target, 'utf8')).toBe('{"a":1}');
    expect((shown[0] as SaveDialogSpec).defaultPath).toBe(join('/downloads', 'translated.json'));
  });

  it('reports a cancelled save and a failed write as data', async () => {
    const cancelled = createFileService({ dialogs: dialogs(undefined).value, files, downloadsDir: () => dir });
    expect(await cancelled.save({ suggestedName: 'a.txt', text: 'x' })).toEqual({ ok: true, value: { saved: false } });
    const failing = createFileService({ dialogs: dialogs(join(dir, 'no', 'such', 'folder', 'a.txt')).value, files, downloadsDir: () => dir });
    expect(await failing.save({ suggestedName: 'a.txt', text: 'x' })).toMatchObject({ ok: false, error: { code: 'WRITE_FAILED' } });
  });
});
