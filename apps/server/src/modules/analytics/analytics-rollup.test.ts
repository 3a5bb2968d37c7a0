import { demoHospital } from "@caresuite/simulator";
import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/schema.ts";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { importControllerConfig } from "../calls/import-config.ts";
import { currentRollup, readEpoch, resetAnalyticsRollup, runAnalyticsRollupPass, type SystemRollup } from "./analytics-rollup.ts";
import { BUCKET_COUNT, bucketOf, bucketSeconds } from "./response-buckets.ts";

// docs/decisions/046-analytics-in-memory.md: the answers from the rollup equal those from the
// calls alone (percentiles are exact to the bucket either way), whatever the pass has folded.

describe("response buckets", () => {
  // "1 s … beyond": 5 s steps below 2 min, 10 s below 10 min, 1 min below 30 min, 5 min below 2 h, then one.
  it.each([
    [-3, 0],
    [0, 0],
    [4, 0],
    [5, 5],
    [119, 115],
    [120, 120],
    [129, 120],
    [200, 200],
    [599, 590],
    [600, 600],
    [659, 600],
    [1799, 1740],
    [1800, 1800],
    [7199, 6900],
    [7200, 7200],
    [86_400, 7200],
  ])("%i s counts as %i s", (seconds, lower) => {
    expect(bucketSeconds(seconds)).toBe(lower);
  });

  it("has 111 buckets (a byte per call holds one) and only ever rises", () => {
    expect(BUCKET_COUNT).toBe(111);
    for (let s = 1; s < 8000; s++) expect(bucketOf(s)).toBeGreaterThanOrEqual(bucketOf(s - 1));
  });
});

const NOW = Date.parse("2026-04-20T10:00:00.000Z");
const DAY = 86_400_000;

describe.each(TEST_DIALECTS)("analytics rollup on %s", { timeout: 180_000 }, (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let manager: TestClient;
  let defectsOnly: TestClient;
  let external = 0;
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  const STAT = "calls median_seconds p90_seconds";
  const ALL = `opened overall { ${STAT} } by_shift { shift opened ${STAT} } by_room { room_id ${STAT} }
    by_call_type { call_type_id ${STAT} } by_day { date opened mean_response_seconds } by_hour { hour opened ${STAT} }
    heat_map { weekday hour opened }`;
  const FILTERS = [
    'from: "2026-01-20", to: "2026-04-19"',
    'from: "2026-03-27", to: "2026-03-30"',
    "range: DAYS_30",
    "range: DAYS_7",
    "range: HOURS_24",
    "range: SINCE_BEGINNING",
    'from: "2026-02-01", to: "2026-04-20", section_ids: [2, 3]',
    'from: "2026-02-01", to: "2026-04-20", call_type_ids: [2, 3, 6]',
  ];

  /** Every filter asked by every user: the whole answer, compared as JSON. */
  const answers = async (): Promise<unknown[]> => {
    const out: unknown[] = [];
    for (const client of [manager, admin, defectsOnly])
      for (const filter of FILTERS) {
        const answer = await client.gql(`{ callAnalytics(filter: { ${filter} }) { ${ALL} } }`);
        expect(answer.errors).toBeUndefined();
        out.push(answer.data);
      }
    return out;
  };
  /** The calls alone: a new epoch sets the rollup aside, so every statement reads the calls table. */
  const rawAnswers = async (): Promise<unknown[]> => {
    await resetAnalyticsRollup(server.db.kysely);
    return answers();
  };
  const rollup = (): SystemRollup => currentRollup(server.db.kysely, 1)!;
  const maxId = async (): Promise<number> =>
    Number(
      (
        await server.db.kysely
          .selectFrom("calls")
          .select((eb) => eb.fn.max("id").as("max"))
          .executeTakeFirstOrThrow()
      ).max,
    );
  const pass = () => runAnalyticsRollupPass(server.db.kysely, dialect, { slice: 400 });
  /**
   * Passes until everything closed is folded. PostgreSQL folds up to an id one pass after it saw
   * it, once no transaction of the cluster that ran then is still running (other databases' too).
   */
  const foldAll = async (): Promise<number> => {
    let folded = 0;
    for (let i = 0; i < 200; i++) {
      const done = await pass();
      folded += done.folded + done.pending;
      const state = rollup();
      if (state.watermark >= (await maxId()) && done.folded + done.pending === 0) return folded;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the rollup did not catch up");
  };

  const call = (opened: number, responseMs: number | null, device: number, type: number, section: number | null): Insertable<Database["calls"]> => {
    external += 1;
    const byPresence = random() < 0.5;
    return {
      system_id: 1,
      journal_id: "test",
      external_id: external,
      device_id: device,
      call_type_id: type,
      call_source_id: null,
      section_id: section,
      opened_at: opened,
      closed_at: responseMs === null ? null : opened + responseMs + (byPresence ? 30_000 : 0),
      presence_at: responseMs !== null && byPresence ? opened + responseMs : null,
      close_reason: null,
      manually_closed_by_username: null,
      handled_by_app_username: null,
      call_type_text: `type ${type}`,
      call_source_text: "",
      device_text_short: "",
      device_text_long: `device ${device}`,
      section_name: "",
      seq: external,
    };
  };
  const devices = [23, 24, 25, 27, 10, 11, 17, 26, 28];
  const randomCalls = (n: number, from: number, to: number, open = 0.03): Insertable<Database["calls"]>[] =>
    Array.from({ length: n }, () => {
      const opened = Math.floor(from + random() * (to - from));
      const response = random() < open ? null : Math.floor(Math.exp(random() * 9) * 1000);
      const device = devices[Math.floor(random() * devices.length)]!;
      const type = 1 + Math.floor(random() * 7);
      const section = random() < 0.05 ? null : 1 + Math.floor(random() * 3);
      return call(opened, response, device, type, section);
    });
  const insert = async (rows: Insertable<Database["calls"]>[]): Promise<void> => {
    for (let i = 0; i < rows.length; i += 200)
      await server.db.kysely
        .insertInto("calls")
        .values(rows.slice(i, i + 200))
        .execute();
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    server.clock.now = NOW;
    await buildSystem(server.db.kysely, 1);
    await importControllerConfig(server.db.kysely, 1, demoHospital(NOW), NOW);
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    await activateTestLicence(admin);
    const carer = await buildUser(server.db.kysely, { username: "manager", permissions: ["analytics::use_module"] });
    manager = new TestClient(server.app);
    await manager.login(carer.username, carer.password);
    const partial = await buildUser(server.db.kysely, { username: "defects", permissions: ["analytics::use_module", "analytics::see_defects"] });
    defectsOnly = new TestClient(server.app);
    await defectsOnly.login(partial.username, partial.password);
    // 100 days across the spring change (29 March), some calls still open, a few in the last hours.
    await insert(randomCalls(2_500, NOW - 100 * DAY, NOW));
    await insert(randomCalls(60, NOW - 2 * 3_600_000, NOW, 0.5));
  });
  afterAll(() => server.close());

  it("answers as the calls alone do, before, during and after folding", async () => {
    const raw = await rawAnswers();
    expect(await answers()).toEqual(raw);
    // A pass that stops after its first slice (a crash between slices): part folded, the rest read from the calls.
    const interrupted = () =>
      runAnalyticsRollupPass(server.db.kysely, dialect, { slice: 400, pause: () => Promise.reject(new Error("stopped")) }).catch(() => null);
    await interrupted();
    expect(await answers()).toEqual(raw);
    await interrupted();
    expect(rollup().watermark).toBeGreaterThan(0);
    expect(await answers()).toEqual(raw);
    await foldAll();
    expect(rollup().watermark).toBe(await maxId());
    expect(rollup().pending.size).toBeGreaterThan(0);
    const closed = await server.db.kysely
      .selectFrom("calls")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("closed_at", "is not", null)
      .executeTakeFirstOrThrow();
    expect(rollup().columns.length).toBe(Number(closed.n));
    expect(await answers()).toEqual(raw);
    // The answers do come from the rollup: a call only it holds changes them.
    rollup().columns.append({
      opened_at: NOW - 3 * DAY,
      local_hour: Math.trunc((NOW - 3 * DAY) / 3_600_000),
      response_ms: 50_000,
      call_type_id: 2,
      section_id: 1,
      device_id: 23,
    });
    expect(await answers()).not.toEqual(raw);
    await resetAnalyticsRollup(server.db.kysely);
    await foldAll();
    expect(await answers()).toEqual(raw);
  });

  it("folds nothing twice: a second pass, a repeated close, calls closed late and history imported with old times", async () => {
    expect(await foldAll()).toBe(0);
    // Calls the watermark passed while open are closed now, one of them "twice" (the second close changes nothing).
    const open = await server.db.kysely.selectFrom("calls").select(["id", "opened_at"]).where("closed_at", "is", null).orderBy("id").limit(20).execute();
    for (const c of open)
      for (let i = 0; i < 2; i++)
        await server.db.kysely
          .updateTable("calls")
          .set({ closed_at: Number(c.opened_at) + 95_000, close_reason: "reset" })
          .where("id", "=", c.id)
          .where("closed_at", "is", null)
          .execute();
    // Old history arrives after the pass (new ids, times of two months ago).
    await insert(randomCalls(300, NOW - 70 * DAY, NOW - 60 * DAY, 0));
    const before = await answers();
    expect(before).toEqual(await rawAnswers());
    await foldAll();
    expect(await answers()).toEqual(before);
    expect(await foldAll()).toBe(0);
    expect(await pass()).toEqual({ folded: 0, pending: 0 });
    expect(await answers()).toEqual(before);
  });

  it("starts over after a clean-up deletes calls, and after a change of the system's zone", async () => {
    await foldAll();
    const cutoff = NOW - 50 * DAY;
    const epoch = await readEpoch(server.db.kysely, 1);
    await server.db.kysely.transaction().execute(async (trx) => {
      await trx.deleteFrom("calls").where("closed_at", "is not", null).where("opened_at", "<", cutoff).execute();
      await resetAnalyticsRollup(trx);
    });
    // The rollup still holds the deleted calls, read under the old epoch: the queries set it aside.
    expect(await readEpoch(server.db.kysely, 1)).not.toBe(epoch);
    expect(rollup().epoch).toBe(epoch);
    const raw = await answers();
    expect(raw).toEqual(await rawAnswers());
    await foldAll();
    expect(await answers()).toEqual(raw);

    await server.db.kysely.updateTable("systems").set({ timezone: "Asia/Kolkata" }).where("id", "=", 1).execute();
    const kolkata = await answers();
    await foldAll();
    expect(rollup().timeZone).toBe("Asia/Kolkata");
    expect(await answers()).toEqual(kolkata);
    expect(kolkata).toEqual(await rawAnswers());
    await server.db.kysely.updateTable("systems").set({ timezone: "Europe/Zurich" }).where("id", "=", 1).execute();
  });
});
