// @vitest-environment jsdom
/**
 * A failed channel's reason is shown in the channel list (issue 14: `reason` was in neither the
 * OpenAPI document nor the renderer's type, so nothing showed why a channel failed).
 */
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChannelInfo } from '../../api/index.js';
import { channelInfo, fakeApi } from '../../store/fake-api.test-support.js';
import { createWorkbenchStore, WorkbenchProvider } from '../../store/index.js';
import { ChannelTable } from './ChannelTable.js';

afterEach(cleanup);

const channel = channelInfo;

async function renderWith(channels: ChannelInfo[]) {
  const store = createWorkbenchStore({ makeApi: () => fakeApi({ listChannels: async () => channels }) });
  await act(async () => {
    await store.getState().loadChannels();
  });
  render(createElement(WorkbenchProvider, { store, children: createElement(ChannelTable) }));
}

describe('ChannelTable', () => {
  it("shows a failed channel's reason in its row", async () => {
    const reason = 'cannot consume topic "s2" over nats: connection refused';
    await renderWith([channel(1, {}), channel(2, { status: 'failed', reason })]);
    const rows = screen.getAllByTestId('channel-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('channel-reason').textContent).toBe(reason);
    expect(within(rows[1]!).getByText('failed')).toBeTruthy();
    expect(within(rows[0]!).queryByTestId('channel-reason')).toBeNull();
  });

  it("shows each channel's transports, and a broker the server cannot reach next to the channels using it", async () => {
    const store = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          listChannels: async () => [channel(1, { chanType: 'MN' }), channel(2, { chanType: 'EE' })],
          getVersion: async () => ({
            name: 'mediator-workbench',
            version: '1',
            compatibleWith: 'ipsm-core 0.8.10',
            transports: [
              { kind: 'mqtt', letter: 'M', default: true, reachable: true },
              { kind: 'embedded', letter: 'E', default: false, reachable: true },
              { kind: 'nats', letter: 'N', default: false, reachable: false, reason: 'connection refused' },
            ],
          }),
        }),
    });
    await act(async () => {
      await store.getState().checkServer();
      await store.getState().loadChannels();
    });
    render(createElement(WorkbenchProvider, { store, children: createElement(ChannelTable) }));
    const cells = screen.getAllByTestId('channel-transport');
    expect(cells.map((c) => c.textContent)).toEqual(['MQTT → NATS JetStreamNATS JetStream broker unreachable', 'Embedded bus']);
  });
});
