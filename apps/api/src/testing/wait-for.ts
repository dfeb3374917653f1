/** Polls `check` every 100 ms until it gives a value (returned), or fails after `ms`. */
export async function waitFor<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 20_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
