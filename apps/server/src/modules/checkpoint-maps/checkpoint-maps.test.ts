import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_IMAGE_MAX_BYTES } from "@caresuite/domain";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { buildPng } from "../../test-support/png.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";

const png = buildPng;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0"), Buffer.alloc(64, 1), Buffer.from([0xff, 0xd9])]);
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><script>alert(document.cookie)</script><rect width="40" height="30"/></svg>',
);

const MAP = "id name map_path";
const CREATE_MAP = `mutation($data: CheckpointMapInput!) { createCheckpointMap(data: $data) { ${MAP} } }`;
const UPDATE_MAP = `mutation($id: Int!, $data: CheckpointMapInput!) { updateCheckpointMap(id: $id, data: $data) { ${MAP} } }`;
const GET_MAP = `query($id: Int!) { checkpointMap(id: $id) { ${MAP} } }`;
const DELETE_MAP = "mutation($ids: [Int!]!) { deleteCheckpointMap(ids: $ids) { id } }";
const UPLOAD = `mutation($id: Int!, $file: Upload!) { uploadCheckpointMapImage(id: $id, file: $file) { ${MAP} } }`;
const CREATE_CHECKPOINT = "mutation($data: CheckpointInput!) { createCheckpoint(data: $data) { id number position_x position_y } }";
const CHECKPOINTS = "query($filter: ListFilter) { checkpoints(filter: $filter) { total items { id number checkpoint_map_id } } }";

type MapRecord = { id: number; name: string; map_path: string | null };
type Result<T> = Awaited<ReturnType<TestClient["gql"]>> & { data: T | null };

const codeOf = (result: { errors?: { extensions?: Record<string, unknown> }[] }): unknown => result.errors?.[0]?.extensions?.["code"];
const fieldMessage = (result: { errors?: { extensions?: Record<string, unknown> }[] }): unknown =>
  (result.errors?.[0]?.extensions?.["fields"] as Record<string, { message: string }[]> | undefined)?.["map_path"]?.[0]?.message;

describe.each(TEST_DIALECTS)("checkpoint map images on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let mapId: number;
  let ownDataDir: string | null = null;

  const storedFiles = (system = 1): string[] => {
    const dir = join(server.config.DATA_DIR, "uploads", "maps", String(system));
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const upload = (client: TestClient, id: number, name: string, type: string, content: Uint8Array): Promise<Result<{ uploadCheckpointMapImage: MapRecord }>> =>
    client.gqlUpload(UPLOAD, { id }, { file: { name, type, content } });
  const mapOf = async (id: number): Promise<MapRecord | undefined> => (await admin.gql<{ checkpointMap: MapRecord }>(GET_MAP, { id })).data?.checkpointMap;

  beforeAll(async () => {
    // SQLite runs get a fresh DATA_DIR for their file; PostgreSQL runs need a folder of their own.
    if (dialect === "postgres") ownDataDir = mkdtempSync(join(tmpdir(), "caresuite-maps-"));
    server = await startTestServer(dialect, ownDataDir ? { DATA_DIR: ownDataDir } : {});
    await buildSystem(server.db.kysely, 1);
    await buildSystem(server.db.kysely, 2);
    const user = await buildUser(server.db.kysely, { permissions: ["admin::use_module", "admin::manage_system"] });
    admin = new TestClient(server.app);
    await admin.login(user.username, user.password);
    const created = await admin.gql<{ createCheckpointMap: MapRecord }>(CREATE_MAP, { data: { name: "Stock 1" } });
    mapId = created.data?.createCheckpointMap.id ?? 0;
  });
  afterAll(async () => {
    await server.close();
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
  });

  it("refuses anonymous visitors and users without admin::manage_system, for the upload and the image", async () => {
    expect(codeOf(await upload(new TestClient(server.app), mapId, "plan.png", "image/png", png(4, 4)))).toBe("MISSING_AUTH");
    const nurse = await buildUser(server.db.kysely, { permissions: ["calllog::use_module"] });
    const client = new TestClient(server.app);
    await client.login(nurse.username, nurse.password);
    expect(codeOf(await upload(client, mapId, "plan.png", "image/png", png(4, 4)))).toBe("MISSING_PERMISSION");
    expect(storedFiles()).toEqual([]);
    expect((await new TestClient(server.app).get(`/backend/files/maps/${mapId}`)).statusCode).toBe(401);
    expect((await client.get(`/backend/files/maps/${mapId}`)).statusCode).toBe(403);
  });

  it("stores a PNG under a server-chosen name, sets map_path, audits it and serves it safely", async () => {
    const content = png(40, 30);
    const result = await upload(admin, mapId, "../../Grundriss Ost.png", "image/png", content);
    expect(result.errors).toBeUndefined();
    const path = result.data?.uploadCheckpointMapImage.map_path ?? "";
    // Never the user's name as a path: maps/<system>/<uuid>.<ext from the content>.
    expect(path).toMatch(/^maps\/1\/[0-9a-f-]{36}\.png$/);
    expect(storedFiles()).toEqual([path.split("/").pop()]);

    const served = await admin.get(`/backend/files/maps/${mapId}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(served.rawPayload).equals(Buffer.from(content))).toBe(true);

    const audit = await server.db.kysely
      .selectFrom("audit_logs")
      .innerJoin("audit_log_changes", "audit_log_changes.audit_log_id", "audit_logs.id")
      .select(["audit_logs.action", "audit_log_changes.field", "audit_log_changes.value_new"])
      .where("audit_logs.entity_type", "=", "checkpointMap")
      .where("audit_logs.entity_id", "=", mapId)
      .where("audit_log_changes.field", "=", "map_path")
      .execute();
    expect(audit).toEqual([{ action: "updated", field: "map_path", value_new: path }]);
  });

  it("replaces the image: the new file is stored, the old one removed", async () => {
    const before = (await mapOf(mapId))?.map_path ?? "";
    const result = await upload(admin, mapId, "plan.jpg", "image/jpeg", JPEG);
    expect(result.errors).toBeUndefined();
    const after = result.data?.uploadCheckpointMapImage.map_path ?? "";
    expect(after).toMatch(/^maps\/1\/[0-9a-f-]{36}\.jpg$/);
    expect(storedFiles()).toEqual([after.split("/").pop()]);
    expect(storedFiles()).not.toContain(before.split("/").pop());
    expect((await admin.get(`/backend/files/maps/${mapId}`)).headers["content-type"]).toBe("image/jpeg");
  });

  it.each([
    // spec: "Map image: max 5 MB." — one byte more is too big, whatever its content.
    ["too big", "huge.png", "image/png", Buffer.concat([Buffer.from(png(2, 2)), Buffer.alloc(MAP_IMAGE_MAX_BYTES)]), "validation.upload_too_big"],
    // spec §8 "Upload: could not be processed": the content decides, not the name or MIME type.
    ["text named .png", "plan.png", "image/png", Buffer.from("just some text, not a picture"), "validation.upload_unprocessable"],
    ["HTML posing as SVG", "plan.svg", "image/svg+xml", Buffer.from("<html><script>alert(1)</script></html>"), "validation.upload_unprocessable"],
    ["a WAV", "plan.png", "image/png", Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVEfmt "), Buffer.alloc(32)]), "validation.upload_unprocessable"],
    ["an empty file", "plan.png", "image/png", Buffer.alloc(0), "validation.upload_unprocessable"],
  ])("rejects %s with a translated VALIDATION error and keeps the previous image", async (_case, name, type, content, message) => {
    const before = await mapOf(mapId);
    const files = storedFiles();
    admin.language = "en";
    const result = await upload(admin, mapId, name, type, content);
    admin.language = "de";
    expect(codeOf(result)).toBe("VALIDATION");
    expect(fieldMessage(result)).toBe(message);
    // The message itself is in the caller's language, for API clients.
    expect(result.errors?.[0]?.message).toMatch(/^The file /);
    expect(await mapOf(mapId)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it("accepts an SVG but serves it so that its scripts cannot run", async () => {
    const result = await upload(admin, mapId, "plan.svg", "image/svg+xml", SVG_WITH_SCRIPT);
    expect(result.errors).toBeUndefined();
    const served = await admin.get(`/backend/files/maps/${mapId}`);
    expect(served.headers["content-type"]).toBe("image/svg+xml");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("sets map_path only by upload: create and update neither take nor clear it", async () => {
    const stored = (await mapOf(mapId))?.map_path;
    const forged = await admin.gql(CREATE_MAP, { data: { name: "Forged", map_path: "../../etc/passwd" } });
    expect(codeOf(forged)).toBe("VALIDATION");
    const renamed = await admin.gql<{ updateCheckpointMap: MapRecord }>(UPDATE_MAP, { id: mapId, data: { name: "Stock 1 Ost" } });
    expect(renamed.errors).toBeUndefined();
    expect(renamed.data?.updateCheckpointMap.map_path).toBe(stored);
  });

  it("keeps maps within their system: another system neither sees nor changes them", async () => {
    admin.system = "02";
    const result = await upload(admin, mapId, "plan.png", "image/png", png(4, 4));
    const served = await admin.get(`/backend/files/maps/${mapId}`);
    admin.system = "01";
    expect(codeOf(result)).toBe("NOT_FOUND");
    expect(served.statusCode).toBe(404);
    expect(storedFiles(2)).toEqual([]);
    expect((await admin.get("/backend/files/maps/abc")).statusCode).toBe(404);
  });

  it("lists a map's checkpoints by parent_id", async () => {
    const other = await admin.gql<{ createCheckpointMap: MapRecord }>(CREATE_MAP, { data: { name: "Stock 2" } });
    const otherId = other.data?.createCheckpointMap.id ?? 0;
    for (const [number, map] of [
      [1, mapId],
      [2, mapId],
      [3, otherId],
    ] as const) {
      const created = await admin.gql(CREATE_CHECKPOINT, { data: { number, checkpoint_map_id: map, position_x: 10 * number, position_y: 5 } });
      expect(created.errors).toBeUndefined();
    }
    const listed = await admin.gql<{ checkpoints: { total: number; items: { number: number }[] } }>(CHECKPOINTS, { filter: { parent_id: mapId } });
    expect(listed.data?.checkpoints.items.map((c) => c.number)).toEqual([1, 2]);
  });

  it("removes the image file when the map is deleted", async () => {
    const created = await admin.gql<{ createCheckpointMap: MapRecord }>(CREATE_MAP, { data: { name: "Temporary" } });
    const id = created.data?.createCheckpointMap.id ?? 0;
    const uploaded = await upload(admin, id, "t.png", "image/png", png(2, 2));
    const file = uploaded.data?.uploadCheckpointMapImage.map_path?.split("/").pop();
    expect(storedFiles()).toContain(file);
    expect((await admin.gql(DELETE_MAP, { ids: [id] })).errors).toBeUndefined();
    expect(storedFiles()).not.toContain(file);
  });
});
