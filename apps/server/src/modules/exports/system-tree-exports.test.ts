import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { PDFParse } from "pdf-parse";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildUser } from "../../test-support/builders.ts";
import { activateTestLicence } from "../../test-support/licences.ts";
import { until } from "../../test-support/linked-system.ts";
import { startTestSimulator, type TestSimulator } from "../../test-support/simulator.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import { entityTables } from "../entities/entity-tables.ts";
import { EXPORT_MAX_ROWS, exportsSettled } from "./exports.service.ts";

const START = `mutation($source: String!, $format: ExportFormat!) {
  startExport(source: $source, format: $format) { id source format state row_count error file_name } }`;
const JOB = `query($id: Int!) { export(id: $id) { id source state progress row_count error file_name } }`;
const JOBS = `query($source: String) { exports(source: $source) { id source state } }`;
const CANCEL = `mutation($id: Int!) { cancelExport(id: $id) { id state } }`;
const RESTART = `mutation($id: Int!) { restartExport(id: $id) { id state row_count } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type action entity_id } }`;

interface Job {
  id: number;
  source: string;
  state: string;
  progress: number | null;
  row_count: number;
  error: string | null;
  file_name: string | null;
}
interface Node {
  id: number;
  name: string;
  kind: string;
  parent_id: number | null;
  section_id: number | null;
  call_source_id: number | null;
}

/** The CSV's lines split into cells (";" for de, "," for en; no cell of the demo tree holds a quote). */
function parseCsv(text: string, separator: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  for (const line of text.slice(1).split("\r\n")) {
    if (line === "") continue;
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i] as string;
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i += 1;
        } else if (ch === '"') quoted = false;
        else cell += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === separator) {
        cells.push(cell);
        cell = "";
      } else cell += ch;
    }
    cells.push(cell);
    rows.push(cells);
  }
  return rows;
}

describe.each(TEST_DIALECTS)("system tree exports on %s", (dialect) => {
  let simulator: TestSimulator;
  let server: TestServer;
  let admin: TestClient;
  let nurse: TestClient;
  let station: TestClient;
  let logOnly: TestClient;
  let dataDir: string;
  let nodes: Node[];
  let sections: Map<number, string>;
  const pdfMax = EXPORT_MAX_ROWS.PDF;

  const signIn = async (options: Parameters<typeof buildUser>[1]): Promise<{ id: number; client: TestClient }> => {
    const user = await buildUser(server.db.kysely, options);
    const client = new TestClient(server.app);
    await client.login(user.username, user.password);
    return { id: user.id, client };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-tree-exports-"));
    simulator = await startTestSimulator();
    server = await startTestServer(dialect, dialect === "postgres" ? { DATA_DIR: dataDir } : {}, { links: true });
    const root = await buildUser(server.db.kysely, { username: "root", is_superuser: true, locale: "de" });
    admin = new TestClient(server.app);
    await admin.login(root.username, root.password);
    const configured = await admin.gql(
      `mutation { createInitialConfigurator(ip: "127.0.0.1", username: "admin", password: "admin", tcp_port: ${simulator.port}) { id } }`,
    );
    expect(configured.errors).toBeUndefined();
    await until(
      async () =>
        Boolean((await server.db.kysely.selectFrom("callsystem_links").select("imported_at").where("system_id", "=", 1).executeTakeFirst())?.imported_at),
      (ready) => ready,
    );
    nodes = (await admin.gql<{ systemTreeNodes: Node[] }>("{ systemTreeNodes { id name kind parent_id section_id call_source_id } }")).data
      ?.systemTreeNodes as Node[];
    sections = new Map(
      (await entityTables(server.db.kysely).selectFrom("sections").selectAll().where("system_id", "=", 1).execute()).map((s) => [
        Number(s["id"]),
        String(s["name"]),
      ]),
    );
    nurse = (await signIn({ username: "pflege", permissions: ["systemtree::use_module"], locale: "en" })).client;
    // Station 1 only: a call source group over the call sources of the rooms on 1. OG (section 1).
    const limited = await signIn({ username: "station1", permissions: ["systemtree::use_module"], locale: "de" });
    station = limited.client;
    const firstFloorSources = [...new Set(nodes.filter((n) => n.kind === "room" && n.section_id === 1).map((n) => n.call_source_id))];
    expect(firstFloorSources.length).toBeGreaterThan(3);
    const group = await admin.gql<{ createCallSourceGroup: { id: number } }>(
      `mutation ($data: CallSourceGroupInput!) { createCallSourceGroup(data: $data) { id } }`,
      { data: { name: "Station 1", flag: "None", related_callsources: firstFloorSources, timeout_minutes: 0 } },
    );
    expect(group.errors).toBeUndefined();
    const role = await server.db.kysely.selectFrom("user_roles").select("role_id").where("user_id", "=", limited.id).executeTakeFirstOrThrow();
    await server.db.kysely
      .insertInto("role_callsource_group_permissions")
      .values({ role_id: role.role_id, system_id: 1, callsource_group_id: group.data?.createCallSourceGroup.id ?? 0, permission_level: "Read" })
      .execute();
    logOnly = (await signIn({ username: "protokoll", permissions: ["calllog::use_module"] })).client;
  });
  afterEach(async () => {
    EXPORT_MAX_ROWS.PDF = pdfMax;
    await exportsSettled();
  });
  afterAll(async () => {
    await exportsSettled();
    await server.close();
    await simulator.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function exported(client: TestClient, format: string): Promise<{ job: Job; body: Buffer }> {
    const answer = await client.gql<{ startExport: Job }>(START, { source: "SystemTree", format });
    expect(answer.errors).toBeUndefined();
    const started = answer.data?.startExport as Job;
    expect(started).toMatchObject({ source: "SystemTree", format, state: "new" });
    await exportsSettled();
    const job = (await client.gql<{ export: Job }>(JOB, { id: started.id })).data?.export as Job;
    expect(job).toMatchObject({ state: "done", progress: 100, error: null });
    const response = await client.get(`/backend/exports/${started.id}/download`);
    expect(response.statusCode).toBe(200);
    return { job, body: response.rawPayload };
  }

  it("a superuser's CSV holds every node in tree order with path, kind, texts, number, section, battery and reachability; audited", async () => {
    const { job, body } = await exported(admin, "CSV");
    expect(job.file_name).toBe(`systembaum-${job.id}.csv`);
    expect(job.row_count).toBe(nodes.length);
    const rows = parseCsv(body.toString("utf8"), ";");
    expect(rows[0]).toEqual(["Pfad", "Art", "Name", "Text lang", "Text kurz", "Nummer", "Abteilung", "Batterie (%)", "Erreichbarkeit"]);
    expect(rows).toHaveLength(nodes.length + 1);
    // Tree order: the first building, then its first floor, ...; every row's path is the rows above it.
    expect(rows[1]?.slice(0, 3)).toEqual(["", "Gebäude", "Haus A"]);
    const room = rows.find((r) => r[2] === "Zimmer 101" && r[1] === "Zimmer");
    expect(room?.[0]).toBe("Haus A / 1. OG");
    expect(room?.[6]).toBe(sections.get(1));
    const roomIndex = rows.indexOf(room as string[]);
    const roomNode = nodes.find((n) => n.name === "Zimmer 101" && n.kind === "room") as Node;
    const bed = nodes.find((n) => n.parent_id === roomNode.id && n.kind === "device") as Node;
    const bedRow = rows.find((r) => r[0] === "Haus A / 1. OG / Zimmer 101" && r[2] === bed.name);
    expect(bedRow?.[1]).toBe("Gerät");
    expect(bedRow?.[6]).toBe(sections.get(1));
    expect(rows.indexOf(bedRow as string[])).toBeGreaterThan(roomIndex);
    // A radio device has a battery percentage; reachability is a word.
    expect(bedRow?.[7]).toMatch(/^\d{1,3}$/);
    expect(bedRow?.[8]).toMatch(/^(erreichbar|nicht erreichbar)/);
    // A technical alarm the superuser sees.
    expect(rows.some((r) => r[2] === "Heizung" && r[1] === "Technisches Gerät")).toBe(true);

    const audit = await admin.gql<{ auditLogs: { entity_type: string; action: string; entity_id: number }[] }>(AUDIT, {
      input: { limit: 20, entity_type: "systemTreeExport" },
    });
    expect(audit.data?.auditLogs).toContainEqual({ entity_type: "systemTreeExport", action: "created", entity_id: job.id });
  });

  it("an XLSX in the user's language (en) with numbers as numbers; exceljs reads it back; hidden technical and wired devices are left out", async () => {
    await activateTestLicence(admin);
    const { job, body } = await exported(nurse, "XLSX");
    expect(job.file_name).toBe(`system-tree-${job.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(body as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("System tree");
    expect(sheet?.getRow(1).values).toEqual([undefined, "Path", "Kind", "Name", "Long text", "Short text", "Number", "Section", "Battery (%)", "Reachability"]);
    const values = Array.from({ length: (sheet?.rowCount ?? 1) - 1 }, (_, i) => sheet?.getRow(i + 2).values as unknown[]);
    expect(values).toHaveLength(job.row_count);
    const room = values.find((v) => v[3] === "Zimmer 101" && v[2] === "Room");
    expect(room?.[1]).toBe("Haus A / 1. OG");
    expect(room?.[6]).toBe(101);
    expect(room?.[7]).toBe(sections.get(1));
    expect(values.some((v) => typeof v[8] === "number")).toBe(true);
    // Without see_tech_devices and see_wired_devices (spec §6) the lift alarm and the corridor display are not in the file.
    expect(values.some((v) => v[3] === "Aufzug Haus A")).toBe(false);
    expect(values.some((v) => v[3] === "Flurdisplay 1. OG")).toBe(false);
    const visible = (await nurse.gql<{ systemTreeNodes: Node[] }>("{ systemTreeNodes { id } }")).data?.systemTreeNodes.length;
    expect(job.row_count).toBe(visible);
  });

  it("a user limited to Station 1's call sources gets only its rooms and devices (and the structure above them)", async () => {
    const { job, body } = await exported(station, "CSV");
    const rows = parseCsv(body.toString("utf8"), ";").slice(1);
    expect(rows).toHaveLength(job.row_count);
    const names = new Set(rows.map((r) => r[2]));
    expect(names.has("Zimmer 101")).toBe(true);
    const otherRooms = nodes.filter((n) => n.kind === "room" && n.section_id !== 1);
    expect(otherRooms.length).toBeGreaterThan(3);
    for (const room of otherRooms) expect(names.has(room.name)).toBe(false);
    // Every room and device in the file is on Station 1.
    const placed = rows.filter((r) => r[1] === "Zimmer" || r[1] === "Gerät" || r[1] === "Person");
    expect(placed.length).toBeGreaterThan(5);
    expect(placed.every((r) => r[6] === sections.get(1))).toBe(true);
    const visible = (await station.gql<{ systemTreeNodes: Node[] }>("{ systemTreeNodes { id } }")).data?.systemTreeNodes.length;
    expect(job.row_count).toBe(visible);
  });

  it("a PDF: the title, the system and the nodes, page numbers; too many nodes for the format is the translated VALIDATION error", async () => {
    const { job, body } = await exported(admin, "PDF");
    const parser = new PDFParse({ data: new Uint8Array(body) });
    try {
      const text = await parser.getText();
      const first = text.pages[0]?.text ?? "";
      expect(first).toContain("Systembaum");
      expect(first).toContain("Pfad");
      expect(first).toContain("Haus A");
      expect(first).toContain(`${job.row_count} Elemente`);
      expect(first).toContain(`Seite 1 von ${text.pages.length}`);
      expect(text.pages.map((p) => p.text).join("\n")).toContain("Zimmer 101");
    } finally {
      await parser.destroy();
    }
    EXPORT_MAX_ROWS.PDF = 10;
    const tooMany = await admin.gql(START, { source: "SystemTree", format: "PDF" });
    expect(tooMany.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(tooMany.errors?.[0]?.extensions?.["fields"]).toEqual({
      format: [{ message: "validation.max_rows_exceeded", data: { field: "format", max: 10, format: "PDF" } }],
    });
  });

  it("refuses anonymous and unpermitted callers and an unknown source; the tree's jobs are the tree users' only", async () => {
    const anonymous = await new TestClient(server.app).gql(START, { source: "SystemTree", format: "CSV" });
    expect(anonymous.errors?.[0]?.extensions?.["code"]).toBeDefined();
    expect(anonymous.data?.startExport ?? null).toBeNull();
    // calllog::use_module alone: the call log, not the tree.
    const refused = await logOnly.gql(START, { source: "SystemTree", format: "CSV" });
    expect(refused.errors?.[0]?.extensions?.["code"]).toBe("MISSING_PERMISSION");
    const bad = await admin.gql(START, { source: "Rooms", format: "CSV" });
    expect(bad.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(bad.errors?.[0]?.extensions?.["fields"]).toEqual({ source: [{ message: "validation.one_option_required", data: { field: "source" } }] });
    expect((await admin.gql(JOBS, { source: "Rooms" })).errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");

    // The source filter of the list; another user's and another source's jobs are not listed.
    const mine = await nurse.gql<{ startExport: Job }>(START, { source: "SystemTree", format: "CSV" });
    await exportsSettled();
    const id = mine.data?.startExport.id as number;
    const listed = (await nurse.gql<{ exports: Job[] }>(JOBS, { source: "SystemTree" })).data?.exports ?? [];
    expect(listed.map((j) => j.id)).toContain(id);
    expect(listed.every((j) => j.source === "SystemTree")).toBe(true);
    expect((await nurse.gql<{ exports: Job[] }>(JOBS, { source: "Calls" })).data?.exports).toEqual([]);
    expect((await logOnly.gql<{ exports: Job[] }>(JOBS, {})).data?.exports).toEqual([]);
    expect((await logOnly.gql(JOB, { id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await logOnly.get(`/backend/exports/${id}/download`)).statusCode).toBe(404);
    expect((await new TestClient(server.app).get(`/backend/exports/${id}/download`)).statusCode).toBe(401);

    // Cancel and restart work on tree jobs as on call log jobs, audited as the tree's.
    const canceled = await nurse.gql<{ cancelExport: Job }>(CANCEL, { id });
    expect(canceled.data?.cancelExport.state).toBe("done");
    await server.db.kysely.updateTable("export_jobs").set({ state: "interrupted" }).where("id", "=", id).execute();
    const restarted = await nurse.gql<{ restartExport: Job }>(RESTART, { id });
    expect(restarted.data?.restartExport.state).toBe("new");
    await exportsSettled();
    expect((await nurse.gql<{ export: Job }>(JOB, { id })).data?.export.state).toBe("done");
    const audit = await admin.gql<{ auditLogs: { entity_type: string; action: string; entity_id: number }[] }>(AUDIT, {
      input: { limit: 50, entity_type: "systemTreeExport" },
    });
    expect(audit.data?.auditLogs).toContainEqual({ entity_type: "systemTreeExport", action: "updated", entity_id: id });
  });

  it("a tree user without the management licence is refused (the tree's licence scope); a superuser is not", async () => {
    await server.db.kysely.updateTable("licences").set({ is_active: 0 }).execute();
    const refused = await nurse.gql(START, { source: "SystemTree", format: "CSV" });
    expect(refused.errors?.[0]?.extensions?.["code"]).toBeDefined();
    expect(refused.errors?.[0]?.extensions?.["code"]).not.toBe("VALIDATION");
    const allowed = await admin.gql<{ startExport: Job }>(START, { source: "SystemTree", format: "CSV" });
    expect(allowed.errors).toBeUndefined();
  });
});
