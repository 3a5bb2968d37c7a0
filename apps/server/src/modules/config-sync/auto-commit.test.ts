import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_MESSAGES_TOPIC, type SystemMessage } from "../../realtime/topics.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { startLinkedSystem, until, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { autoCommitTimings, clearAutoCommits } from "./auto-commit.ts";
import { publishTimings } from "./config-sync.service.ts";
import { publishRuns } from "./publish-runs.ts";

const RENAME_SECTION = `mutation ($name: String!) { updateSection(id: 3, data: { name: $name }) { id name } }`;
/**
 * The quiet period in real time: long enough that two edits a test makes "in a row" stay inside it
 * on a loaded machine (at 150 ms a slow mutation let the publish start between them).
 */
const QUIET_MS = 800;

/**
 * The system parameter auto_commit (docs/decisions/031-auto-commit): on, a saved change publishes
 * itself after a quiet period; off, it waits for a publish by hand.
 */
describe.each(TEST_DIALECTS)("auto-commit on %s", (dialect) => {
  let linked: LinkedSystem;
  const quiet = autoCommitTimings.quietMs;
  const retry = autoCommitTimings.retryMs;
  beforeAll(async () => {
    publishTimings.pollMs = 30;
    autoCommitTimings.quietMs = QUIET_MS;
    autoCommitTimings.retryMs = 200;
    linked = await startLinkedSystem(dialect);
  });
  afterEach(() => clearAutoCommits());
  afterAll(async () => {
    autoCommitTimings.quietMs = quiet;
    autoCommitTimings.retryMs = retry;
    await linked.close();
  });

  /** The test server's clock stands still: the quiet period passes when the test says so. */
  const tick = (ms = 1000): void => {
    linked.server.clock.now += ms;
  };
  const theirName = async (): Promise<{ revision: number; name: string | undefined }> => {
    const config = await linked.simulator.get<{ revision: number; sections: { id: number; name: string }[] }>("/api/config");
    return { revision: config.revision, name: config.sections.find((s) => s.id === 3)?.name };
  };
  const setAutoCommit = (on: boolean) =>
    linked.server.db.kysely
      .updateTable("systems")
      .set({ auto_commit: on ? 1 : 0 })
      .where("id", "=", 1)
      .execute();
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const commits = async () =>
    (await linked.server.db.kysely.selectFrom("audit_logs").select(["user_id", "meta"]).where("action", "=", "gets_committed").orderBy("id").execute()).map(
      (row) => ({ user_id: row.user_id, meta: JSON.parse(row.meta ?? "{}") as Record<string, unknown> }),
    );

  it("off (the default): a change waits for a publish by hand", async () => {
    await until(theirName, (t) => t.revision > 0);
    const before = await theirName();
    tick();
    expect((await linked.admin.gql(RENAME_SECTION, { name: "Station 3 von Hand" })).errors).toBeUndefined();
    tick(60_000);
    await sleep(QUIET_MS * 4);
    expect(await theirName()).toEqual(before);
    expect(await commits()).toEqual([]);
  });

  it("on: edits in a row make one publish after the quiet period, pushed as a sync job with auto_commit true, audited as nobody's", async () => {
    await setAutoCommit(true);
    const before = await theirName();
    const pushes = linked.server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC);
    const starts: Record<string, unknown>[] = [];
    const collected = (async () => {
      for await (const message of pushes) {
        const { subject, payload } = message as SystemMessage;
        if (subject === "getshttp.start") starts.push(JSON.parse(payload) as Record<string, unknown>);
        if (subject === "getsconfig.commit_done") return JSON.parse(payload) as { result: string };
      }
      return null;
    })();
    tick();
    await linked.admin.gql(RENAME_SECTION, { name: "Station 3 automatisch" });
    // Not yet: the administrator is still at it.
    await sleep(QUIET_MS / 3);
    tick(10_000);
    await linked.admin.gql(RENAME_SECTION, { name: "Station 3 automatisch 2" });
    expect(await theirName()).toEqual(before);
    tick(31_000);

    expect(await collected).toEqual({ system_id: 1, result: "done", error: null });
    expect(starts).toEqual([{ system_id: 1, id: expect.any(String) as string, action: "publish", auto_commit: true }]);
    expect(await theirName()).toEqual({ revision: before.revision + 1, name: "Station 3 automatisch 2" });
    expect(await commits()).toEqual([{ user_id: null, meta: expect.objectContaining({ auto_commit: true }) as Record<string, unknown> }]);
    // One publish for both edits.
    await sleep(QUIET_MS * 3);
    expect((await theirName()).revision).toBe(before.revision + 1);
  });

  it("on: skipped while a publish runs, and done after it", async () => {
    const before = await theirName();
    tick();
    await linked.admin.gql(RENAME_SECTION, { name: "Station 3 danach" });
    tick(31_000);
    // A publish of this system runs (as one started by hand does, before its commit start is stored).
    const run = publishRuns.claim(1, linked.server.clock.now);
    if (!run) throw new Error("no publish runs");
    await sleep(QUIET_MS * 3);
    expect(await theirName()).toEqual(before);
    publishRuns.release(1);
    publishRuns.ended(run, "failed");
    await until(theirName, (t) => t.name === "Station 3 danach");
    await until(
      () => readAppState(linked.server.db.kysely),
      (s) => s.commit_started_at === null,
    );
  });

  it("on: a configuration whose auto publish failed is not sent again by itself; the next change is", async () => {
    const before = await theirName();
    await linked.simulator.post("/api/debug/fail", { status: 500 });
    try {
      tick();
      await linked.admin.gql(RENAME_SECTION, { name: "Station 3 abgelehnt" });
      tick(31_000);
      await until(
        () => readAppState(linked.server.db.kysely),
        (s) => s.last_commit_error === "the call system refused the publish",
      );
    } finally {
      await linked.simulator.post("/api/debug/fail", { status: 0 });
    }
    await until(
      async () => linked.server.links?.get(1)?.state().connected === true,
      (connected) => connected,
    );
    // Well past the retry time: no second attempt for the same configuration.
    tick(120_000);
    await sleep(600);
    expect(await theirName()).toEqual(before);

    tick();
    await linked.admin.gql(RENAME_SECTION, { name: "Station 3 neuer Versuch" });
    tick(31_000);
    await until(theirName, (t) => t.name === "Station 3 neuer Versuch");
    await until(
      () => readAppState(linked.server.db.kysely),
      (s) => s.commit_started_at === null && s.last_commit_error === null,
    );
  });
});
