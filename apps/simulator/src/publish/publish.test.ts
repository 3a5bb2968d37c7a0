import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControllerConfig, SimEvent } from "@caresuite/protocol";
import { demoHospitalBody } from "../site/demo-hospital.ts";
import { api, eventually, openEvents, startTestSimulator, type TestSimulator } from "../test-support.ts";
import { OFF_THREAD_CHARS } from "@caresuite/protocol/validate/off-thread";
import { PUBLISH_STEPS, type PublishJobView } from "./publish-jobs.ts";

/** The current configuration as a publish body (what the server would send back). */
async function currentBody(sim: TestSimulator): Promise<Record<string, unknown>> {
  const { revision: _revision, ...body } = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
  return body;
}

async function waitForEnd(sim: TestSimulator, jobId: string): Promise<{ job: PublishJobView; seen: string[] }> {
  const seen: string[] = [];
  const job = await eventually(async () => {
    const { body } = await api<PublishJobView>(sim, "GET", `/api/config/publish/${jobId}`);
    if (seen.at(-1) !== body.step) seen.push(body.step);
    return body.step === "done" || body.step === "failed" ? body : undefined;
  }, 10_000);
  return { job, seen };
}

describe("publishing a configuration", () => {
  let sim: TestSimulator;
  beforeAll(async () => {
    // Slow enough steps that a poller sees them, and a second publish meets a running one.
    sim = await startTestSimulator({ publishStepMs: 80 });
  });
  afterAll(() => sim.dispose());

  it("walks the spec's send steps to done and swaps the configuration in", async () => {
    const body = await currentBody(sim);
    const sections = body["sections"] as { id: number; name: string }[];
    body["sections"] = sections.map((record) => (record.id === 3 ? { ...record, name: "Station 3 Demenz" } : record));
    const events = await openEvents(sim, (await api<{ last_seq: number }>(sim, "GET", "/api/journal?limit=1")).body.last_seq);
    const before = (await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision;

    const started = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
    expect(started.status).toBe(202);
    const { job, seen } = await waitForEnd(sim, started.body.job_id);

    expect(job).toMatchObject({ step: "done", progress: 100, revision: before + 1 });
    // Steps come in the spec's order (a poller may miss short ones, never reorder them).
    const order = seen.map((step) => PUBLISH_STEPS.indexOf(step as (typeof PUBLISH_STEPS)[number]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(seen).toContain("sending");
    const changed = await events.waitFor((event) => event.type === "config.changed");
    expect(changed.data).toEqual({ revision: before + 1 });
    const after = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
    expect(after.revision).toBe(before + 1);
    expect(after.sections.find((record) => record.id === 3)?.name).toBe("Station 3 Demenz");
    await events.close();
  });

  it("refuses a second publish while one runs (409), and keeps handling calls meanwhile", async () => {
    const body = await currentBody(sim);
    const first = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
    const second = await api<{ error: string; job_id: string }>(sim, "POST", "/api/config/publish", body);
    expect(second.status).toBe(409);
    expect(second.body.job_id).toBe(first.body.job_id);
    // "the call system keeps working throughout" (ARCHITECTURE «Product rules»).
    const pressed = await api<{ events: SimEvent[] }>(sim, "POST", "/api/devices/23/press", { kind: "emergency" });
    expect(pressed.body.events.map((event) => event.type)).toEqual(["call.opened"]);
    expect((await waitForEnd(sim, first.body.job_id)).job.step).toBe("done");
    await api(sim, "POST", "/api/devices/23/actions", { action: "EndCalls" });
  });

  it("fails an invalid configuration with the spec's wording and keeps the old one", async () => {
    const before = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
    const body = await currentBody(sim);
    const nodes = body["system_tree"] as { id: number; serial: string | null }[];
    body["system_tree"] = nodes.map((node) => (node.id === 24 ? { ...node, serial: nodes.find((other) => other.id === 23)?.serial } : node));
    const started = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
    const { job } = await waitForEnd(sim, started.body.job_id);
    expect(job).toMatchObject({ step: "failed", error: "duplicated serial" });
    expect(job.detail).toContain("nodes 23 and 24");
    expect((await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision).toBe(before.revision);
  });

  it("ends the calls of devices a publish removes, and keeps the hardware's live values", async () => {
    const opened = (await api<{ events: SimEvent[] }>(sim, "POST", "/api/devices/27/press", { kind: "alert" })).body.events[0];
    await api(sim, "POST", "/api/devices/23/report", { battery: 7 });
    const body = await currentBody(sim);
    const nodes = body["system_tree"] as { id: number; battery: number | null }[];
    // Node 27 goes; node 23's battery in the body is stale: the controller's reading wins.
    body["system_tree"] = nodes.filter((node) => node.id !== 27).map((node) => (node.id === 23 ? { ...node, battery: 99 } : node));
    const events = await openEvents(sim, opened?.seq ?? 0);
    const started = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
    expect((await waitForEnd(sim, started.body.job_id)).job.step).toBe("done");
    const closed = await events.waitFor((event) => event.type === "call.closed" && event.data.call_id === opened?.seq);
    expect(closed.data).toMatchObject({ reason: "reset", device_id: 27 });
    const after = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
    expect(after.system_tree.find((node) => node.id === 23)?.battery).toBe(7);
    expect(after.system_tree.some((node) => node.id === 27)).toBe(false);
    await events.close();
  });

  it("accepts the demo hospital itself as a publish", async () => {
    const started = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", demoHospitalBody(Date.now()));
    expect((await waitForEnd(sim, started.body.job_id)).job.step).toBe("done");
  });

  it.each([
    ["no body", undefined],
    ["an array", []],
    ["a collection that is not an array", { ...demoHospitalBody(0), sections: "all" }],
    ["a missing collection", { system_tree: [] }],
    ["records that are not objects", { ...demoHospitalBody(0), call_types: [1, 2] }],
  ])("answers 400 to a body with %s", async (_case, body) => {
    const response = await api<{ error: string }>(sim, "POST", "/api/config/publish", body === undefined ? undefined : body);
    expect(response.status).toBe(400);
  });

  it("answers 404 for an unknown job", async () => {
    expect((await api(sim, "GET", "/api/config/publish/nope")).status).toBe(404);
  });
});

describe("publishing at a real controller's pace", () => {
  it("takes the record time per record while sending, and holds the old configuration until finishing", async () => {
    const sim = await startTestSimulator({ publishStepMs: 40, publishRecordMs: 2 });
    try {
      const body = await currentBody(sim);
      const records = Object.values(body).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 0), 0);
      const before = (await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision;
      const started = performance.now();
      const job = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
      // While sending, the controller still runs (and answers with) its previous configuration.
      await eventually(
        async () => ((await api<PublishJobView>(sim, "GET", `/api/config/publish/${job.body.job_id}`)).body.step === "sending" ? true : undefined),
        5_000,
      );
      expect((await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision).toBe(before);
      expect((await waitForEnd(sim, job.body.job_id)).job.step).toBe("done");
      // 9 step units and 1.25 record times per record (sending in full, syncing a quarter).
      expect(performance.now() - started).toBeGreaterThanOrEqual(9 * 40 + records * 2 * 1.25 - 50);
    } finally {
      await sim.dispose();
    }
  });

  it("abandons a job nobody polls before its swap: the previous configuration stays", async () => {
    const sim = await startTestSimulator({ publishStepMs: 100, publishLeaseMs: 150 });
    try {
      const before = (await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision;
      const job = await api<{ job_id: string }>(sim, "POST", "/api/config/publish", await currentBody(sim));
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const { body } = await api<PublishJobView>(sim, "GET", `/api/config/publish/${job.body.job_id}`);
      expect(body).toMatchObject({ step: "failed", error: "interrupted" });
      expect((await api<ControllerConfig>(sim, "GET", "/api/config")).body.revision).toBe(before);
      // The next publish is taken at once.
      expect((await api(sim, "POST", "/api/config/publish", await currentBody(sim))).status).toBe(202);
    } finally {
      await sim.dispose();
    }
  });
});

describe("publishing a large configuration", () => {
  it("validates it off the event loop: calls are handled meanwhile, and readings from during the publish are kept", async () => {
    const sim = await startTestSimulator({ siteNodes: 3000, traffic: false, publishStepMs: 60 });
    try {
      const body = await currentBody(sim);
      expect(JSON.stringify(body).length).toBeGreaterThanOrEqual(OFF_THREAD_CHARS);
      const device = (body["system_tree"] as { id: number; kind: string; serial: string | null }[]).find((node) => node.kind === "device" && node.serial);
      if (!device) throw new Error("the generated site has devices");
      const publishing = api<{ job_id: string }>(sim, "POST", "/api/config/publish", body);
      // A press and a battery reading while the body is checked and the steps run.
      const pressed = await api<{ events: SimEvent[] }>(sim, "POST", `/api/devices/${device.id}/press`, { kind: "alert" });
      expect(pressed.body.events.map((event) => event.type)).toEqual(["call.opened"]);
      const started = await publishing;
      expect(started.status).toBe(202);
      await api(sim, "POST", `/api/devices/${device.id}/report`, { battery: 11 });
      expect((await waitForEnd(sim, started.body.job_id)).job.step).toBe("done");
      const after = (await api<ControllerConfig>(sim, "GET", "/api/config")).body;
      expect(after.system_tree.find((node) => node.id === device.id)?.battery).toBe(11);
    } finally {
      await sim.dispose();
    }
  });

  it("answers 400 to a large body that is not a publish body", async () => {
    const sim = await startTestSimulator({ siteNodes: 3000, traffic: false });
    try {
      const body = { ...(await currentBody(sim)), sections: "all" };
      const response = await api<{ error: string; issues: { path: string }[] }>(sim, "POST", "/api/config/publish", body);
      expect(response.status).toBe(400);
      expect(response.body.issues[0]?.path).toBe("sections");
    } finally {
      await sim.dispose();
    }
  });
});
