import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLinkedSystem, until, type LinkedSystem } from "../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../test-support/test-server.ts";

type Named = { id: number; name: string };

/**
 * docs/protocol.md "A client's loop" 5: "On config.changed: GET /api/config to import the new
 * revision". A publish at the controller must reach the admin lists without a reconnect.
 */
describe.each(TEST_DIALECTS)("a configuration published at the controller on %s", (dialect) => {
  let linked: LinkedSystem;
  beforeAll(async () => {
    linked = await startLinkedSystem(dialect);
  });
  afterAll(() => linked.close());

  const imports = async () =>
    (await linked.server.db.kysely.selectFrom("audit_logs").select(["meta"]).where("action", "=", "gets_imported").orderBy("id").execute()).map(
      (row) => JSON.parse(row.meta ?? "{}") as Record<string, number>,
    );

  it("is re-imported after config.changed: the renamed call type and section show in the admin lists, audited with counts", async () => {
    const { simulator, admin } = linked;
    // The first connection's import is the only one so far (the fresh controller's own
    // config.changed of revision 1 announces what was just imported, not a change).
    await until(imports, (list) => list.length === 1);
    const { revision: _revision, ...body } = await simulator.get<Record<string, unknown> & { call_types: Named[]; sections: Named[] }>("/api/config");
    body.call_types = body.call_types.map((record) => (record.id === 4 ? { ...record, name: "Patientenruf neu" } : record));
    body.sections = body.sections.map((record) => (record.id === 3 ? { ...record, name: "Station 3 Demenz" } : record));
    const { job_id } = await simulator.post<{ job_id: string }>("/api/config/publish", body);
    await until(
      () => simulator.get<{ step: string }>(`/api/config/publish/${job_id}`),
      (job) => job.step === "done",
    );

    const callTypes = await until(
      async () =>
        (await admin.gql<{ callTypes: { items: Named[] } }>("{ callTypes(filter: { limit: 100 }) { items { id name } } }")).data?.callTypes.items ?? [],
      (items) => items.some((item) => item.id === 4 && item.name === "Patientenruf neu"),
    );
    expect(callTypes.length).toBe(7);
    const sections = await admin.gql<{ sections: { items: Named[] } }>("{ sections(filter: { limit: 100 }) { items { id name } } }");
    expect(sections.data?.sections.items.find((item) => item.id === 3)?.name).toBe("Station 3 Demenz");

    const audited = await until(imports, (list) => list.length === 2);
    expect(audited[1]).toMatchObject({ call_types: 7, sections: 4, count: audited[0]?.["count"] });
    const link = await linked.server.db.kysely.selectFrom("callsystem_links").select(["config_revision"]).where("system_id", "=", 1).executeTakeFirst();
    expect(link?.config_revision).toBe(2);
  });

  it("imports on the next connection when the import after config.changed did not happen (it stays due)", async () => {
    const { server, simulator } = linked;
    // As a failed GET /api/config (or a crash) after the commit leaves it: config.changed applied, import due.
    await server.db.kysely.updateTable("callsystem_links").set({ imported_at: null }).where("system_id", "=", 1).execute();
    await simulator.post("/api/debug/drop-sockets", {});
    // Theirs equals ours (imported just before): it counts as imported without rewriting a record,
    // so no second gets_imported.
    await until(
      async () =>
        (await server.db.kysely.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", 1).executeTakeFirst())?.imported_at ?? null,
      (importedAt) => importedAt !== null,
    );
    expect(await imports()).toHaveLength(2);
  });

  it("rewrites nothing when the controller's configuration equals ours (after our own publish)", async () => {
    const { server, simulator } = linked;
    const { revision: _revision, ...body } = await simulator.get<Record<string, unknown>>("/api/config");
    const { job_id } = await simulator.post<{ job_id: string }>("/api/config/publish", body);
    await until(
      () => simulator.get<{ step: string }>(`/api/config/publish/${job_id}`),
      (job) => job.step === "done",
    );
    const link = await until(
      async () =>
        await server.db.kysely.selectFrom("callsystem_links").select(["config_revision", "imported_at"]).where("system_id", "=", 1).executeTakeFirst(),
      (row) => row?.config_revision === 3 && row.imported_at !== null,
    );
    expect(link?.config_revision).toBe(3);
    // No import (it audits gets_imported) replaced the tables.
    expect(await imports()).toHaveLength(2);
  });
});
