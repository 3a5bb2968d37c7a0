/**
 * Publishes every 200 ms until `received` holds, or fails after `ms`. A subscription starts on the
 * server some time after the client sent it (later still at CI load), and a message published
 * before that is rightly not delivered: one publish after a fixed pause was a flaky test.
 */
export async function publishUntil(publish: () => Promise<unknown>, received: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!received()) {
    if (Date.now() > deadline) throw new Error(`nothing received within ${ms} ms`);
    await publish();
    for (const waitUntil = Date.now() + 200; !received() && Date.now() < waitUntil;) await new Promise((r) => setTimeout(r, 20));
  }
}
