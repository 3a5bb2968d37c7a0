import { activeDisplayGroup, parseIdList, timeSinceOpened, type GroupSelection } from "@caresuite/domain";

/** The font sizes of the board (spec: "fontsize (larger, largest; default normal)"). */
export type DisplayFontSize = "normal" | "larger" | "largest";

/** An open call as the board reads one (callsChanged). */
export interface BoardCall {
  id: number;
  number: number;
  opened_at: string;
  device_text_long: string;
  device_text_short: string;
  section_id: number | null;
  section_name: string;
  handled_by_app_username: string | null;
  call_source: { char: string } | null;
  call_type: { id: number; name: string; color: string; urgency: string; flag: string } | null;
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

/** The query parameters the board understands, read defensively (garbage gives defaults). */
export interface DisplayQuery {
  sections: number[];
  fullscreen: boolean;
  fontSize: DisplayFontSize | null;
}

export function readFontSize(value: string | null | undefined): DisplayFontSize | null {
  return value === "normal" || value === "larger" || value === "largest" ? value : null;
}

export function readDisplayQuery(search: URLSearchParams): DisplayQuery {
  return {
    sections: parseIdList(search.get("sections")),
    fullscreen: search.get("fullscreen") === "1",
    fontSize: readFontSize(search.get("fontsize")),
  };
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

/**
 * Which open calls the board shows: "all" every call, "none" none, "section" the calls of the
 * `sections` parameter, a group the calls matching one of its connections (a null field of a
 * connection matches anything). A non-empty `sections` parameter narrows every selection.
 */
export function callsForSelection<T extends BoardCall>(
  calls: readonly T[],
  selection: GroupSelection,
  groups: readonly BoardGroup[],
  sections: readonly number[],
  options: { showPresences?: boolean } = {},
): T[] {
  const inSections = (call: T) => sections.length === 0 || (call.section_id !== null && sections.includes(call.section_id));
  switch (selection.kind) {
    case "none":
      return [];
    case "all":
      return calls.filter(inSections);
    case "section":
      return sections.length === 0 ? [] : calls.filter(inSections);
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
