import { describe, expect, it } from 'vitest';
import { ApiError, type ApiChange, type ApiDiffRequest } from '../api/index.js';
import { fakeApi } from './fake-api.test-support.js';
import { groupChanges } from './api-history-slice.js';
import { createWorkbenchStore } from './workbench-store.js';

const changes: ApiChange[] = [
  { kind: 'path-added', subject: 'GET /mw2mw/devices/data', detail: '' },
  { kind: 'tag-added', subject: 'mw2mw.Query', detail: '' },
  { kind: 'path-added', subject: 'POST /mw2mw/query', detail: '' },
  { kind: 'definition-changed', subject: 'Response', detail: 'properties added: statusInfo' },
];

describe('groupChanges', () => {
  it('groups by kind in the differ order and drops empty groups', () => {
    expect(groupChanges(changes, '').map((g) => [g.kind, g.changes.length])).toEqual([
      ['tag-added', 1],
      ['path-added', 2],
      ['definition-changed', 1],
    ]);
  });

  it('filters by subject, any case', () => {
    const groups = groupChanges(changes, 'DEVICES');
    expect(groups.map((g) => g.changes.map((c) => c.subject))).toEqual([['GET /mw2mw/devices/data']]);
    expect(groupChanges(changes, 'nothing like it')).toEqual([]);
  });
});

describe('the API history slice', () => {
  const samples = [
    { version: '1.0', title: 'MW2MW', fileName: 'mw2mw-1.0.yaml', operations: 16, definitions: 7 },
    { version: '1.1', title: 'MW2MW', fileName: 'mw2mw-1.1.yaml', operations: 20, definitions: 13 },
  ];

  it('compares the last two shipped versions first, then what the user picks', async () => {
    const requests: ApiDiffRequest[] = [];
    const store = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          listApiSamples: async () => samples,
          diffApiDocuments: async (request) => {
            requests.push(request);
            return { from: '1.0', to: '1.1', changes };
          },
        }),
    });
    await store.getState().loadApiSamples();
    expect(requests).toEqual([{ old: { sample: '1.0' }, new: { sample: '1.1' } }]);
    expect(store.getState().apiDiffOp).toEqual({ state: 'done', message: '1.0 → 1.1: 4 changes' });
    await store.getState().chooseApiDocument('new', { kind: 'file', name: 'mine.yaml', text: 'swagger: "2.0"' });
    expect(requests[1]).toEqual({ old: { sample: '1.0' }, new: { text: 'swagger: "2.0"', name: 'mine.yaml' } });
  });

  it("keeps the server's position of a document it could not read", async () => {
    const store = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          diffApiDocuments: async () => {
            throw new ApiError('Not valid YAML: bad', 400, 'API_DOCUMENT_INVALID', [], 4, 7, { source: 'mine.yaml' });
          },
        }),
    });
    await store.getState().chooseApiDocument('old', { kind: 'sample', version: '1.0' });
    await store.getState().chooseApiDocument('new', { kind: 'file', name: 'mine.yaml', text: 'x: [' });
    expect(store.getState().apiDiffProblem).toEqual({ message: 'Not valid YAML: bad', source: 'mine.yaml', line: 4, column: 7 });
    expect(store.getState().apiDiff).toBeUndefined();
  });
});
