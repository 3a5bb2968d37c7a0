import { activeDisplayGroup, parseDisplayQuery, passesSectionsFilter, timeSinceOpened, type DisplayQuery, type GroupSelection } from "@caresuite/domain";

/** The font sizes of the board (spec: "fontsize (larger, largest; default normal)"). */
export type DisplayFontSize = "normal" | "larger" | "largest";

/** An open call as the board reads one (callsChanged). */
export interface BoardCall {
  id: number;
  system_id: number;
  number: number;
  opened_at: string;
  device_text_long: string;
  device_text_short: string;
  section_id: number | null;
  section_name: string;
  handled_by_app_username: string | null;
  call_source: { char: string } | null;
  /** The call source's text (its tooltip on the card); absent in older fixtures. */
  call_source_text?: string;
  call_type: { id: number; name: string; color: string; urgency: string; flag: string } | null;
  /** For the manual closure rule (domain canCloseCallManually). */
  section: { allow_manual_call_closure: boolean } | null;
  system_tree_node: { deny_manual_call_closure: boolean } | null;
}

export interface BoardGroup {
  id: number;
  connections: { section_id: number | null; call_type_id: number | null }[];
}

type GroupSlot = `${"weekday" | "weekend"}_display_group_${1 | 2 | 3 | 4 | 5}_id`;

/** One system's setting of a display profile: schedules and up to five groups per part. */
export type BoardProfileSetting = {
  system_id: number;
  weekday_schedule_id: number | null;
  weekend_schedule_id: number | null;
} & { [slot in GroupSlot]: number | null };

export function readFontSize(value: string | null | undefined): DisplayFontSize | null {
  return value === "normal" || value === "larger" || value === "largest" ? value : null;
}

/** The query parameters the board understands, read defensively (domain parseDisplayQuery). */
export function readDisplayQuery(search: URLSearchParams): DisplayQuery {
  return parseDisplayQuery(search);
}

/** "07:30" → 450; null for anything else. */
export function timeOfDayToMinutes(value: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})/.exec(value ?? "");
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

function groupsOf(setting: BoardProfileSetting, part: "weekday" | "weekend"): (number | null)[] {
  return ([1, 2, 3, 4, 5] as const).map((n) => setting[`${part}_display_group_${n}_id`] ?? null);
}

/**
 * The display group in force for one system's setting of a profile (weekend window, schedule
 * slot, sentinels: the domain's activeDisplayGroup). No setting for the system: nothing shows.
 */
export function selectionFor(input: {
  setting: BoardProfileSetting | null;
  schedules: readonly { id: number; times: readonly string[] }[];
  weekendStart: number;
  weekendStop: number;
  now: Date;
}): GroupSelection {
  const { setting } = input;
  if (!setting) return { kind: "none" };
  const timesOf = (id: number | null) => (input.schedules.find((s) => s.id === id)?.times ?? []).map(timeOfDayToMinutes);
  return activeDisplayGroup({
    now: input.now,
    weekendStart: input.weekendStart,
    weekendStop: input.weekendStop,
    weekday: { scheduleId: setting.weekday_schedule_id, times: timesOf(setting.weekday_schedule_id), groups: groupsOf(setting, "weekday") },
    weekend: { scheduleId: setting.weekend_schedule_id, times: timesOf(setting.weekend_schedule_id), groups: groupsOf(setting, "weekend") },
  });
}

/** The sections parameter as the board applies it at one moment (domain sectionsFilterActive). */
export interface SectionsFilter {
  sections: readonly number[];
  /** False inside ignore_sections_time or without sections. */
  active: boolean;
  /** ignore_sections_filter_for_call_types. */
  alwaysShownCallTypes: readonly number[];
}

/**
 * Which open calls the board shows: "all" every call, "none" none, "section" the calls of the
 * `sections` parameter, a group the calls matching one of its connections (a null field of a
 * connection matches anything). An active sections filter narrows every selection; calls of
 * ignore_sections_filter_for_call_types pass it. `sections` may be a plain list (always active).
 */
export function callsForSelection<T extends BoardCall>(
  calls: readonly T[],
  selection: GroupSelection,
  groups: readonly BoardGroup[],
  sections: readonly number[] | SectionsFilter,
  options: { showPresences?: boolean } = {},
): T[] {
  const filter: SectionsFilter = Array.isArray(sections)
    ? { sections: sections as readonly number[], active: sections.length > 0, alwaysShownCallTypes: [] }
    : (sections as SectionsFilter);
  const inSections = (call: T) =>
    passesSectionsFilter({ section_id: call.section_id, call_type_id: call.call_type?.id ?? null }, filter.sections, filter.active, filter.alwaysShownCallTypes);
  switch (selection.kind) {
    case "none":
      return [];
    case "all":
      return calls.filter(inSections);
    case "section":
      // spec sentinel 253 "section": the board's own sections; none given, nothing to show.
      return filter.sections.length === 0 ? [] : calls.filter(inSections);
    case "group": {
      const connections = groups.find((g) => g.id === selection.id)?.connections ?? [];
      return calls.filter(
        (call) =>
          inSections(call) &&
          connections.some(
            (c) =>
              (c.section_id === null || c.section_id === call.section_id) &&
              // spec §4: with show_presences, presence call types join each section's call types.
              (c.call_type_id === null || c.call_type_id === call.call_type?.id || (options.showPresences === true && call.call_type?.flag === "Presence")),
          ),
      );
    }
  }
}

/** Splits presence calls (call type flag "Presence") from the cards. */
export function splitPresences<T extends BoardCall>(calls: readonly T[], showPresences: boolean): { cards: T[]; presences: T[] } {
  const isPresence = (call: T) => call.call_type?.flag === "Presence";
  return { cards: calls.filter((c) => !isPresence(c)), presences: showPresences ? calls.filter(isPresence) : [] };
}

/** spec: "Time since opened: under 10 seconds reads as just now"; else mm:ss. */
export function sinceLabel(openedAt: string, now: number): { kind: "just_now" } | { kind: "elapsed"; text: string } {
  const since = timeSinceOpened(openedAt, now);
  if (since.kind === "just_now" || !Number.isFinite(since.minutes)) return { kind: "just_now" };
  return { kind: "elapsed", text: `${String(since.minutes).padStart(2, "0")}:${String(since.seconds).padStart(2, "0")}` };
}

/** "HH:mm:ss" of a moment, for the connection banner. */
export function clockTime(ms: number, seconds = true): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return seconds ? `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
