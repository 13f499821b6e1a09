import { describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS, IpcChannels, isFileKind, parseOpenFileRequest, parseSaveFileRequest } from './ipc-contract.js';

describe('IPC contract', () => {
  it('names every channel once, under the mediator: prefix', () => {
    const names = Object.values(IpcChannels);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^mediator:[a-z-]+$/);
    expect(INVOKE_CHANNELS).not.toContain(IpcChannels.fileOpened);
  });

  it('accepts only the two file kinds', () => {
    expect(isFileKind('alignment')).toBe(true);
    expect(isFileKind('message')).toBe(true);
    for (const value of ['script', '', undefined, 1, {}]) expect(isFileKind(value)).toBe(false);
  });

  it('validates open requests', () => {
    expect(parseOpenFileRequest({ kind: 'alignment', extra: 1 })).toEqual({ kind: 'alignment' });
    for (const value of [null, 'alignment', [], { kind: 'exe' }]) expect(parseOpenFileRequest(value)).toBeUndefined();
  });

  it('validates save requests', () => {
    expect(parseSaveFileRequest({ suggestedName: 'a.json', text: '' })).toEqual({ suggestedName: 'a.json', text: '' });
    for (const value of [
      null,
      { suggestedName: 'a' },
      { text: 'x' },
      { suggestedName: '', text: 'x' },
      { suggestedName: 'x'.repeat(256), text: '' },
      { suggestedName: 1, text: '' },
    ]) {
      expect(parseSaveFileRequest(value)).toBeUndefined();
    }
  });
});
