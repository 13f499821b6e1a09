/**
 * Who may call an IPC handler: only our window's webContents, and only while its frame shows a page
 * of the server's origin (Electron security checklist, "Validate the sender of all IPC messages").
 * A page that navigated elsewhere, an iframe of another origin, or any other webContents is refused.
 */

/** The parts of Electron's `WebFrameMain` the check reads. */
export interface SenderFrameLike {
  readonly url: string;
}

/** The parts of Electron's `IpcMainInvokeEvent` the check reads. */
export interface IpcSenderEventLike {
  readonly sender: unknown;
  readonly senderFrame: SenderFrameLike | null;
}

export interface TrustedSender {
  /** Origin of the server the window shows, e.g. `http://127.0.0.1:8888`. */
  readonly origin: string;
  /** Our window's webContents, or undefined while there is no window. */
  webContents(): unknown;
}

/** The origin of a URL, or undefined when it has none (`about:blank`, `file:`, malformed). */
export function originOf(url: string): string | undefined {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

export type SenderVerdict = { readonly trusted: true } | { readonly trusted: false; readonly reason: string };

export function checkSender(event: IpcSenderEventLike, trusted: TrustedSender): SenderVerdict {
  const ours = trusted.webContents();
  if (ours === undefined || event.sender !== ours) return { trusted: false, reason: 'not our window' };
  // senderFrame is null when the frame has navigated or been destroyed since it sent the message.
  if (event.senderFrame === null) return { trusted: false, reason: 'sender frame is gone' };
  const origin = originOf(event.senderFrame.url);
  if (origin === undefined || origin !== originOf(trusted.origin)) {
    return { trusted: false, reason: `frame origin ${origin ?? 'none'} is not ${trusted.origin}` };
  }
  return { trusted: true };
}

export function isTrustedSender(event: IpcSenderEventLike, trusted: TrustedSender): boolean {
  return checkSender(event, trusted).trusted;
}
