/**
 * Polls `probe` until `ok` holds (probe errors count as "not yet"), or fails after `ms` with the
 * last value seen. Browser tests wait on the server this way, not on fixed sleeps.
 */
export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
