import type { DialectName } from "../db/database.ts";
import { TestClient } from "./api.ts";
import { buildUser } from "./builders.ts";
import { startTestSimulator, type TestSimulator } from "./simulator.ts";
import { startTestServer, type TestServer } from "./test-server.ts";

/** Polls `probe` every 50 ms until `ok` holds, or fails after `ms` with the last value seen. */
export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface LinkedSystem {
  simulator: TestSimulator;
  server: TestServer;
  /** Signed in as the superuser "root". */
  admin: TestClient;
  close(): Promise<void>;
}

/**
 * The call path's test bed: a fresh virtual call system, a server linked to it as system 1 (set
 * up as setup step 3 does), a signed-in superuser; ready once the link is connected and the
 * controller's configuration is imported.
 */
export async function startLinkedSystem(dialect: DialectName): Promise<LinkedSystem> {
  const simulator = await startTestSimulator();
  const server = await startTestServer(dialect, {}, { links: true });
  const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true });
  const admin = new TestClient(server.app);
  await admin.login(root.username, root.password);
  const configured = await admin.gql(
    `mutation { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: ${simulator.port}) { id } }`,
  );
  if (configured.errors) throw new Error(`configurator: ${JSON.stringify(configured.errors)}`);
  await until(
    async () =>
      server.links?.get(1)?.state().connected === true &&
      Boolean((await server.db.kysely.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", 1).executeTakeFirst())?.imported_at),
    (ready) => ready,
  );
  const linked: LinkedSystem = {
    simulator,
    server,
    admin,
    close: async () => {
      await server.close();
      // A test may have replaced the simulator (a controller restarted on its port and data dir).
      await linked.simulator.stop();
    },
  };
  return linked;
}
