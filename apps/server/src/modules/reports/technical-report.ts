import {
  criterionCode,
  formatLocalDate,
  formatZonedDateTime,
  includedSections,
  isLongCall,
  isLowBattery,
  isProbableDefect,
  monitoredKind,
  probableDefectWindow,
  reportDeviceKinds,
  type Locale,
  type ReportKind,
  type ReportPeriod,
  type TechnicalReportSection,
  type TechnicalReportSettings,
  type technicalReport,
} from "@caresuite/domain";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { devicePaths } from "../defects/device-paths.ts";
import { entityTables, type EntityRow } from "../entities/entity-tables.ts";
import type { MailMessage } from "./mailer.ts";
import { translateTechnical } from "./technical-report-messages.ts";

/**
 * The technical e-mail report's content (spec data §3.8 "Report: ..."; docs/decisions/038): one
 * section per included topic, each listing devices of the enabled device types (radio, technical,
 * wired) or calls. Which device or call belongs in a section is the domain's rule
 * (rules/technical-reports.ts); this file reads the data.
 */

export type TechnicalReportRow = EntityRow<typeof technicalReport>;

/** Node kinds that are devices (as the analytics boxes count them). */
const DEVICE_KINDS = ["device", "tech"] as const;

/** The stored row as the domain's settings (0/1 columns as booleans, null numbers as their defaults). */
export function settingsOf(row: TechnicalReportRow): TechnicalReportSettings {
  return {
    enabled: row.enabled === 1,
    send_daily: row.send_daily === 1,
    send_weekly: row.send_weekly === 1,
    send_monthly: row.send_monthly === 1,
    include_battery: row.include_battery === 1,
    include_long_calls: row.include_long_calls === 1,
    include_not_reachable: row.include_not_reachable === 1,
    include_probable_defects: row.include_probable_defects === 1,
    battery_threshold: row.battery_threshold ?? 40,
    call_duration_threshold: row.call_duration_threshold ?? 30,
    probable_defect_count_threshold: row.probable_defect_count_threshold ?? 5,
    probable_defect_criterion: row.probable_defect_criterion ?? "",
    probable_defect_duration: row.probable_defect_duration ?? 24,
    radio_enabled: row.radio_enabled === 1,
    technical_enabled: row.technical_enabled === 1,
    wired_enabled: row.wired_enabled === 1,
  };
}

export interface ReportSectionContent {
  section: TechnicalReportSection;
  title: string;
  lines: string[];
}

interface Context {
  db: Kysely<Database>;
  systemId: number;
  report: TechnicalReportSettings;
  period: ReportPeriod;
  /** The report's time: the send time it is due for. */
  at: number;
  zone: string;
  locale: Locale;
}

async function devicesOfReport(c: Context) {
  const kinds = new Set(reportDeviceKinds(c.report));
  const nodes = await c.db
    .selectFrom("system_tree_nodes")
    .select(["id", "battery", "reachable", "last_reachable_at", "is_tech", "radio"])
    .where("system_id", "=", c.systemId)
    .where("kind", "in", [...DEVICE_KINDS])
    .orderBy("id")
    .execute();
  return nodes.filter((node) => kinds.has(monitoredKind({ is_tech: node.is_tech === 1, radio: node.radio === 1 })));
}

async function sectionLines(
  c: Context,
  section: TechnicalReportSection,
  devices: Awaited<ReturnType<typeof devicesOfReport>>,
): Promise<{ ids: number[]; line: (name: string, i: number) => string }> {
  const { db, report, locale } = c;
  switch (section) {
    case "battery": {
      const low = devices.filter((d) => isLowBattery(d.battery, report.battery_threshold)).sort((a, b) => Number(a.battery) - Number(b.battery));
      return { ids: low.map((d) => d.id), line: (device, i) => translateTechnical("line.battery", locale, { device, level: low[i]?.battery }) };
    }
    case "not_reachable": {
      const gone = devices.filter((d) => d.reachable === 0);
      return {
        ids: gone.map((d) => d.id),
        line: (device, i) => {
          const last = gone[i]?.last_reachable_at;
          const since = last === null || last === undefined ? translateTechnical("line.never", locale) : formatZonedDateTime(Number(last), c.zone);
          return translateTechnical("line.not_reachable", locale, { device, since });
        },
      };
    }
    case "long_calls": {
      // Calls open during the period (or still open at the report's time) for at least the threshold.
      const calls = (
        await db
          .selectFrom("calls")
          .select(["device_id", "call_type_text", "opened_at", "closed_at"])
          .where("system_id", "=", c.systemId)
          .where("opened_at", "<", c.at)
          .where((eb) => eb.or([eb("closed_at", "is", null), eb("closed_at", ">=", c.period.from)]))
          .orderBy("opened_at")
          .limit(5_000)
          .execute()
      )
        .map((call) => ({ ...call, opened_at: Number(call.opened_at), closed_at: call.closed_at === null ? null : Number(call.closed_at) }))
        .filter((call) => isLongCall(call, report.call_duration_threshold, c.at));
      return {
        ids: calls.map((call) => call.device_id),
        line: (device, i) => {
          const call = calls[i];
          if (!call) return device;
          return translateTechnical("line.long_call", locale, {
            device,
            type: call.call_type_text,
            opened: formatZonedDateTime(call.opened_at, c.zone),
            minutes: Math.floor(((call.closed_at ?? c.at) - call.opened_at) / 60_000),
            open: call.closed_at === null ? translateTechnical("line.still_open", locale) : "",
          });
        },
      };
    }
    case "probable_defects": {
      const window = probableDefectWindow(report.probable_defect_duration, c.at);
      const allowed = new Set(devices.map((d) => d.id));
      const counts = await db
        .selectFrom("calls")
        .select((eb) => ["device_id", eb.fn.countAll<number>().as("n")])
        .where("system_id", "=", c.systemId)
        .where("call_type_id", "=", criterionCode(report.probable_defect_criterion))
        .where("opened_at", ">=", window.from)
        .where("opened_at", "<", window.to)
        .groupBy("device_id")
        .execute();
      const hits = counts
        .map((row) => ({ id: row.device_id, n: Number(row.n) }))
        .filter((row) => allowed.has(row.id) && isProbableDefect(row.n, report.probable_defect_count_threshold))
        .sort((a, b) => b.n - a.n || a.id - b.id);
      return { ids: hits.map((h) => h.id), line: (device, i) => translateTechnical("line.probable_defect", locale, { device, count: hits[i]?.n }) };
    }
  }
}

function sectionTitle(c: Context, section: TechnicalReportSection): string {
  const r = c.report;
  switch (section) {
    case "battery":
      return translateTechnical("section.battery", c.locale, { threshold: r.battery_threshold });
    case "long_calls":
      return translateTechnical("section.long_calls", c.locale, { threshold: r.call_duration_threshold });
    case "not_reachable":
      return translateTechnical("section.not_reachable", c.locale);
    case "probable_defects":
      return translateTechnical("section.probable_defects", c.locale, {
        count: r.probable_defect_count_threshold,
        criterion: r.probable_defect_criterion,
        hours: r.probable_defect_duration,
      });
  }
}

/** The included sections with their lines (device paths as in the tree). */
export async function technicalReportSections(c: Context): Promise<ReportSectionContent[]> {
  const sections = includedSections(c.report);
  const devices = await devicesOfReport(c);
  const out: ReportSectionContent[] = [];
  for (const section of sections) {
    const { ids, line } = await sectionLines(c, section, devices);
    const paths = await devicePaths(c.db, c.systemId, [...new Set(ids)]);
    out.push({ section, title: sectionTitle(c, section), lines: ids.map((id, i) => line(paths.get(id)?.path ?? `#${id}`, i)) });
  }
  return out;
}

/** The e-mail of one report and period. */
export async function technicalReportMail(
  db: Kysely<Database>,
  row: TechnicalReportRow,
  kind: ReportKind,
  period: ReportPeriod,
  at: number,
  zone: string,
  locale: Locale,
): Promise<MailMessage> {
  const report = settingsOf(row);
  const sections = await technicalReportSections({ db, systemId: row.system_id, report, period, at, zone, locale });
  const system = await db.selectFrom("systems").select("name").where("id", "=", row.system_id).executeTakeFirst();
  const systemName = system?.name ?? String(row.system_id);
  const periodText = kind === "daily" ? formatLocalDate(period.firstDay) : `${formatLocalDate(period.firstDay)} – ${formatLocalDate(period.lastDay)}`;
  const body = [
    translateTechnical("intro", locale, { system: systemName, period: periodText, timezone: zone, at: formatZonedDateTime(at, zone) }),
    ...sections.map((s) => [`${s.title}:`, ...(s.lines.length > 0 ? s.lines.map((l) => `- ${l}`) : [`- ${translateTechnical("none", locale)}`])].join("\n")),
    translateTechnical("outro", locale),
  ].join("\n\n");
  return {
    to: [row.email ?? ""],
    subject: translateTechnical(`subject.${kind}`, locale, { system: systemName, period: periodText }),
    text: body,
    // Names the report and period: receivers that deduplicate see one report (as the call reports do).
    messageId: `<technical.${row.system_id}.${row.id}.${kind}.${period.key}@caresuite.invalid>`,
  };
}

/** Every enabled technical report of every system (the scheduler's pass). */
export async function enabledTechnicalReports(db: Kysely<Database>): Promise<TechnicalReportRow[]> {
  return (await entityTables(db)
    .selectFrom("technical_reports")
    .selectAll()
    .where("enabled", "=", 1)
    .orderBy("system_id")
    .orderBy("id")
    .execute()) as TechnicalReportRow[];
}
