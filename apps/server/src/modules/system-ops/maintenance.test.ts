import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLinkedSystem, until, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";

/**
 * The maintenance tools against a real (virtual) call system (docs/decisions/044-cleanup-logs-maintenance.md):
 * the link's health, its restart and the re-import, each audited.
 */
describe.each(TEST_DIALECTS)("maintenance tools on %s", (dialect) => {
  let linked: LinkedSystem;
  beforeAll(async () => {
    linked = await startLinkedSystem(dialect);
  }, 60_000);
  afterAll(() => linked?.close());

  it("shows the link; restarts it (audited) and it connects again", async () => {
    const { admin, server } = linked;
    const status = await admin.gql<{ maintenanceStatus: { links: { system_id: number; connected: boolean }[] } }>(
      "{ maintenanceStatus { links { system_id name connected last_event_at last_error } } }",
    );
    expect(status.data?.maintenanceStatus.links).toEqual([expect.objectContaining({ system_id: 1, connected: true })]);
    const before = server.links?.get(1);
    const restarted = await admin.gql<{ restartCallSystemLink: boolean }>("mutation { restartCallSystemLink }");
    expect(restarted.errors).toBeUndefined();
    expect(restarted.data?.restartCallSystemLink).toBe(true);
    // A new link object, connected again.
    expect(server.links?.get(1)).not.toBe(before);
    await until(
      async () => server.links?.get(1)?.state().connected === true,
      (connected) => connected,
    );
    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .select(["action", "entity_type", "meta", "system_id"])
      .where("entity_type", "=", "callsystemLink")
      .execute();
    expect(audit).toEqual([{ action: "updated", entity_type: "callsystemLink", meta: JSON.stringify({ tool: "restart_link" }), system_id: 1 }]);
  });

  it("re-imports the configuration (audited gets_imported)", async () => {
    const { admin, server } = linked;
    const before = await server.db.kysely.selectFrom("audit_logs").select("id").where("action", "=", "gets_imported").execute();
    const answer = await admin.gql<{ reimportConfiguration: number }>("mutation { reimportConfiguration }");
    expect(answer.errors).toBeUndefined();
    expect(typeof answer.data?.reimportConfiguration).toBe("number");
    const after = await server.db.kysely.selectFrom("audit_logs").select("id").where("action", "=", "gets_imported").execute();
    expect(after.length).toBe(before.length + 1);
  });
});
