import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { PDFParse } from "pdf-parse";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../../test-support/api.ts";
import { buildSystem, buildUser } from "../../test-support/builders.ts";
import { startTestServer, TEST_DIALECTS, type TestServer } from "../../test-support/test-server.ts";
import {
  cleanupExports,
  EXPORT_KEEP_MS,
  EXPORT_LIMITS,
  EXPORT_MAX_ROWS,
  EXPORT_PAGE,
  exportDir,
  exportsSettled,
  markInterruptedExports,
} from "./exports.service.ts";

const START = `mutation($filter: CallLogFilter, $format: ExportFormat!) {
  startCallLogExport(filter: $filter, format: $format) { id format state progress row_count error file_name } }`;
const JOB = `query($id: Int!) { export(id: $id) { id state progress row_count error file_name finished_at } }`;
const JOBS = `{ exports { id state } }`;
const CANCEL = `mutation($id: Int!) { cancelExport(id: $id) { id state } }`;
const RESTART = `mutation($id: Int!) { restartExport(id: $id) { id state } }`;
const AUDIT = `query($input: AuditLogFilter!) { auditLogs(input: $input) { entity_type action entity_id } }`;

interface Job {
  id: number;
  state: string;
  progress: number | null;
  row_count: number;
  error: string | null;
  file_name: string | null;
}
type Errors = { message: string; extensions?: Record<string, unknown> }[] | undefined;

describe.each(TEST_DIALECTS)("call log exports on %s", (dialect) => {
  let server: TestServer;
  let admin: TestClient;
  let nurse: TestClient;
  let other: TestClient;
  let dataDir: string;
  const csvMax = EXPORT_MAX_ROWS.CSV;

  beforeAll(async () => {
    // Export files go to DATA_DIR/exports: a temp folder on PostgreSQL too.
    dataDir = mkdtempSync(join(tmpdir(), "caresuite-exports-"));
    server = await startTestServer(dialect, dialect === "postgres" ? { DATA_DIR: dataDir } : {});
    await buildSystem(server.db.kysely, 1, "Haus Linde");
    const chef = await buildUser(server.db.kysely, { username: "chef", is_superuser: true });
    const n = await buildUser(server.db.kysely, { username: "nurse", permissions: ["calllog::use_module"], locale: "de" });
    const o = await buildUser(server.db.kysely, { username: "other", permissions: ["calllog::use_module"], locale: "en" });
    admin = new TestClient(server.app);
    nurse = new TestClient(server.app);
    other = new TestClient(server.app);
    server.clock.now = Date.parse("2026-03-20T10:00:00Z");
    await admin.login(chef.username, chef.password);
    await nurse.login(n.username, n.password);
    await other.login(o.username, o.password);
    const type = await admin.gql<{ createCallType: { id: number } }>(
      'mutation { createCallType(data: { name: "Herzalarm", char: "H", color: "#ff0000" }) { id } }',
    );
    const callTypeId = type.data?.createCallType.id ?? 0;
    // More than one page, so the job walks pages and yields between them.
    const rows = Array.from({ length: EXPORT_PAGE + 5 }, (_, i) => {
      const opened = Date.parse("2026-03-19T00:00:00Z") + i * 1000;
      return {
        system_id: 1,
        external_id: i + 1,
        device_id: 5,
        call_type_id: callTypeId,
        call_source_id: null,
        section_id: null,
        opened_at: opened,
        closed_at: opened + 60_000,
        close_reason: "test",
        manually_closed_by_username: null,
        handled_by_app_username: null,
        call_type_text: "Ruf",
        call_source_text: "Taster",
        device_text_short: "Z 101",
        device_text_long: i === 0 ? "=HYPERLINK(1)" : `Zimmer ${i}; Bett 1`,
        section_name: "Station A",
        seq: i + 1,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await server.db.kysely
        .insertInto("calls")
        .values(rows.slice(i, i + 500))
        .execute();
  });
  afterEach(async () => {
    EXPORT_MAX_ROWS.CSV = csvMax;
    await exportsSettled();
  });
  afterAll(async () => {
    await exportsSettled();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(client: TestClient, filter: Record<string, unknown> = {}, format = "CSV"): Promise<Job> {
    const answer = await client.gql<{ startCallLogExport: Job }>(START, { filter, format });
    expect(answer.errors).toBeUndefined();
    return answer.data?.startCallLogExport as Job;
  }
  const job = async (client: TestClient, id: number): Promise<Job | undefined> => (await client.gql<{ export: Job }>(JOB, { id })).data?.export;

  it("a CSV export runs to done with the report's CSV rules; only its creator downloads it; the start is audited", async () => {
    const started = await start(nurse, { range: "SINCE_BEGINNING", sort: "OPENED_AT", direction: "ASC", limit: 50, offset: 100 });
    expect(started.state).toBe("new");
    await exportsSettled();
    const done = await job(nurse, started.id);
    expect(done).toMatchObject({ state: "done", progress: 100, row_count: EXPORT_PAGE + 5, error: null, file_name: `rufprotokoll-${started.id}.csv` });

    const response = await nurse.get(`/backend/exports/${started.id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="rufprotokoll-${started.id}.csv"`);
    const text = response.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFFGeöffnet;Geschlossen;Dauer (s)")).toBe(true);
    const lines = text.split("\r\n");
    // header + rows + the empty string after the last line end; paging of the filter ignored.
    expect(lines).toHaveLength(EXPORT_PAGE + 5 + 2);
    // Oldest first as asked, times in the system's zone, the formula guard and quoting.
    expect(lines[1]).toBe("19.03.2026 01:00:00;19.03.2026 01:01:00;60;Herzalarm;Station A;'=HYPERLINK(1);Taster;;");
    expect(lines[2]).toContain(';"Zimmer 1; Bett 1";');

    // Another user (even with calllog::use_module) and anonymous get no file and no job.
    expect((await other.get(`/backend/exports/${started.id}/download`)).statusCode).toBe(404);
    expect((await other.gql(JOB, { id: started.id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    expect((await new TestClient(server.app).get(`/backend/exports/${started.id}/download`)).statusCode).toBe(401);
    const anonymous = await new TestClient(server.app).gql(START, { filter: {}, format: "CSV" });
    expect(anonymous.errors).toBeDefined();
    expect((await other.gql<{ exports: Job[] }>(JOBS)).data?.exports.map((j) => j.id)).not.toContain(started.id);
    expect((await nurse.gql<{ exports: Job[] }>(JOBS)).data?.exports.map((j) => j.id)).toContain(started.id);

    const audit = await admin.gql<{ auditLogs: { entity_type: string; action: string; entity_id: number }[] }>(AUDIT, {
      input: { limit: 20, entity_type: "callLogExport" },
    });
    expect(audit.data?.auditLogs).toContainEqual({ entity_type: "callLogExport", action: "created", entity_id: started.id });
  });

  it("an XLSX export has a header row and real dates in the system's wall clock; exceljs reads it back", async () => {
    const started = await start(other, { sort: "OPENED_AT", direction: "ASC" }, "XLSX");
    await exportsSettled();
    expect(await job(other, started.id)).toMatchObject({ state: "done", row_count: EXPORT_PAGE + 5, file_name: `call-log-${started.id}.xlsx` });
    const response = await other.get(`/backend/exports/${started.id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.rowCount).toBe(EXPORT_PAGE + 5 + 1);
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      "Opened",
      "Closed",
      "Duration (s)",
      "Call type",
      "Section",
      "Device",
      "Call source",
      "Handled by (app)",
      "Closed manually by",
    ]);
    const first = sheet?.getRow(2);
    // 00:00 UTC is 01:00 in Zurich (CET): the cell shows what the log shows.
    expect(first?.getCell(1).value).toEqual(new Date("2026-03-19T01:00:00.000Z"));
    expect(first?.getCell(1).numFmt).toBe("dd.mm.yyyy hh:mm:ss");
    expect(first?.getCell(2).value).toEqual(new Date("2026-03-19T01:01:00.000Z"));
    expect(first?.getCell(3).value).toBe(60);
    // A text that looks like a formula stays a text.
    expect(first?.getCell(6).value).toBe("=HYPERLINK(1)");
    expect(sheet?.getRow(3).getCell(6).value).toBe("Zimmer 1; Bett 1");
  });

  it("a PDF export: A4 landscape, the title, period and filter on page one, the calls, page numbers", async () => {
    const started = await start(nurse, { from: "2026-03-19", to: "2026-03-19", sort: "OPENED_AT", direction: "ASC", min_duration_seconds: 30 }, "PDF");
    await exportsSettled();
    expect(await job(nurse, started.id)).toMatchObject({ state: "done", row_count: EXPORT_PAGE + 5, file_name: `rufprotokoll-${started.id}.pdf` });
    const response = await nurse.get(`/backend/exports/${started.id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const parser = new PDFParse({ data: new Uint8Array(response.rawPayload) });
    try {
      const text = await parser.getText();
      const first = text.pages[0]?.text ?? "";
      expect(first).toContain("Rufprotokoll");
      expect(first).toContain("Zeitraum: 19.03.2026 00:00:00 – 20.03.2026 00:00:00 (Europe/Zurich)");
      expect(first).toContain("min_duration_seconds=30");
      expect(first).toContain("Geöffnet");
      expect(first).toContain("19.03.2026 01:00:00");
      expect(first).toContain("=HYPERLINK(1)");
      const pages = text.pages.length;
      expect(pages).toBeGreaterThan(40);
      expect(first).toContain(`Seite 1 von ${pages}`);
      expect(first).toContain(`${EXPORT_PAGE + 5} Rufe`);
      expect(text.pages[pages - 1]?.text).toContain(`Seite ${pages} von ${pages}`);
    } finally {
      await parser.destroy();
    }
    // A4 landscape: 841.89 × 595.28 points (the page dictionaries are not compressed).
    expect(response.rawPayload.toString("latin1")).toContain("/MediaBox [0 0 841.89 595.28]");
  });

  it("more rows than the format allows is a translated VALIDATION error on format; a bad filter is the call log's error", async () => {
    EXPORT_MAX_ROWS.CSV = 10;
    const tooMany = await nurse.gql(START, { filter: {}, format: "CSV" });
    expect(tooMany.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(tooMany.errors?.[0]?.extensions?.["fields"]).toEqual({
      format: [{ message: "validation.max_rows_exceeded", data: { field: "format", max: 10, format: "CSV" } }],
    });
    const bad = await nurse.gql(START, { filter: { min_duration_seconds: -1 }, format: "CSV" });
    expect((bad.errors as Errors)?.[0]?.extensions?.["fields"]).toHaveProperty("min_duration_seconds");
  });

  it("cancel stops a job and removes its file; a job running at a restart is interrupted and can run again", async () => {
    const first = await start(nurse);
    const canceled = await nurse.gql<{ cancelExport: Job }>(CANCEL, { id: first.id });
    expect(canceled.data?.cancelExport.state).toBe("canceled");
    await exportsSettled();
    expect((await job(nurse, first.id))?.state).toBe("canceled");
    expect(existsSync(`${exportDir(server.config.DATA_DIR)}/${first.id}.csv`)).toBe(false);
    expect((await other.gql(CANCEL, { id: first.id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");

    // A simulated stop: the job's row says running, no process runs it; the next start marks it.
    const second = await start(nurse);
    await exportsSettled();
    await server.db.kysely.updateTable("export_jobs").set({ state: "running", progress: 40 }).where("id", "=", second.id).execute();
    expect(await markInterruptedExports(server.db.kysely, server.clock.now)).toBe(1);
    expect((await job(nurse, second.id))?.state).toBe("interrupted");
    expect((await other.gql(RESTART, { id: second.id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
    const restarted = await nurse.gql<{ restartExport: Job }>(RESTART, { id: second.id });
    expect(restarted.data?.restartExport.state).toBe("new");
    await exportsSettled();
    expect(await job(nurse, second.id)).toMatchObject({ state: "done", row_count: EXPORT_PAGE + 5 });
    // A finished job is not restarted.
    expect((await nurse.gql(RESTART, { id: second.id })).errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(readdirSync(exportDir(server.config.DATA_DIR))).toContain(`${second.id}.csv`);

    // A canceled job runs again too; cancel and restart are audited as state changes.
    const again = await nurse.gql<{ restartExport: Job }>(RESTART, { id: first.id });
    expect(again.data?.restartExport.state).toBe("new");
    await exportsSettled();
    expect(await job(nurse, first.id)).toMatchObject({ state: "done", row_count: EXPORT_PAGE + 5 });
    const audit = await admin.gql<{ auditLogs: { entity_type: string; action: string; entity_id: number }[] }>(AUDIT, {
      input: { limit: 50, entity_type: "callLogExport" },
    });
    const updates = audit.data?.auditLogs.filter((entry) => entry.action === "updated").map((entry) => entry.entity_id);
    expect(updates?.filter((id) => id === first.id)).toHaveLength(2);
    expect(updates?.filter((id) => id === second.id)).toHaveLength(1);
  });

  it("a restart right after a cancel waits for the canceled run to stop: the new file stays and is whole", async () => {
    const first = await start(nurse, {}, "XLSX");
    expect((await nurse.gql<{ cancelExport: Job }>(CANCEL, { id: first.id })).data?.cancelExport.state).toBe("canceled");
    // No wait: the canceled run is still between pages when the restart starts.
    expect((await nurse.gql<{ restartExport: Job }>(RESTART, { id: first.id })).data?.restartExport.state).toBe("new");
    await exportsSettled();
    expect(await job(nurse, first.id)).toMatchObject({ state: "done", row_count: EXPORT_PAGE + 5 });
    const response = await nurse.get(`/backend/exports/${first.id}/download`);
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(EXPORT_PAGE + 5 + 1);
  });

  it("a user has at most two exports new or running at once: a translated VALIDATION error; others are not held up", async () => {
    expect(EXPORT_LIMITS.activePerUser).toBe(2);
    const a = await start(nurse);
    const b = await start(nurse);
    await exportsSettled();
    // Two jobs that still run (as a long export would), without a process running them.
    await server.db.kysely.updateTable("export_jobs").set({ state: "running" }).where("id", "in", [a.id, b.id]).execute();
    const third = await nurse.gql(START, { filter: {}, format: "CSV" });
    expect(third.errors?.[0]?.extensions?.["code"]).toBe("VALIDATION");
    expect(third.errors?.[0]?.extensions?.["fields"]).toEqual({
      format: [{ message: "validation.too_many_exports", data: { field: "format", max: 2 } }],
    });
    // Another user still starts one.
    await start(other);
    // A restart counts as well; after a cancel there is room again.
    await server.db.kysely.updateTable("export_jobs").set({ state: "interrupted" }).where("id", "=", a.id).execute();
    await server.db.kysely.updateTable("export_jobs").set({ state: "running" }).where("id", "=", b.id).execute();
    const c = await start(nurse);
    await server.db.kysely.updateTable("export_jobs").set({ state: "running" }).where("id", "=", c.id).execute();
    expect((await nurse.gql(RESTART, { id: a.id })).errors?.[0]?.extensions?.["fields"]).toHaveProperty("format");
    expect((await nurse.gql<{ cancelExport: Job }>(CANCEL, { id: b.id })).data?.cancelExport.state).toBe("canceled");
    expect((await nurse.gql<{ restartExport: Job }>(RESTART, { id: a.id })).data?.restartExport.state).toBe("new");
    await exportsSettled();
    await server.db.kysely.updateTable("export_jobs").set({ state: "canceled" }).where("id", "=", c.id).execute();
  });

  it("the cleanup deletes jobs and files older than a month and files no job knows", async () => {
    const kept = await start(nurse, {}, "PDF");
    await exportsSettled();
    const dir = exportDir(server.config.DATA_DIR);
    writeFileSync(join(dir, "999999.csv"), "left by a crash");
    await cleanupExports(server.db.kysely, server.config.DATA_DIR, server.clock.now);
    expect(readdirSync(dir)).toContain(`${kept.id}.pdf`);
    expect(readdirSync(dir)).not.toContain("999999.csv");
    await cleanupExports(server.db.kysely, server.config.DATA_DIR, server.clock.now + EXPORT_KEEP_MS + 1);
    expect(readdirSync(dir)).toEqual([]);
    // A done job whose file is gone is not found, not a server error.
    const orphan = await start(nurse);
    await exportsSettled();
    rmSync(join(dir, `${orphan.id}.csv`));
    expect((await nurse.get(`/backend/exports/${orphan.id}/download`)).statusCode).toBe(404);
    expect((await nurse.gql(JOB, { id: kept.id })).errors?.[0]?.extensions?.["code"]).toBe("NOT_FOUND");
  });
});
