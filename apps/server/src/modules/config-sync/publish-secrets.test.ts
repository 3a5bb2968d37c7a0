import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SYSTEM_MESSAGES_TOPIC } from "../../realtime/topics.ts";
import { readAppState } from "../appdata/app-state.repo.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { startLinkedSystem, until, type LinkedSystem } from "../../test-support/linked-system.ts";
import { TEST_DIALECTS } from "../../test-support/test-server.ts";
import { GETS_HTTP_ERROR_TOPIC, publishTimings } from "./config-sync.service.ts";
import { JsonText } from "../../callsystem/protocol-client.ts";

const SECRET = "Hub-Geheimnis-4711";

/**
 * Hub passwords on publish (docs/decisions/032): the password entered here goes to the controller
 * with the publish, survives the imports (the controller never returns it), and reaches no client:
 * not the changelog, the hub API, the pushes, the audit log or the stored theirs.
 */
describe.each(TEST_DIALECTS)("hub passwords on publish on %s", (dialect) => {
  let linked: LinkedSystem;
  beforeAll(async () => {
    publishTimings.pollMs = 30;
    linked = await startLinkedSystem(dialect);
  });
  afterAll(() => linked.close());

  it("sends the stored password to the controller only, and keeps it across imports", async () => {
    const { server, admin } = linked;
    const db = server.db.kysely;
    const hubs = entityTables(db);
    const hub = await hubs.selectFrom("hubs").select(["id", "name", "ip", "username"]).where("system_id", "=", 1).orderBy("id").executeTakeFirstOrThrow();
    server.clock.now += 1000;
    const updated = await admin.gql(`mutation ($id: Int!, $data: HubInput!) { updateHub(id: $id, data: $data) { id } }`, {
      id: hub.id,
      data: { name: hub.name, ip: hub.ip, username: hub.username, password: SECRET },
    });
    expect(updated.errors).toBeUndefined();

    // What goes over the wire to the controller, and everything pushed meanwhile.
    const link = server.links?.get(1);
    if (!link) throw new Error("linked");
    const sent: unknown[] = [];
    const publish = link.publish.bind(link);
    link.publish = (body) => {
      sent.push(body);
      return publish(body);
    };
    const pushed: unknown[] = [];
    const messages = server.pubsub.subscribe(SYSTEM_MESSAGES_TOPIC);
    const errors = server.pubsub.subscribe(GETS_HTTP_ERROR_TOPIC);
    void (async () => {
      for await (const message of messages) pushed.push(message);
    })();
    void (async () => {
      for await (const message of errors) pushed.push(message);
    })();

    server.clock.now += 1000;
    expect((await admin.gql<{ publishConfig: boolean }>("mutation { publishConfig }")).data?.publishConfig).toBe(true);
    const done = await until(
      () => readAppState(db),
      (state) => state.commit_started_at === null,
    );
    expect(done.last_commit_error).toBeNull();
    link.publish = publish;

    const body = (sent[0] instanceof JsonText ? JSON.parse(sent[0].text) : sent[0]) as { hubs: { id: number; password?: string }[] };
    const sentHub = body.hubs.find((h) => h.id === hub.id);
    expect(sentHub?.password).toBe(SECRET);

    // A full import (theirs → ours) keeps it: the controller answers without passwords.
    server.clock.now += 1000;
    const imported = await admin.gql("mutation { importConfigChanges }");
    expect(imported.errors).toBeUndefined();
    expect((await hubs.selectFrom("hubs").select("password").where("id", "=", hub.id).executeTakeFirstOrThrow()).password).toBe(SECRET);
    // ... and so the changelog shows no difference for it, and the next publish sends it again.
    const changelog = await admin.gql<{ configChangelog: { status: string } }>(
      "{ configChangelog { status error progress step config { revision } changelog { id state ours theirs changes { field ours theirs } } } }",
    );
    expect(changelog.data?.configChangelog.status).toBe("in-sync");

    // Nowhere a client or a log could read it.
    const answers = [
      changelog,
      await admin.gql(`{ hubs(filter: { limit: 100 }) { items { id name ip username password_set } } }`),
      await admin.gql(`query ($id: Int!) { hub(id: $id) { id name password_set } }`, { id: hub.id }),
    ];
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(JSON.stringify(answer)).not.toContain(SECRET);
    }
    expect(JSON.stringify(pushed)).not.toContain(SECRET);
    expect(pushed.length).toBeGreaterThan(0);
    const audit = await db.selectFrom("audit_logs").selectAll().execute();
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    const snapshots = await db.selectFrom("config_snapshots").selectAll().execute();
    expect(JSON.stringify(snapshots)).not.toContain(SECRET);
    await messages.return(undefined);
    await errors.return(undefined);
  });
});
