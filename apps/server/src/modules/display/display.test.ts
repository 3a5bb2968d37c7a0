import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const PROFILES = "{ displayProfiles { id name slug font_size locale show_presences settings { system_id weekday_schedule_id weekday_display_group_1_id } } }";
const CREATE = "mutation($input: DisplayProfileInput!) { createDisplayProfile(input: $input) { id name } }";
const UPDATE = "mutation($input: DisplayProfileInput!) { updateDisplayProfile(input: $input) { id name } }";
const DELETE = "mutation($ids: [Int!]!) { deleteDisplayProfile(ids: $ids) { id name } }";

type Profile = { id: number; name: string; slug: string; settings: { system_id: number; weekday_schedule_id: number | null }[] };

describe.each(TEST_DIALECTS)("display profiles and display data on %s", (dialect) => {
  let server: TestServer;
  let manager: TestClient;
  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const user = await buildUser(server.db.kysely, {
      permissions: ["display::manage_display_profiles", "admin::manage_system", "admin::manage_display_notes"],
    });
    manager = new TestClient(server.app);
    await manager.login(user.username, user.password);
  });
  afterAll(() => server.close());

  it("creates profiles with unique slugs; settings of unknown systems are dropped (spec)", async () => {
    const first = await manager.gql<{ createDisplayProfile: { id: number } }>(CREATE, {
      input: { name: "Station 1 – Flur", settings: [{ system_id: 1, weekday_schedule_id: 20, weekday_display_group_1_id: 254 }, { system_id: 7 }] },
    });
    expect(first.errors).toBeUndefined();
    await manager.gql(CREATE, { input: { name: "Station 1 - Flur" } });
    const list = await new TestClient(server.app).gql<{ displayProfiles: Profile[] }>(PROFILES);
    expect(list.data?.displayProfiles.map((p) => p.slug)).toEqual(["station-1-flur-2", "station-1-flur"]);
    const created = list.data?.displayProfiles.find((p) => p.id === first.data?.createDisplayProfile.id);
    expect(created?.settings).toEqual([{ system_id: 1, weekday_schedule_id: 20, weekday_display_group_1_id: 254 }]);
  });

  it("validates: name required (spec), font size from the list", async () => {
    const empty = await manager.gql(CREATE, { input: { name: "  " } });
    expect(empty.errors?.[0]?.extensions).toMatchObject({ code: "VALIDATION", fields: { name: [{ message: "validation.required" }] } });
    const font = await manager.gql(CREATE, { input: { name: "X", font_size: "huge" } });
    expect(font.errors?.[0]?.extensions?.code).toBe("VALIDATION");
  });

  it("updates and deletes with the permission only; announces displayprofile.updated", async () => {
    const list = await manager.gql<{ displayProfiles: Profile[] }>(PROFILES);
    const profile = list.data?.displayProfiles[0] as Profile;
    const anonymous = await new TestClient(server.app).gql(UPDATE, { input: { id: profile.id, name: "Hacked" } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("MISSING_AUTH");
    const messages = server.pubsub.subscribe("system-messages");
    const updated = await manager.gql(UPDATE, { input: { id: profile.id, name: "Nachtdienst", font_size: "largest" } });
    expect(updated.data).toEqual({ updateDisplayProfile: { id: profile.id, name: "Nachtdienst" } });
    expect((await messages.next()).value).toMatchObject({ subject: "displayprofile.updated" });
    await messages.return(undefined);
    expect((await manager.gql(DELETE, { ids: [profile.id] })).data).toEqual({ deleteDisplayProfile: [{ id: profile.id, name: "Nachtdienst" }] });
  });

  it("serves display relations and active notes to anonymous displays", async () => {
    await manager.gql('mutation { createSchedule(data: { name: "Tag/Nacht", time_1: "07:00", time_2: "19:00" }) { id } }');
    await manager.gql('mutation { createDisplayNote(data: { title: "Lift gesperrt", text: "Bitte Treppe", active: true }) { id } }');
    await manager.gql('mutation { createDisplayNote(data: { title: "Alt", active: false }) { id } }');
    const anonymous = new TestClient(server.app);
    const relations = await anonymous.gql<{ displayRelations: { schedules: { name: string; times: string[] }[] } }>(
      "{ displayRelations { schedules { name times } call_types { id } display_groups { id } } }",
    );
    expect(relations.data?.displayRelations.schedules).toEqual([{ name: "Tag/Nacht", times: ["07:00", "19:00"] }]);
    const notes = await anonymous.gql<{ activeDisplayNotes: { title: string }[] }>("{ activeDisplayNotes { title text color } }");
    expect(notes.data?.activeDisplayNotes.map((n) => n.title)).toEqual(["Lift gesperrt"]);
  });
});
