import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../apps/server/src/db/database.ts";
import { startTestSimulator, type TestSimulator } from "../apps/server/src/test-support/simulator.ts";
import { graphql } from "./support/api.ts";
import { startServer, type RunningServer } from "./support/server.ts";

/**
 * Fault test (ARCHITECTURE «Call path guarantees» "Nothing the call system reported is lost or doubled across
 * restarts of either side"): the server is killed with SIGKILL in the middle of a burst of
 * 2,000 events and started again on the same database; afterwards its calls equal the
 * controller's journal, call for call.
 */
const BURST_PAIRS = 1000;

type JournalEvent = { seq: number; type: string; data: { call_id: number } };

async function journalCalls(simulator: TestSimulator): Promise<{ calls: string[]; lastSeq: number }> {
  const calls = new Map<number, boolean>();
  let from = 0;
  let lastSeq = 0;
  for (;;) {
    const page = await simulator.get<{ events: JournalEvent[] } | JournalEvent[]>(`/api/journal?from=${from}&limit=10000`);
    const events = Array.isArray(page) ? page : page.events;
    if (events.length === 0) break;
    for (const event of events) {
      if (event.type === "call.opened") calls.set(event.data.call_id, false);
      if (event.type === "call.closed" && calls.has(event.data.call_id)) calls.set(event.data.call_id, true);
      lastSeq = event.seq;
    }
    from = lastSeq;
  }
  return { calls: [...calls].map(([id, closed]) => `${id}:${closed ? "closed" : "open"}`).sort(), lastSeq };
}

async function serverCalls(dataDir: string): Promise<{ calls: string[]; lastSeq: number }> {
  const db = openDatabase({ dataDir });
  try {
    // The position first: the server may commit between the two reads, and calls read after a
    // position are at least as new as it (read the other way round, a batch committed in between
    // counted in the position but not in the calls).
    const link = await db.kysely.selectFrom("callsystem_links").select("last_seq").where("system_id", "=", 1).executeTakeFirst();
    const rows = await db.kysely.selectFrom("calls").select(["external_id", "closed_at"]).execute();
    return { calls: rows.map((r) => `${r.external_id}:${r.closed_at === null ? "open" : "closed"}`).sort(), lastSeq: link?.last_seq ?? 0 };
  } finally {
    await db.close();
  }
}

describe("the call path survives a killed server", () => {
  let simulator: TestSimulator;
  let server: RunningServer;
  let devices: number[] = [];

  beforeAll(async () => {
    simulator = await startTestSimulator();
    server = await startServer({ KEEP_DATA: "1" });
    await graphql(
      server.baseUrl,
      `
        mutation ($port: Int) {
          createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: $port) {
            id
          }
        }
      `,
      {
        port: simulator.port,
      },
    );
    const config = await simulator.get<{ system_tree: { id: number; kind: string; is_enabled: boolean }[] }>("/api/config");
    devices = config.system_tree.filter((n) => n.kind === "device" && n.is_enabled).map((n) => n.id);
    expect(devices.length).toBeGreaterThan(20);
  });
  afterAll(async () => {
    await server?.stop();
    if (server) rmSync(server.dataDir, { recursive: true, force: true });
    await simulator?.stop();
  });

  it("SIGKILL during a burst of 2,000 events: afterwards the call log equals the journal", async () => {
    const dataDir = server.dataDir;
    let sent = 0;
    const burst = (async () => {
      for (let i = 0; i < BURST_PAIRS; i++) {
        const device = devices[i % devices.length] as number;
        await simulator.press(device, "alert");
        await simulator.press(device, "cancel");
        sent += 2;
      }
    })();
    // Kill the server once it is busy applying the burst.
    for (;;) {
      const { lastSeq } = await serverCalls(dataDir);
      if (lastSeq > 300) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    server.process.kill("SIGKILL");
    await new Promise((r) => server.process.once("exit", r));
    expect(sent).toBeLessThan(BURST_PAIRS * 2);
    await burst;

    server = await startServer({ DATA_DIR: dataDir, KEEP_DATA: "1" });
    const expected = await journalCalls(simulator);
    const deadline = Date.now() + 60_000;
    let actual = await serverCalls(dataDir);
    while (actual.lastSeq < expected.lastSeq && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      actual = await serverCalls(dataDir);
    }
    expect(actual.lastSeq).toBe(expected.lastSeq);
    // The comparison first: when it fails, its diff names the calls one side lacks.
    expect(actual.calls).toEqual(expected.calls);
    expect(expected.calls.length, "the journal holds every pressed call").toBeGreaterThanOrEqual(BURST_PAIRS);
  });
});
