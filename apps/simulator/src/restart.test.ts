import { appendFileSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ControllerConfig, OpenCall, SimEvent } from "@caresuite/protocol";
import { startSimulator } from "./simulator.ts";
import { api, openEvents, startTestSimulator, tempDataDir } from "./test-support.ts";

const journalOf = async (sim: { url: string }) =>
  (await api<{ events: SimEvent[]; last_seq: number; journal_id: string }>(sim, "GET", "/api/journal?limit=10000")).body;
const openCallsOf = async (sim: { url: string }) => (await api<{ calls: OpenCall[] }>(sim, "GET", "/api/calls/open")).body.calls;

describe("restarts lose nothing", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the journal, the open calls, presence and the next seq", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startTestSimulator({ dataDir });
    await api(first, "POST", "/api/devices/23/press", { kind: "alert" });
    await api(first, "POST", "/api/devices/10/press", { kind: "presence" });
    await api(first, "POST", "/api/devices/26/report", { battery: 9 });
    const before = await journalOf(first);
    const openBefore = await openCallsOf(first);
    await first.stop();

    const second = await startTestSimulator({ dataDir });
    try {
      const after = await journalOf(second);
      expect(after.events).toEqual(before.events);
      // Same journal: a client may go on from its last seq.
      expect(after.journal_id).toBe(before.journal_id);
      expect(await openCallsOf(second)).toEqual(openBefore);
      const config = (await api<ControllerConfig>(second, "GET", "/api/config")).body;
      expect(config.system_tree.find((node) => node.id === 26)?.battery).toBe(9);
      // Presence survived: pressing it again takes it back.
      const presence = (await api<{ events: SimEvent[] }>(second, "POST", "/api/devices/10/press", { kind: "presence" })).body.events;
      expect(presence[0]).toMatchObject({ type: "presence.off", seq: before.last_seq + 1 });
      expect(Date.parse(presence[0]?.at ?? "")).toBeGreaterThanOrEqual(Date.parse(before.events.at(-1)?.at ?? ""));
    } finally {
      await second.stop();
    }
  });

  it("keeps a published configuration and announces it once", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startTestSimulator({ dataDir });
    const { revision: _revision, ...body } = (await api<ControllerConfig>(first, "GET", "/api/config")).body;
    body.call_types = body.call_types.map((type) => (type.id === 4 ? { ...type, name: "Ruf" } : type));
    const job = (await api<{ job_id: string }>(first, "POST", "/api/config/publish", body)).body.job_id;
    for (let step = ""; step !== "done";) {
      step = (await api<{ step: string }>(first, "GET", `/api/config/publish/${job}`)).body.step;
      expect(step).not.toBe("failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.stop();

    const second = await startTestSimulator({ dataDir });
    try {
      const config = (await api<ControllerConfig>(second, "GET", "/api/config")).body;
      expect(config.revision).toBe(2);
      expect(config.call_types.find((type) => type.id === 4)?.name).toBe("Ruf");
      const announced = (await journalOf(second)).events.filter((event) => event.type === "config.changed").map((event) => event.data);
      expect(announced).toEqual([{ revision: 1 }, { revision: 2 }]);
    } finally {
      await second.stop();
    }
  });

  it("drops a torn last line (a crash mid-write) and never reuses its seq", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startTestSimulator({ dataDir });
    await api(first, "POST", "/api/devices/23/press", { kind: "alert" });
    const { last_seq } = await journalOf(first);
    await first.stop();
    appendFileSync(join(dataDir, "journal.jsonl"), `{"seq":${last_seq + 1},"type":"call.op`);

    const second = await startTestSimulator({ dataDir });
    try {
      expect((await journalOf(second)).last_seq).toBe(last_seq);
      expect(readFileSync(join(dataDir, "journal.jsonl"), "utf8").endsWith("\n")).toBe(true);
      const events = await openEvents(second, last_seq);
      await api(second, "POST", "/api/devices/24/press", { kind: "alert" });
      expect((await events.waitFor((event) => event.type === "call.opened")).seq).toBe(last_seq + 1);
      await events.close();
    } finally {
      await second.stop();
    }
  });

  it("gives a new data dir a new journal id (a client must start again from 0)", async () => {
    const one = await startTestSimulator();
    const two = await startTestSimulator();
    try {
      expect((await journalOf(one)).journal_id).not.toBe((await journalOf(two)).journal_id);
    } finally {
      await one.dispose();
      await two.dispose();
    }
  });

  it("refuses a second controller on the same data dir", async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startTestSimulator({ dataDir });
    try {
      await expect(startSimulator({ dataDir, port: 0 })).rejects.toThrow("in use");
    } finally {
      await first.stop();
    }
  });
});
