import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_MESSAGES_TOPIC, type SystemMessage } from "../../realtime/topics.ts";
import type { CallSystemLink } from "../../callsystem/link.ts";
import type { RequestContext } from "../../context.ts";
import {
  followPublish,
  GETS_HTTP_ERROR_TOPIC,
  type GetsHttpError,
  markInterruptedPublish,
  publishTimings,
  RESTART_ERROR,
  SYNC_TIMEOUT_ERROR,
} from "./config-sync.service.ts";
import { publishRuns } from "./publish-runs.ts";
import { readAppState, updateAppState } from "../appdata/app-state.repo.ts";
import { startLinkedSystem, until, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { startTestSimulator } from "../../test-support/simulator.ts";

interface Changelog {
  status: string;
  error: string | null;
  progress: number;
  step: string | null;
  config: { revision: number | null; last_commit: string | null };
  changelog: { id: string; entity_id: number; entity_kind: string; state: string; changes: { field: string; ours: string | null; theirs: string | null }[] }[];
}

const CHANGELOG = `{ configChangelog { status error progress step config { revision last_commit } changelog { id entity_id entity_kind state changes { field ours theirs } } } }`;
const RENAME_SECTION = `mutation ($name: String!) { updateSection(id: 3, data: { name: $name }) { id name } }`;
type JournalEvent = { seq: number; type: string; data: { call_id: number } };

/**
 * Configuration sync against the virtual controller (docs/decisions/028): ours versus theirs,
 * import, publish and the commit state.
 */
describe.each(TEST_DIALECTS)("configuration sync on %s", (dialect) => {
  let linked: LinkedSystem;
  beforeAll(async () => {
    publishTimings.pollMs = 30;
    linked = await startLinkedSystem(dialect);
  });
  afterAll(() => linked.close());

  const changelog = async (): Promise<Changelog> => {
    const answer = await linked.admin.gql<{ configChangelog: Changelog }>(CHANGELOG);
    if (!answer.data) throw new Error(JSON.stringify(answer.errors));
    return answer.data.configChangelog;
  };
  /** The test server's clock stands still: each step happens a second after the last. */
  const tick = (): void => {
    linked.server.clock.now += 1000;
  };
  const controllerRevision = async (): Promise<number> => (await linked.simulator.get<{ revision: number }>("/api/config")).revision;
  /**
   * publishConfig once the link to the controller is up. After a fault or a publish the link may
   * still report connected just before it drops and reconnects: the publish is asked again while
   * the answer is not_connected (which pushes nothing and starts nothing).
   */
  const publishWhenLinked = () =>
    until(
      () => linked.admin.gql<{ publishConfig: boolean }>("mutation { publishConfig }"),
      (answer) => answer.errors?.[0]?.extensions?.["reason"] !== "not_connected",
      20_000,
    );

  it("is in sync after the first import: ours in the controller's shape equals theirs", async () => {
    const log = await until(changelog, (l) => l.status === "in-sync");
    expect(log.changelog).toEqual([]);
  });

  it("lists a local rename as updated with its field diff, and needs a commit", async () => {
    tick();
    const pushes = linked.server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC);
    const changed = (async () => {
      for await (const message of pushes) {
        const { subject, payload } = message as SystemMessage;
        if (subject === "getsconfig.changed") return JSON.parse(payload) as unknown;
      }
      return null;
    })();
    const renamed = await linked.admin.gql(RENAME_SECTION, { name: "Station 3 neu" });
    expect(renamed.errors).toBeUndefined();
    // Every open browser learns of the change at once (docs/decisions/026).
    expect(await changed).toEqual({ system_id: 1, changed_at: new Date((await readAppState(linked.server.db.kysely)).last_gets_change).toISOString() });
    const log = await changelog();
    expect(log.status).toBe("needs-commit");
    // An update names what it changes: the rename differs in its name only.
    expect(log.changelog.map((e) => [e.id, e.entity_kind, e.state])).toEqual([["sections:3", "sections", "updated"]]);
    expect(log.changelog[0]?.changes).toEqual([{ field: "name", ours: JSON.stringify("Station 3 neu"), theirs: expect.any(String) as string }]);
  });

  it("keeps the local edit when the controller's configuration changes meanwhile, and imports it on request", async () => {
    const { simulator, server } = linked;
    tick();
    const { revision: _r, ...body } = await simulator.get<Record<string, unknown> & { call_types: { id: number; name: string }[] }>("/api/config");
    body.call_types = body.call_types.map((record) => (record.id === 4 ? { ...record, name: "Patientenruf extern" } : record));
    const { job_id } = await simulator.post<{ job_id: string }>("/api/config/publish", body);
    await until(
      () => simulator.get<{ step: string }>(`/api/config/publish/${job_id}`),
      (job) => job.step === "done",
    );
    // Theirs arrives (config.changed) but ours keeps the unpublished rename.
    const log = await until(changelog, (l) => l.changelog.some((e) => e.id === "call_types:4"));
    expect(log.changelog.find((e) => e.id === "call_types:4")?.changes.map((c) => c.field)).toEqual(["name"]);
    const sections = await linked.admin.gql<{ sections: { items: { id: number; name: string }[] } }>(
      "{ sections(filter: { limit: 100 }) { items { id name } } }",
    );
    expect(sections.data?.sections.items.find((item) => item.id === 3)?.name).toBe("Station 3 neu");

    tick();
    const imported = await linked.admin.gql<{ importConfigChanges: number }>("mutation { importConfigChanges }");
    expect(imported.data?.importConfigChanges).toBe(2);
    expect((await changelog()).changelog).toEqual([]);
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["meta", "user_id"])
      .where("action", "=", "gets_imported")
      .orderBy("id", "desc")
      .executeTakeFirst();
    expect(JSON.parse(audit?.meta ?? "{}")).toMatchObject({ count: 2 });
    expect(audit?.user_id).not.toBeNull();
  });

  it("refuses a publish whose configuration the controller would refuse, naming the records", async () => {
    const { server } = linked;
    const devices = await server.db.kysely
      .selectFrom("system_tree_nodes")
      .select(["id", "serial"])
      .where("system_id", "=", 1)
      .where("kind", "=", "device")
      .where("serial", "is not", null)
      .orderBy("id")
      .limit(2)
      .execute();
    const [first, second] = devices;
    if (!first || !second) throw new Error("the demo site has devices with serials");
    await server.db.kysely.updateTable("system_tree_nodes").set({ serial: first.serial }).where("system_id", "=", 1).where("id", "=", second.id).execute();
    const answer = await publishWhenLinked();
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", reason: "config_invalid" });
    expect(answer.errors?.[0]?.message).toContain("duplicated serial");
    expect(answer.errors?.[0]?.message).toContain(String(second.id));
    await server.db.kysely.updateTable("system_tree_nodes").set({ serial: second.serial }).where("system_id", "=", 1).where("id", "=", second.id).execute();
    expect((await readAppState(server.db.kysely)).commit_started_at).toBeNull();
  });

  it("publishes: a second publish and configuration changes are refused meanwhile, no call is lost, and afterwards all is in sync", async () => {
    const { simulator, server, admin } = linked;
    tick();
    await admin.gql(RENAME_SECTION, { name: "Station 3 publiziert" });
    tick();
    const before = await controllerRevision();
    const devices = (await simulator.get<{ system_tree: { id: number; kind: string }[] }>("/api/config")).system_tree
      .filter((n) => n.kind === "device")
      .slice(0, 6);

    const pushes = server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC);
    const subjects: string[] = [];
    const collected = (async () => {
      for await (const message of pushes) {
        const { subject, payload } = message as SystemMessage;
        if (!subject.startsWith("getsconfig.") && !subject.startsWith("getshttp.")) continue;
        subjects.push(subject);
        if (subject === "getsconfig.commit_done") return JSON.parse(payload) as { result: string; error: string | null };
      }
      return null;
    })();
    // The controller's publish takes ~200 ms here; the server's first look at it waits 3 s, so the
    // publish is still running while the two refusals below are asked, however loaded the machine.
    publishTimings.pollMs = 3_000;
    const started = await publishWhenLinked().finally(() => (publishTimings.pollMs = 30));
    expect(started.data?.publishConfig).toBe(true);
    const second = await admin.gql("mutation { publishConfig }");
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "publish_running" });
    const edit = await admin.gql(RENAME_SECTION, { name: "während" });
    expect(edit.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "config_committing" });
    // Calls keep flowing while the controller publishes.
    for (const device of devices) await simulator.press(device.id, "alert");

    expect(await collected).toEqual({ system_id: 1, result: "done", error: null });
    expect(subjects.slice(0, 3)).toEqual(["getsconfig.commit", "getshttp.start", "getshttp.finished"]);
    expect(subjects).toContain("getsconfig.progress");
    const state = await readAppState(server.db.kysely);
    expect(state.last_gets_commit).toBeGreaterThan(0);
    expect(state.last_commit_error).toBeNull();
    expect(await controllerRevision()).toBe(before + 1);
    const log = await until(changelog, (l) => l.status === "in-sync");
    expect(log.changelog).toEqual([]);
    expect((await simulator.get<{ sections: { id: number; name: string }[] }>("/api/config")).sections.find((s) => s.id === 3)?.name).toBe(
      "Station 3 publiziert",
    );
    const committed = await server.db.kysely.selectFrom("audit_logs").select("meta").where("action", "=", "gets_committed").execute();
    expect(committed.length).toBe(1);

    // No call lost: the controller's journal and our calls agree, call for call.
    const journal = async (): Promise<string[]> => {
      const page = await simulator.get<{ events: JournalEvent[] }>("/api/journal?from=0&limit=10000");
      return [...new Set(page.events.filter((e) => e.type === "call.opened").map((e) => String(e.data.call_id)))].sort();
    };
    const expected = await journal();
    expect(expected.length).toBeGreaterThanOrEqual(devices.length);
    const ours = await until(
      async () =>
        (await server.db.kysely.selectFrom("calls").select("external_id").where("system_id", "=", 1).execute()).map((r) => String(r.external_id)).sort(),
      (list) => list.length >= expected.length,
    );
    expect(ours).toEqual(expected);
  });

  it("pushes getsHTTPError without credentials when the controller refuses the publish (one runs there already)", async () => {
    const { simulator, server } = linked;
    const errors = server.pubsub.subscribe(GETS_HTTP_ERROR_TOPIC);
    const first = errors.next();
    const { revision: _r, ...body } = await simulator.get<Record<string, unknown>>("/api/config");
    await simulator.post("/api/config/publish", body);
    const answer = await publishWhenLinked();
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: "CONFLICT", reason: "publish_running" });
    const pushed = (await first).value as Record<string, unknown>;
    await errors.return(undefined);
    expect(pushed).toMatchObject({ action: "publish", success: false, url: simulator.url });
    expect(JSON.stringify(pushed)).not.toContain("admin:admin");
    expect((await readAppState(server.db.kysely)).commit_started_at).toBeNull();
    await until(
      async () => (await simulator.get<{ publishing: unknown }>("/api/status")).publishing,
      (publishing) => publishing === null,
    );
  });

  it("ends as failed when the controller answers 500: refused at the start, or stopped answering mid-publish; nothing half-applied", async () => {
    const { simulator, server, admin } = linked;
    const before = await controllerRevision();
    const errors = server.pubsub.subscribe(GETS_HTTP_ERROR_TOPIC);
    const first = errors.next();
    await simulator.post("/api/debug/fail", { status: 500, path: "/api/config" });
    try {
      const refused = await publishWhenLinked();
      expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "CONFLICT", reason: "publish_refused" } });
      expect((await first).value as GetsHttpError).toMatchObject({ checks: "controller_error", message: expect.stringContaining("HTTP 5xx") as string });
    } finally {
      await errors.return(undefined);
      await simulator.post("/api/debug/fail", { status: 0 });
    }
    let state = await readAppState(server.db.kysely);
    expect(state.commit_started_at).toBeNull();
    expect(state.last_commit_error).toBe("the call system refused the publish");
    expect(await controllerRevision()).toBe(before);

    // Mid-publish: the polls meet 500 until the server gives up. (The link may have dropped
    // during the fault: the publish waits until it is back.)
    const failures = publishTimings.maxPollFailures;
    publishTimings.maxPollFailures = 5;
    try {
      tick();
      expect((await admin.gql(RENAME_SECTION, { name: "Station 3 bei 500" })).errors).toBeUndefined();
      tick();
      expect((await publishWhenLinked()).data?.publishConfig).toBe(true);
      await simulator.post("/api/debug/fail", { status: 500, path: "/api/config" });
      await until(
        () => readAppState(server.db.kysely),
        (s) => s.commit_started_at === null,
      );
    } finally {
      publishTimings.maxPollFailures = failures;
      await simulator.post("/api/debug/fail", { status: 0 });
    }
    state = await readAppState(server.db.kysely);
    expect(state.last_commit_error).toBe("the call system stopped answering during the publish");
    expect(publishRuns.get(1)).toBeUndefined();
    // The controller runs the previous configuration or (its swap is whole) the new one, never a part.
    const theirs = await simulator.get<{ revision: number; sections: { id: number; name: string }[] }>("/api/config");
    expect([before, before + 1]).toContain(theirs.revision);
    expect(theirs.sections.find((s) => s.id === 3)?.name).toBe(theirs.revision === before ? "Station 3 publiziert" : "Station 3 bei 500");
    // Changes are possible again.
    tick();
    expect((await admin.gql(RENAME_SECTION, { name: "Station 3 danach" })).errors).toBeUndefined();
  });

  it("ends as failed when the controller goes away mid-publish; after it is back it runs the previous configuration and a retry publishes", async () => {
    const { server, admin } = linked;
    tick();
    await admin.gql(RENAME_SECTION, { name: "Station 3 nach Ausfall" });
    tick();
    const before = await controllerRevision();
    const { port, dataDir } = linked.simulator;
    // The link comes back after the faults of the test before.
    expect(await publishWhenLinked()).toEqual({ data: { publishConfig: true } });
    await linked.simulator.stop(false);
    const failed = await until(
      () => readAppState(server.db.kysely),
      (s) => s.commit_started_at === null,
    );
    expect(failed.last_commit_error).toMatch(/call system (stopped answering|no longer knows the job)/);
    expect(publishRuns.get(1)).toBeUndefined();

    linked.simulator = await startTestSimulator({ port, dataDir });
    const back = await linked.simulator.get<{ revision: number; sections: { id: number; name: string }[] }>("/api/config");
    expect(back.revision).toBe(before);
    expect(back.sections.find((s) => s.id === 3)?.name).not.toBe("Station 3 nach Ausfall");
    tick();
    expect((await publishWhenLinked()).data?.publishConfig).toBe(true);
    const done = await until(
      () => readAppState(server.db.kysely),
      (s) => s.commit_started_at === null,
    );
    expect(done.last_commit_error).toBeNull();
    expect(await controllerRevision()).toBe(before + 1);
  });

  it("ends as failed with the spec's sync timeout when the configurator never leaves init", async () => {
    const { server } = linked;
    const startTimeout = publishTimings.startTimeoutMs;
    publishTimings.startTimeoutMs = 100;
    try {
      const run = publishRuns.claim(99, server.clock.now);
      if (!run) throw new Error("system 99 runs no publish");
      run.job_id = "stuck";
      // A controller that took the job but whose configurator never starts.
      const link = { publishJob: async () => ({ job_id: "stuck", step: "init", progress: 0 }), url: () => "http://127.0.0.1:1" } as unknown as CallSystemLink;
      const ctx = { db: server.db, bus: server.pubsub, now: () => server.clock.now, user: { id: 1 } } as unknown as RequestContext;
      await followPublish(ctx, link, run);
      expect((await readAppState(server.db.kysely)).last_commit_error).toBe(SYNC_TIMEOUT_ERROR);
      expect(publishRuns.get(99)).toBeUndefined();
    } finally {
      publishTimings.startTimeoutMs = startTimeout;
    }
  });

  it("ends a publish a restart interrupted as failed, with the controller's configuration untouched", async () => {
    const { server } = linked;
    const revision = await controllerRevision();
    tick();
    const now = server.clock.now;
    // As a restart leaves it: a commit start stored, no live job in the new process.
    await updateAppState(server.db.kysely, { commit_started_at: now }, now);
    expect((await linked.admin.gql(RENAME_SECTION, { name: "blockiert" })).errors?.[0]?.extensions).toMatchObject({ reason: "config_committing" });
    expect(await markInterruptedPublish(server.db.kysely, now)).toBe(true);
    const state = await readAppState(server.db.kysely);
    expect(state.commit_started_at).toBeNull();
    expect((await changelog()).error).toBe(RESTART_ERROR);
    expect(await controllerRevision()).toBe(revision);
    // The publish can be retried: changes are allowed again.
    expect((await linked.admin.gql(RENAME_SECTION, { name: "wieder frei" })).errors).toBeUndefined();
  });
});
