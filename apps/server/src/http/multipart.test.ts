import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../test-support/api.ts";
import { buildSystem, buildUser } from "../test-support/builders.ts";
import { buildPng } from "../test-support/png.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../test-support/test-server.ts";
import { rawRequest, type RawResponse } from "./raw-http.testing.ts";
import { REQUEST_HEADER, SYSTEM_HEADER } from "@caresuite/domain";

/**
 * one malformed multipart request stopped the whole server. These requests go to a
 * real listening server in this process: a crash would fail the run (Vitest reports uncaught
 * errors), a hang would time out, and after each the server must still answer.
 */

const B = "x";
const UPLOAD = "mutation($id: Int!, $file: Upload!) { uploadCheckpointMapImage(id: $id, file: $file) { id map_path } }";
const part = (headers: string[], content: string | Buffer): Buffer =>
  Buffer.concat([Buffer.from(`--${B}\r\n${headers.join("\r\n")}\r\n\r\n`, "utf8"), Buffer.from(content), Buffer.from("\r\n")]);
const field = (name: string, value: string): Buffer => part([`Content-Disposition: form-data; name="${name}"`], value);
const file = (name: string, filename: string, content: Buffer = buildPng(4, 4)): Buffer =>
  part([`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, "Content-Type: image/png"], content);
const end = Buffer.from(`--${B}--\r\n`);
const operations = (id: number, query = UPLOAD): Buffer => field("operations", JSON.stringify({ query, variables: { id, file: null } }));
const map = (value: unknown = { 0: ["variables.file"] }): Buffer => field("map", JSON.stringify(value));

/** The corpus: each a body (with boundary `x` unless the content type says otherwise). */
function corpus(id: number): [string, Buffer, string?][] {
  return [
    ["a malformed part header (the reported request)", Buffer.from(`--${B}\r\nbad header\r\n\r\nx\r\n--${B}--\r\n`)],
    ["no boundary in the content type", Buffer.concat([operations(id), map(), file("0", "a.png"), end]), "multipart/form-data"],
    ["an empty body", Buffer.alloc(0)],
    ["only the closing boundary", end],
    ["a body cut inside the file", Buffer.concat([operations(id), map(), file("0", "a.png").subarray(0, 120)])],
    ["a body cut inside a part header", Buffer.concat([operations(id), Buffer.from(`--${B}\r\nContent-Disposition: form-da`)])],
    ["a NUL byte in the file name", Buffer.concat([operations(id), map(), file("0", "a\0b.png"), end])],
    [
      "a NUL in the encoded file name",
      Buffer.concat([
        operations(id),
        map(),
        part([`Content-Disposition: form-data; name="0"; filename*=utf-8''a%00b.png`, "Content-Type: image/png"], buildPng(4, 4)),
        end,
      ]),
    ],
    ["a right-to-left override in the file name", Buffer.concat([operations(id), map(), file("0", "a\u202egnp.png"), end])],
    [
      "a part header of 40 KB",
      Buffer.concat([operations(id), map(), part([`Content-Disposition: form-data; name="0"; filename="${"a".repeat(40_000)}.png"`], "x"), end]),
    ],
    [
      "200 part headers",
      Buffer.concat([part(Array.from({ length: 200 }, (_, i) => `X-${i}: y`).concat('Content-Disposition: form-data; name="operations"'), "{}"), end]),
    ],
    ["operations that are not JSON", Buffer.concat([field("operations", "{nope"), map(), file("0", "a.png"), end])],
    [
      "a batch of operations",
      Buffer.concat([
        field("operations", JSON.stringify([{ query: UPLOAD, variables: { id, file: null } }])),
        map({ 0: ["0.variables.file"] }),
        file("0", "a.png"),
        end,
      ]),
    ],
    ["operations without a query", Buffer.concat([field("operations", JSON.stringify({ variables: {} })), map(), file("0", "a.png"), end])],
    ["a query instead of a mutation", Buffer.concat([operations(id, "query($file: Upload) { authUser { id } }"), map(), file("0", "a.png"), end])],
    ["a mutation without an Upload variable", Buffer.concat([operations(id, "mutation { logout }"), map(), file("0", "a.png"), end])],
    ["operations that are not GraphQL", Buffer.concat([operations(id, "mutation($file: Upload!) {"), map(), file("0", "a.png"), end])],
    ["a query nested 5,000 levels", Buffer.concat([operations(id, `mutation($file: Upload!) ${"{ a ".repeat(5000)}${"}".repeat(5000)}`), map(), end])],
    ["a map that is not JSON", Buffer.concat([operations(id), field("map", "{"), file("0", "a.png"), end])],
    ["a map that is a list", Buffer.concat([operations(id), map([["variables.file"]]), file("0", "a.png"), end])],
    ["a map to a missing variable", Buffer.concat([operations(id), map({ 0: ["variables.nope"] }), file("0", "a.png"), end])],
    ["a map to a non-Upload variable", Buffer.concat([operations(id), map({ 0: ["variables.id"] }), file("0", "a.png"), end])],
    [
      "a map to __proto__",
      Buffer.concat([
        operations(id, "mutation($__proto__: Upload!) { uploadCheckpointMapImage(id: 1, file: $__proto__) { id } }"),
        map({ 0: ["variables.__proto__"] }),
        file("0", "a.png"),
        end,
      ]),
    ],
    ["a map to a list index of a single file", Buffer.concat([operations(id), map({ 0: ["variables.file.3"] }), file("0", "a.png"), end])],
    ["a map with an empty path list", Buffer.concat([operations(id), map({ 0: [] }), file("0", "a.png"), end])],
    ["a map before the operations", Buffer.concat([map(), operations(id), file("0", "a.png"), end])],
    ["a file before the map", Buffer.concat([operations(id), file("0", "a.png"), map(), end])],
    ["a map naming a file that never comes", Buffer.concat([operations(id), map(), end])],
    ["too many files in the map", Buffer.concat([operations(id), map({ 0: ["variables.file"], 1: ["variables.file"], 2: ["variables.file"] }), end])],
    ["too many file parts", Buffer.concat([operations(id), map(), file("0", "a.png"), file("1", "b.png"), file("2", "c.png"), end])],
    ["a third field", Buffer.concat([operations(id), map(), field("extra", "1"), file("0", "a.png"), end])],
    [
      "operations over the field limit",
      Buffer.concat([field("operations", JSON.stringify({ query: UPLOAD, variables: { id, pad: "p".repeat(300_000) } })), map(), end]),
    ],
    ["a part without Content-Disposition", Buffer.concat([part(["Content-Type: text/plain"], "x"), end])],
  ];
}

describe.each(TEST_DIALECTS)("multipart requests to /backend/query on %s", (dialect) => {
  let server: TestServer;
  let port: number;
  let adminCookie: string;
  let plainCookie: string;
  let mapId: number;

  const send = (body: Buffer, options: { cookie?: string; contentType?: string } = {}): Promise<RawResponse> =>
    rawRequest({
      port,
      headers: {
        "content-type": options.contentType ?? `multipart/form-data; boundary=${B}`,
        "content-length": String(body.length),
        [REQUEST_HEADER]: "1",
        [SYSTEM_HEADER]: "01",
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      body,
    });
  const expectAlive = async (): Promise<void> => {
    const health = await fetch(`http://127.0.0.1:${port}/backend/health`);
    expect(health.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer(dialect);
    await buildSystem(server.db.kysely, 1);
    const admin = new TestClient(server.app);
    const adminUser = await buildUser(server.db.kysely, { permissions: ["admin::use_module", "admin::manage_system"] });
    await admin.login(adminUser.username, adminUser.password);
    adminCookie = admin.cookie;
    const created = await admin.gql<{ createCheckpointMap: { id: number } }>(
      "mutation($data: CheckpointMapInput!) { createCheckpointMap(data: $data) { id } }",
      { data: { name: "Stock 1" } },
    );
    mapId = created.data?.createCheckpointMap.id ?? 0;
    const plain = new TestClient(server.app);
    const plainUser = await buildUser(server.db.kysely, { permissions: [] });
    await plain.login(plainUser.username, plainUser.password);
    plainCookie = plain.cookie;
    await server.app.listen({ port: 0, host: "127.0.0.1" });
    port = (server.app.server.address() as AddressInfo).port;
  });
  afterAll(() => server.close());

  it("answers the reported request (anonymous, malformed part header) with 401, unread", async () => {
    const response = await send(Buffer.from(`--${B}\r\nbad header\r\n\r\nx\r\n--${B}--\r\n`));
    expect(response.status).toBe(401);
    expect(JSON.parse(response.body)).toEqual({ data: null, errors: [{ message: "Sign in to upload files.", extensions: { code: "MISSING_AUTH" } }] });
    await expectAlive();
  });

  it("answers every malformed body of a signed-in admin with a 4xx VALIDATION error and stays up", async () => {
    for (const [name, body, contentType] of corpus(mapId)) {
      const response = await send(body, { cookie: adminCookie, ...(contentType ? { contentType } : {}) });
      expect({ name, status: response.status >= 400 && response.status < 500 }).toEqual({ name, status: true });
      expect({ name, code: (JSON.parse(response.body) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code }).toEqual({
        name,
        code: "VALIDATION",
      });
      await expectAlive();
    }
  });

  it("refuses multipart to any other path without reading it", async () => {
    const response = await rawRequest({
      port,
      path: "/backend/login",
      headers: { "content-type": `multipart/form-data; boundary=${B}`, "content-length": "10", [REQUEST_HEADER]: "1", cookie: adminCookie },
      body: Buffer.from("--x\r\nbad\r\n"),
    });
    expect(response.status).toBe(415);
    await expectAlive();
  });

  it("still stores a well-formed upload of a signed-in admin", async () => {
    const response = await send(Buffer.concat([operations(mapId), map(), file("0", "plan.png"), end]), { cookie: adminCookie });
    expect(response.status).toBe(200);
    const result = JSON.parse(response.body) as { data: { uploadCheckpointMapImage: { map_path: string } } };
    expect(result.data.uploadCheckpointMapImage.map_path).toMatch(/^maps\/1\/[0-9a-f-]+\.png$/);
  });

  it("answers a refused upload of 5 MB at once, though its resolver never read the file", async () => {
    const big = Buffer.concat([operations(mapId), map(), file("0", "plan.png", Buffer.alloc(5 * 1024 * 1024, 1)), end]);
    const response = await send(big, { cookie: plainCookie });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ errors: [{ extensions: { code: "MISSING_PERMISSION" } }] });
    expect(response.answeredAfterMs).toBeLessThan(5_000);
    await expectAlive();
  });

  it("gives up a signed-in upload that declares more than it sends, with 408", async () => {
    const body = Buffer.concat([operations(mapId), map(), file("0", "plan.png").subarray(0, 100)]);
    const response = await rawRequest({
      port,
      headers: {
        "content-type": `multipart/form-data; boundary=${B}`,
        "content-length": String(body.length + 1000),
        [REQUEST_HEADER]: "1",
        [SYSTEM_HEADER]: "01",
        cookie: adminCookie,
      },
      body,
      timeoutMs: 15_000,
    });
    expect(response.status).toBe(408);
    expect(response.answeredAfterMs).toBeGreaterThan(4_000);
    await expectAlive();
  });

  it.each([1, 25])("answers an anonymous upload of %i MB streamed slowly within seconds, and closes the connection", async (megabytes) => {
    const total = megabytes * 1024 * 1024;
    const head = Buffer.concat([operations(mapId), map(), Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="0"; filename="a.png"\r\n\r\n`)]);
    const response = await rawRequest({
      port,
      headers: {
        "content-type": `multipart/form-data; boundary=${B}`,
        "content-length": String(head.length + total),
        [REQUEST_HEADER]: "1",
        [SYSTEM_HEADER]: "01",
      },
      body: async (write, answered) => {
        await write(head);
        for (let sent = 0; sent < total && !answered(); sent += 64 * 1024) {
          if (!(await write(Buffer.alloc(64 * 1024, 1)))) return;
          await new Promise((r) => setTimeout(r, 5));
        }
      },
      waitForCloseMs: 3_000,
    });
    expect(response.status).toBe(401);
    expect(response.answeredAfterMs).toBeLessThan(3_000);
    expect(response.headers["connection"]).toBe("close");
    expect(response.closed).toBe(true);
    await expectAlive();
  });

  it("survives the corpus sent by anonymous visitors and by a user without upload rights, all at once", async () => {
    const bodies = corpus(mapId);
    const responses = await Promise.all(
      [undefined, plainCookie].flatMap((cookie) =>
        bodies.map(([, body, contentType]) => send(body, { ...(cookie ? { cookie } : {}), ...(contentType ? { contentType } : {}) })),
      ),
    );
    expect(responses.filter((r) => r.status === 0 || r.status >= 500).map((r) => r.body)).toEqual([]);
    await expectAlive();
  });
});
