/**
 * The bounded poll every server and broker test needs (DEVELOPERS.md: a test that waits says what
 * it waited for and for how long): `check` until it answers something other than undefined.
 */
export async function waitUntil<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** `waitUntil` for a yes/no condition. */
export const waitUntilTrue = (what: string, check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<true> =>
  waitUntil(what, timeoutMs, async () => ((await check()) ? true : undefined));
