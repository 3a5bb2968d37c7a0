import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ControllerConfig } from "@caresuite/protocol";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { startLinkedSystem, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { importControllerConfig } from "../calls/import-config.ts";

interface Entry {
  category: string;
  results: { entity: number; key: string; kind: string; text: string; context: string | null }[];
}
const SEARCH = `query ($q: String!) { search(query: $q) { category results { entity key kind text context } } }`;

describe.each(TEST_DIALECTS)("search(query) on %s", (dialect) => {
  let linked: LinkedSystem;
  const search = async (q: string, client = linked.admin) => client.gql<{ search: Entry[] }>(SEARCH, { q });
  const category = (entries: Entry[] | undefined, name: string) => entries?.find((entry) => entry.category === name)?.results ?? [];

  beforeAll(async () => {
    linked = await startLinkedSystem(dialect);
  });
  afterAll(async () => linked.close());

  it("finds rooms, devices and structure by name, case-insensitively, grouped by category with the parents as context", async () => {
    const { data, errors } = await search("zimmer 101");
    expect(errors).toBeUndefined();
    const rooms = category(data?.search, "rooms");
    expect(rooms[0]).toEqual({ entity: 20, key: "name", kind: "room", text: "Zimmer 101", context: "Haus A / 1. OG" });
    const devices = category(data?.search, "devices");
    expect(devices.map((result) => result.entity)).toEqual(expect.arrayContaining([23, 25, 26]));
    expect(devices.every((result) => result.context === "1. OG / Zimmer 101")).toBe(true);
    expect((await search("HAUS a")).data?.search.find((entry) => entry.category === "structure")?.results.map((r) => r.entity)).toEqual(
      expect.arrayContaining([1, 2, 3]),
    );
  });

  it("matches serial, MAC and short text and says which field matched", async () => {
    const bySerial = category((await search("gs-000023")).data?.search, "devices");
    expect(bySerial).toEqual([expect.objectContaining({ entity: 23, key: "serial", text: "GS-000023" })]);
    const byMac = category((await search("02:47:53:00:00:17")).data?.search, "devices");
    expect(byMac).toEqual([expect.objectContaining({ entity: 23, key: "mac" })]);
    const people = category((await search("huber")).data?.search, "people");
    expect(people[0]).toMatchObject({ kind: "person", key: "name", text: "Frau Huber" });
  });

  it("finds flight profiles by name", async () => {
    const created = await linked.admin.gql<{ createFlightProfile: { id: number } }>(
      'mutation { createFlightProfile(data: { name: "Nachtrunde Demenz" }) { id } }',
    );
    expect(created.errors).toBeUndefined();
    const profiles = category((await search("RUNDE dem")).data?.search, "flightprofiles");
    expect(profiles).toEqual([{ entity: created.data?.createFlightProfile.id, key: "name", kind: "flightprofile", text: "Nachtrunde Demenz", context: null }]);
  });

  it("caps each category at 20 results and puts prefix matches first", async () => {
    const devices = category((await search("bett")).data?.search, "devices");
    expect(devices).toHaveLength(20);
    const rooms = category((await search("zimmer")).data?.search, "rooms");
    expect(rooms).toHaveLength(20);
    expect(rooms.every((room) => room.text.startsWith("Zimmer"))).toBe(true);
  });

  it("takes wildcards and quotes literally and answers an empty list for no match", async () => {
    for (const q of ["%%", "__", '"z', "a%b", "\\\\", "nichts da"]) {
      const { data, errors } = await search(q);
      expect(errors, q).toBeUndefined();
      expect(data?.search, q).toEqual([]);
    }
  });

  it('refuses a query of one character, over 100 characters or with NUL as a field error (spec "trimmed query longer than 1 character")', async () => {
    for (const [q, message] of [
      ["a", "validation.min_length"],
      ["  b  ", "validation.min_length"],
      ["x".repeat(10_000), "validation.max_length"],
      ["ab\u0001", "validation.format"],
    ] as const) {
      const { errors } = await search(q);
      expect(errors?.[0]?.extensions?.["code"], q.slice(0, 10)).toBe("VALIDATION");
      expect(JSON.stringify(errors?.[0]?.extensions?.["fields"]), q.slice(0, 10)).toContain(message);
    }
    // NUL is refused before any resolver runs (ARCHITECTURE «Security rules»), as 400 VALIDATION.
    const nul = await linked.server.app.inject({
      method: "POST",
      url: "/backend/query",
      headers: { "content-type": "application/json", "x-cs-request": "1", "x-cs-system": "01" },
      payload: { query: SEARCH, variables: { q: "ab\u0000cd" } },
    });
    expect(nul.statusCode).toBeLessThan(500);
    expect(nul.body).toContain("VALIDATION");
  });

  it("stays current when a node changes and when the import replaces the nodes", async () => {
    const db = linked.server.db.kysely;
    await db.updateTable("system_tree_nodes").set({ name: "Zimmer Quokka" }).where("system_id", "=", 1).where("id", "=", 20).execute();
    expect(category((await search("quokka")).data?.search, "rooms").map((r) => r.entity)).toEqual([20]);
    // A battery report touches no searched field and leaves the match as it was.
    await db.updateTable("system_tree_nodes").set({ battery: 50 }).where("system_id", "=", 1).where("id", "=", 20).execute();
    expect(category((await search("quokka")).data?.search, "rooms").map((r) => r.entity)).toEqual([20]);
    await db.deleteFrom("system_tree_nodes").where("system_id", "=", 1).where("id", "=", 26).execute();
    expect(category((await search("gs-000026")).data?.search, "devices")).toEqual([]);
    // The import brings the controller's names back: the renamed room is found by its name again.
    await importControllerConfig(db, 1, await linked.simulator.get<ControllerConfig>("/api/config"), Date.now());
    expect(category((await search("quokka")).data?.search, "rooms")).toEqual([]);
    expect(category((await search("gs-000026")).data?.search, "devices").map((r) => r.entity)).toEqual([26]);
    expect(category((await search("zimmer 101")).data?.search, "rooms").map((r) => r.entity)).toEqual([20]);
  });

  it("is for systemtree::use_module or admin::manage_system with the management licence", async () => {
    const anonymous = new TestClient(linked.server.app);
    expect((await search("zimmer", anonymous)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_AUTH");
    const clerk = await buildUser(linked.server.db.kysely, { username: "clerk", permissions: ["calllog::use_module"] });
    const client = new TestClient(linked.server.app);
    await client.login(clerk.username, clerk.password);
    expect((await search("zimmer", client)).errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    const nurse = await buildUser(linked.server.db.kysely, { username: "treeuser", permissions: ["systemtree::use_module"] });
    const treeClient = new TestClient(linked.server.app);
    await treeClient.login(nurse.username, nurse.password);
    await activateTestLicence(linked.admin);
    expect((await search("zimmer 101", treeClient)).data?.search.length).toBeGreaterThan(0);
  });

  it('leaves out devices the user may not see (spec §6 "see_tech_devices, see_wired_devices", call source group None)', async () => {
    // Runs after the licence test above: users without superuser need the management licence.
    const db = linked.server.db.kysely;
    const signedIn = async (permissions: string[]): Promise<{ id: number; client: TestClient }> => {
      const user = await buildUser(db, { permissions });
      const client = new TestClient(linked.server.app);
      await client.login(user.username, user.password);
      return { id: user.id, client };
    };
    const nurse = await signedIn(["systemtree::use_module"]);
    const technician = await signedIn(["systemtree::use_module", "systemtree::see_tech_devices", "systemtree::see_wired_devices"]);
    const entities = async (q: string, client: TestClient) => (await search(q, client)).data?.search.flatMap((entry) => entry.results.map((r) => r.entity));
    // The lift alarm is technical, the corridor display wired.
    expect(await entities("aufzug", technician.client)).toContain(18);
    expect(await entities("aufzug", nurse.client)).toEqual([]);
    expect(await entities("flurdisplay", technician.client)).toContain(8);
    expect(await entities("flurdisplay", nurse.client)).not.toContain(8);

    // A group with level None hides its call source's room and devices; Read shows them.
    const role = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", nurse.id).executeTakeFirstOrThrow();
    for (const [callSource, level] of [
      [101, "None"],
      [102, "Read"],
    ] as const) {
      const group = await linked.admin.gql<{ createCallSourceGroup: { id: number } }>(
        `mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }`,
        { data: { name: `Suche ${callSource}`, flag: "None", related_callsources: [callSource], timeout_minutes: 0 } },
      );
      await db
        .insertInto("role_callsource_group_permissions")
        .values({ role_id: role.role_id, system_id: 1, callsource_group_id: group.data?.createCallSourceGroup.id ?? 0, permission_level: level })
        .execute();
    }
    expect(await entities("zimmer 101", nurse.client)).toEqual([]);
    expect(await entities("zimmer 102", nurse.client)).toEqual(expect.arrayContaining([21, 24]));
    expect(await entities("zimmer 101", technician.client)).toEqual(expect.arrayContaining([20, 23]));
  });

  it("finds visible devices behind more than the first candidates' worth of hidden ones", async () => {
    // Only Zimmer 320's call source is readable: its devices come after 60 hidden "zimmer" devices.
    const db = linked.server.db.kysely;
    const user = await buildUser(db, { permissions: ["systemtree::use_module"] });
    const client = new TestClient(linked.server.app);
    await client.login(user.username, user.password);
    const role = await db.selectFrom("user_roles").select("role_id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    const group = await linked.admin.gql<{ createCallSourceGroup: { id: number } }>(
      `mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }`,
      { data: { name: "Nur 320", flag: "None", related_callsources: [320], timeout_minutes: 0 } },
    );
    await db
      .insertInto("role_callsource_group_permissions")
      .values({ role_id: role.role_id, system_id: 1, callsource_group_id: group.data?.createCallSourceGroup.id ?? 0, permission_level: "Read" })
      .execute();
    const devices = category((await search("zimmer", client)).data?.search, "devices");
    expect(devices.length).toBeGreaterThan(0);
    expect(devices.every((result) => result.text.includes("320") || result.context?.includes("320"))).toBe(true);
    expect(category((await search("zimmer", client)).data?.search, "rooms").map((r) => r.text)).toEqual(["Zimmer 320"]);
  });
});
