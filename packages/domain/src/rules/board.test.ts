import { describe, expect, it } from "vitest";
import { boardView, type BoardInput, type BoardRelations, type BoardRuleCall } from "./board.ts";
import { parseDisplayQuery, type ScheduleSetting } from "./display-query.ts";
import { emptyDisplaySetting } from "./display-settings.ts";

// Call types of the fixtures (data §3.1 "urgency ... order NORMAL, URGENT, EMERGENCY"; flag Defect, None, Presence).
const TYPES = {
  normal: { id: 4, urgency: "NORMAL", flag: "None" },
  emergency: { id: 2, urgency: "EMERGENCY", flag: "None" },
  urgent: { id: 3, urgency: "URGENT", flag: "None" },
  presence: { id: 6, urgency: "NORMAL", flag: "Presence" },
};
/** A type no open call carries and the relations may not list. */
const UNKNOWN_TYPE = 9;

type Call = BoardRuleCall & { id: number };
const call = (id: number, section_id: number | null, type: keyof typeof TYPES): Call => ({ id, section_id, call_type: TYPES[type] });

const CALLS: Call[] = [
  call(1, 10, "normal"),
  call(2, 11, "normal"),
  call(3, 10, "emergency"),
  call(4, null, "normal"),
  call(5, 10, "presence"),
  call(6, 11, "presence"),
  call(7, 12, "presence"),
  call(8, 12, "emergency"),
];

const connect = (section_id: number | null, call_type_id: number | null) => ({ section_id, call_type_id });
const RELATIONS: BoardRelations = {
  schedules: [{ id: 3, times: ["06:00", "18:00"] }],
  display_groups: [
    { id: 1, connections: [connect(10, 4), connect(null, 2)] },
    { id: 2, connections: [connect(null, 2)] },
    { id: 3, connections: [connect(12, 2), connect(12, 3)] },
    { id: 4, connections: [connect(11, null)] },
    { id: 5, connections: [connect(10, 4), connect(12, 2)] },
    { id: 6, connections: [connect(12, UNKNOWN_TYPE)] },
    { id: 7, connections: [connect(12, 6)] },
  ],
  call_types: [TYPES.normal, TYPES.emergency, TYPES.urgent, TYPES.presence],
};

/** A profile setting for system 1: one group all day (schedule 20) on weekdays and weekends. */
function allDay(group: number): ScheduleSetting {
  return { ...emptyDisplaySetting(1), weekday_schedule_id: 20, weekend_schedule_id: 20, weekday_display_group_1_id: group, weekend_display_group_1_id: group };
}

// Monday 5 January 2026, local time; weekend Saturday 00:00 (7200) to Monday 00:00 (10080).
const MONDAY_NOON = new Date(2026, 0, 5, 12, 0);
const WEEKEND = { start: 5 * 1440, stop: 7 * 1440 };

function view(overrides: Partial<BoardInput<Call>> & { search?: string }) {
  const { search = "", ...rest } = overrides;
  const input: BoardInput<Call> = {
    calls: CALLS,
    profile: null,
    relations: RELATIONS,
    query: parseDisplayQuery(new URLSearchParams(search)),
    systemId: 1,
    weekend: WEEKEND,
    now: MONDAY_NOON,
    ...rest,
  };
  const board = boardView(input);
  return { selection: board.selection, cards: board.cards.map((c) => c.id), presences: board.presences.map((c) => c.id) };
}

const onGroup = (group: number, showPresences = false, search = "") => view({ profile: { show_presences: showPresences, settings: [allDay(group)] }, search });

describe('display groups — spec: "display group 255 none, 254 all, 253 section"; data §3.5 "Display group: ... connections (id, section_id, call_type_id)"', () => {
  it.each([
    ["254 all: every call", 254, "", [1, 2, 3, 4, 8]],
    ["255 none: no call", 255, "", []],
    ["253 section without the sections parameter: none", 253, "", []],
    ["253 section: the calls of the sections parameter", 253, "sections=11", [2]],
    ["a group: connections match, a null field matches anything", 1, "", [1, 3, 8]],
    ["a group narrowed by the sections parameter", 1, "sections=11", []],
    ["a connection without call type: every call of its section", 4, "", [2]],
    ["an unknown group: none", 99, "", []],
    ["254 all narrowed by the sections parameter", 254, "sections=10", [1, 3]],
  ])("%s", (_name, group, search, cards) => expect(onGroup(group, false, search).cards).toEqual(cards));

  it("shows nothing for a group while the relations load", () => {
    expect(view({ profile: { show_presences: true, settings: [allDay(1)] }, relations: null }).cards).toEqual([]);
  });
});

describe('the sections filter — spec: "sections ..., ignore_sections_time (start-end, may wrap past midnight), ignore_sections_filter_for_call_types"', () => {
  it.each([
    ["always-shown call types pass the filter", "sections=11&ignore_sections_filter_for_call_types=2", MONDAY_NOON, [2, 3, 8]],
    ["inside ignore_sections_time nothing is filtered", "sections=11&ignore_sections_time=22:00-06:00", new Date(2026, 0, 5, 23, 0), [1, 2, 3, 4, 8]],
    ["outside it the filter holds", "sections=11&ignore_sections_time=22:00-06:00", MONDAY_NOON, [2]],
  ])("%s", (_name, search, now, cards) => expect(view({ search, now }).cards).toEqual(cards));
});

describe('presences — spec: "Presence tile: short device text, section name ..."; data §3.5 "show_presences"', () => {
  it.each([
    ["no profile: presences show in the column, never as cards", null, [5, 6, 7]],
    ["show_presences on", { show_presences: true, settings: [allDay(254)] }, [5, 6, 7]],
    ["show_presences off: no presence column", { show_presences: false, settings: [allDay(254)] }, []],
  ])("%s", (_name, profile, presences) => {
    const board = view({ profile });
    expect(board.presences).toEqual(presences);
    expect(board.cards).toEqual([1, 2, 3, 4, 8]);
  });

  it('also under "sections": presences of other sections stay off the board', () => {
    expect(view({ search: "sections=10" }).presences).toEqual([5]);
  });
});

// docs/decisions/018: per section of the group; "urgent" means elevated (URGENT or EMERGENCY).
describe('spec §4: "With show_presences, presence call types are added to each section\'s call types unless all are urgent."', () => {
  it.each([
    ["a section with a normal call type gets its presences; other sections do not", 1, true, [5]],
    ["show_presences off: none", 1, false, []],
    ["a group of emergencies only (any section): every section's types are urgent, no presences", 2, true, []],
    ["a section whose types are all elevated (EMERGENCY, URGENT): none", 3, true, []],
    ["each section decides alone: section 10 (normal) yes, section 12 (emergency) no", 5, true, [5]],
    ["a connection for every call type of a section includes its presences", 4, true, [6]],
    ["a call type of unknown urgency counts as not urgent", 6, true, [7]],
    ["a group that names the presence type shows it", 7, true, [7]],
  ])("%s", (_name, group, showPresences, presences) => expect(onGroup(group, showPresences).presences).toEqual(presences));

  it("reads urgencies from the open calls when the relations carry no call types", () => {
    const relations = { ...RELATIONS, call_types: undefined };
    expect(view({ profile: { show_presences: true, settings: [allDay(5)] }, relations }).presences).toEqual([5]);
  });
});

describe('schedules — spec §4: "weekend schedule and groups apply then, otherwise weekday ones ... (before the first time wraps to the last slot)"', () => {
  const setting: ScheduleSetting = {
    ...emptyDisplaySetting(1),
    weekday_schedule_id: 3,
    weekday_display_group_1_id: 7,
    weekday_display_group_2_id: 8,
    weekend_schedule_id: 20,
    weekend_display_group_1_id: 254,
  };
  const profile = { show_presences: true, settings: [setting] };
  it.each([
    ["weekday day slot", new Date(2026, 0, 5, 7, 0), { kind: "group", id: 7 }],
    ["weekday evening slot", new Date(2026, 0, 5, 19, 0), { kind: "group", id: 8 }],
    ["before the first time wraps to the last slot", new Date(2026, 0, 5, 5, 0), { kind: "group", id: 8 }],
    ["weekend, all-day schedule 20, sentinel 254 all", new Date(2026, 0, 10, 12, 0), { kind: "all" }],
  ])("%s", (_name, now, selection) => expect(view({ profile, now }).selection).toEqual(selection));

  it("a profile without a setting for the board's system shows nothing", () => {
    expect(view({ profile: { show_presences: true, settings: [{ ...setting, system_id: 2 }] } })).toMatchObject({
      selection: { kind: "none" },
      cards: [],
      presences: [],
    });
  });

  it('spec: "wd_schedule with wd_groups (... -1 meaning none)" replaces the profile\'s weekday part', () => {
    expect(view({ profile, search: "wd_schedule=20&wd_groups=5", now: new Date(2026, 0, 5, 7, 0) }).selection).toEqual({ kind: "group", id: 5 });
    // Without a profile the part the URL leaves out keeps showing every call.
    expect(view({ search: "wd_schedule=20&wd_groups=5", now: new Date(2026, 0, 10, 12, 0) }).selection).toEqual({ kind: "all" });
    expect(view({ search: "wd_schedule=20&wd_groups=5" })).toMatchObject({ selection: { kind: "group", id: 5 }, cards: [1, 8] });
  });
});

describe('display group overrides — spec data §3 "Display group override: name, is_enabled, section_id, section_display_group_id, systemtree_display_group_id" (docs/decisions/022)', () => {
  // Group 5 shows section 10's normal calls (type 4) and section 12's emergencies; group 4 shows section 11.
  const override = (section_id: number, from: number, to: number, id = 1) => ({
    id,
    name: `override ${id}`,
    section_id,
    section_display_group_id: from,
    systemtree_display_group_id: to,
  });
  const withOverrides = (group: number, overrides: ReturnType<typeof override>[], showPresences = false) => {
    const board = boardView({
      calls: CALLS,
      profile: { show_presences: showPresences, settings: [allDay(group)] },
      relations: { ...RELATIONS, display_group_overrides: overrides },
      query: parseDisplayQuery(new URLSearchParams("")),
      systemId: 1,
      weekend: WEEKEND,
      now: MONDAY_NOON,
    });
    return { cards: board.cards.map((c) => c.id), presences: board.presences.map((c) => c.id), overrides: board.overrides.map((o) => o.id) };
  };

  it.each<[string, number, ReturnType<typeof override>[], number[], number[]]>([
    ["no override: group 4 shows its own section 11", 4, [], [2], []],
    ["no override: group 5 shows section 10's normal and section 12's emergency calls", 5, [], [1, 8], []],
    // "replaces in its section the display group section_display_group_id by systemtree_display_group_id"
    ["the target group also shows what the source group showed of the section", 4, [override(10, 5, 4)], [1, 2], [1]],
    ["the source group no longer shows the section's calls", 5, [override(10, 5, 4)], [8], [1]],
    ["the source group keeps its other sections", 5, [override(12, 5, 4)], [1], [1]],
    ["only what the source group showed of the section moves (not section 10's emergency)", 4, [override(10, 5, 4)], [1, 2], [1]],
    ["a board of an unrelated group is unchanged and names no override", 3, [override(10, 5, 4)], [8], []],
    ["an override of a section the source group does not show brings nothing", 4, [override(11, 3, 4)], [2], [1]],
    ["two sections moved to one group", 4, [override(10, 5, 4, 1), override(12, 5, 4, 2)], [1, 2, 8], [1, 2]],
  ])("%s", (_label, group, overrides, cards, named) => {
    const board = withOverrides(group, overrides);
    expect(board.cards).toEqual(cards);
    expect(board.overrides).toEqual(named);
  });

  it("presences of the moved section join the target group by the source group's connections", () => {
    // Group 5 shows section 10's normal calls, so 10's presence (call 5) joins it; moved to group 4, it follows.
    expect(withOverrides(5, [], true).presences).toEqual([5]);
    expect(withOverrides(5, [override(10, 5, 4)], true).presences).toEqual([]);
    expect(withOverrides(4, [override(10, 5, 4)], true).presences).toEqual([5, 6]);
  });

  it("a board of every call names every enabled override (no profile: all calls)", () => {
    const board = boardView({
      calls: CALLS,
      profile: null,
      relations: { ...RELATIONS, display_group_overrides: [override(10, 5, 4)] },
      query: parseDisplayQuery(new URLSearchParams("")),
      systemId: 1,
      weekend: WEEKEND,
      now: MONDAY_NOON,
    });
    expect(board.cards.map((c) => c.id)).toEqual([1, 2, 3, 4, 8]);
    expect(board.overrides.map((o) => o.id)).toEqual([1]);
  });
});
