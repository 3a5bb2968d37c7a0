import { parseTimeOfDay } from "../time-of-day.ts";
import { isElevated } from "./calls.ts";
import { activeDisplayGroup, type GroupSelection } from "./display.ts";
import { effectiveScheduleSetting, passesSectionsFilter, sectionsFilterActive, type DisplayQuery, type ScheduleSetting } from "./display-query.ts";
import { GROUP_SLOTS, groupSlotField, type SchedulePart } from "./display-settings.ts";

/**
 * The board rule: which open calls a display board shows as cards and which as presence tiles
 * (spec screens "Display screen (public)" and §4 "Weekend for displays", sentinels; data §3.5
 * "Display profile", "Display group"). The one place this is decided; the board only renders it.
 */

/** A call type as the rule reads it (data §3.1: urgency NORMAL, URGENT, EMERGENCY; flag Defect, None, Presence). */
export interface BoardCallType {
  id: number;
  urgency: string;
  flag: string;
}

/** An open call as the rule reads it; the board's own call type carries more fields. */
export interface BoardRuleCall {
  section_id: number | null;
  call_type: BoardCallType | null;
}

/** A display group: the (section × call type) pairs it shows; a null field matches anything. */
export interface BoardGroup {
  id: number;
  connections: readonly { section_id: number | null; call_type_id: number | null }[];
}

/**
 * An enabled display group override (spec data §3 "Display group override: name, is_enabled,
 * section_id, section_display_group_id, systemtree_display_group_id"): the calls of `section_id`
 * that `section_display_group_id` shows go to `systemtree_display_group_id` (docs/decisions/022).
 */
export interface BoardOverride {
  id: number;
  name: string;
  section_id: number;
  section_display_group_id: number;
  systemtree_display_group_id: number;
}

/** spec §7 "CallDisplayRelations: schedules, displayGroups, callTypes" of the board's system. */
export interface BoardRelations {
  /** Times "HH:MM" of each schedule's steps. */
  schedules: readonly { id: number; times: readonly string[] }[];
  display_groups: readonly BoardGroup[];
  /** Urgencies for the presence rule; types the open calls carry count too (see `boardView`). */
  call_types?: readonly BoardCallType[];
  /** The system's enabled overrides (the server sends no disabled ones). */
  display_group_overrides?: readonly BoardOverride[];
}

export interface BoardInput<T extends BoardRuleCall> {
  calls: readonly T[];
  /** The chosen display profile; null shows every call of the system (no profile chosen). */
  profile: { show_presences: boolean; settings: readonly ScheduleSetting[] } | null;
  /** Null while loading: no group has connections yet. */
  relations: BoardRelations | null;
  query: Pick<DisplayQuery, "sections" | "ignoreSectionsTime" | "ignoreSectionsFilterForCallTypes" | "weekday" | "weekend">;
  systemId: number;
  /** The system's weekend window, minutes from Monday 00:00 (publicSystemParams). */
  weekend: { start: number; stop: number };
  now: Date;
}

export interface BoardView<T> {
  /** The display group in force (the board names it in tests and the empty state). */
  selection: GroupSelection;
  cards: T[];
  presences: T[];
  /**
   * The enabled overrides the board names in its banner: for a display group, those that take
   * calls from it or bring calls to it; for all calls or the sections parameter, every one.
   */
  overrides: BoardOverride[];
}

const isPresence = (type: { flag: string } | null | undefined): boolean => type?.flag === "Presence";

/**
 * spec §4: "weekend schedule and groups apply then, otherwise weekday ones ... before the first
 * time wraps to the last slot ... Trailing empty group ids are dropped" (`activeDisplayGroup`).
 * No profile and no wd_/we_ parameters: the board shows every call. A profile without a setting
 * for this system shows nothing.
 */
function selectionOf(input: BoardInput<BoardRuleCall>): GroupSelection {
  const own = input.profile?.settings.find((s) => s.system_id === input.systemId) ?? null;
  const setting = effectiveScheduleSetting(own, input.query, input.systemId);
  if (!setting) return input.profile ? { kind: "none" } : { kind: "all" };
  const schedules = input.relations?.schedules ?? [];
  const part = (name: SchedulePart) => {
    const scheduleId = setting[`${name}_schedule_id`];
    const times = (schedules.find((s) => s.id === scheduleId)?.times ?? []).map(parseTimeOfDay);
    return { scheduleId, times, groups: GROUP_SLOTS.map((slot) => setting[groupSlotField(name, slot)]) };
  };
  return activeDisplayGroup({
    now: input.now,
    weekendStart: input.weekend.start,
    weekendStop: input.weekend.stop,
    weekday: part("weekday"),
    weekend: part("weekend"),
  });
}

/**
 * spec §4: "With show_presences, presence call types are added to each section's call types
 * unless all are urgent." Read as docs/decisions/018: per section of the group, its call types
 * are those of the connections naming it or any section; presences join unless every one of them
 * is elevated (URGENT or EMERGENCY). A type whose urgency is unknown counts as not urgent.
 */
function presencesJoin(group: BoardGroup, sectionId: number | null, urgencyOf: ReadonlyMap<number, string>): boolean {
  const own = group.connections.filter((c) => c.section_id === null || c.section_id === sectionId);
  if (own.length === 0) return false;
  return !own.every((c) => c.call_type_id !== null && isElevated(urgencyOf.get(c.call_type_id)));
}

/** The calls of a display group: a connection matches, or a presence joins its section. */
function groupCalls<T extends BoardRuleCall>(
  calls: readonly T[],
  group: BoardGroup | undefined,
  showPresences: boolean,
  callTypes: readonly BoardCallType[],
): T[] {
  if (!group) return [];
  const urgencyOf = new Map<number, string>();
  for (const type of callTypes) urgencyOf.set(type.id, type.urgency);
  for (const call of calls) if (call.call_type && !urgencyOf.has(call.call_type.id)) urgencyOf.set(call.call_type.id, call.call_type.urgency);
  const joins = new Map<number | null, boolean>();
  return calls.filter((call) => {
    const typeId = call.call_type?.id ?? null;
    if (group.connections.some((c) => (c.section_id === null || c.section_id === call.section_id) && (c.call_type_id === null || c.call_type_id === typeId)))
      return true;
    if (!showPresences || !isPresence(call.call_type)) return false;
    if (!joins.has(call.section_id)) joins.set(call.section_id, presencesJoin(group, call.section_id, urgencyOf));
    return joins.get(call.section_id) === true;
  });
}

/**
 * The display groups whose connections decide whether `selected`'s board shows a call of
 * `sectionId` (docs/decisions/022): the group itself, unless an enabled override sends that
 * section's calls of it elsewhere; plus the source group of each override that brings that
 * section's calls to it.
 */
function sourceGroups(selected: number, sectionId: number | null, overrides: readonly BoardOverride[]): number[] {
  const own = overrides.filter((o) => o.section_id === sectionId);
  const movedAway = own.some((o) => o.section_display_group_id === selected && o.systemtree_display_group_id !== selected);
  const brought = own.filter((o) => o.systemtree_display_group_id === selected).map((o) => o.section_display_group_id);
  return [...new Set([...(movedAway ? [] : [selected]), ...brought])];
}

/** A group's calls with the overrides applied: each call is judged by the groups `sourceGroups` names for its section. */
function overriddenGroupCalls<T extends BoardRuleCall>(calls: readonly T[], selected: number, relations: BoardRelations | null, showPresences: boolean): T[] {
  const groups = relations?.display_groups ?? [];
  const callTypes = relations?.call_types ?? [];
  const overrides = relations?.display_group_overrides ?? [];
  const group = (id: number) => groups.find((g) => g.id === id);
  if (overrides.length === 0) return groupCalls(calls, group(selected), showPresences, callTypes);
  const bySource = new Map<number, T[]>();
  for (const call of calls) for (const id of sourceGroups(selected, call.section_id, overrides)) bySource.set(id, [...(bySource.get(id) ?? []), call]);
  const shown = new Set<T>();
  for (const [id, candidates] of bySource) for (const call of groupCalls(candidates, group(id), showPresences, callTypes)) shown.add(call);
  return calls.filter((call) => shown.has(call));
}

/** The overrides a board in `selection` names (see BoardView.overrides). */
function overridesShown(selection: GroupSelection, overrides: readonly BoardOverride[]): BoardOverride[] {
  if (selection.kind === "none") return [];
  if (selection.kind !== "group") return [...overrides];
  return overrides.filter((o) => o.section_display_group_id === selection.id || o.systemtree_display_group_id === selection.id);
}

/**
 * What a board shows now. Display group sentinels (spec "display group 255 none, 254 all, 253
 * section"): none nothing, all every call, section the calls of the `sections` parameter (none
 * given: nothing), a group its connections. The sections filter narrows every selection (spec
 * query parameters "sections", "ignore_sections_time", "ignore_sections_filter_for_call_types").
 * Presence calls (call type flag Presence) never become cards; they fill the presence column when
 * the profile's show_presences is on (no profile: on). Enabled display group overrides move a
 * section's calls from one group's boards to another's (`sourceGroups`).
 */
export function boardView<T extends BoardRuleCall>(input: BoardInput<T>): BoardView<T> {
  const selection = selectionOf(input);
  const showPresences = input.profile ? input.profile.show_presences : true;
  const { query } = input;
  const filterActive = sectionsFilterActive(query, input.now.getHours() * 60 + input.now.getMinutes());
  const calls = input.calls.filter((call) =>
    passesSectionsFilter(
      { section_id: call.section_id, call_type_id: call.call_type?.id ?? null },
      query.sections,
      filterActive,
      query.ignoreSectionsFilterForCallTypes,
    ),
  );
  let shown: T[];
  switch (selection.kind) {
    case "none":
      shown = [];
      break;
    case "all":
      shown = calls;
      break;
    case "section":
      shown = query.sections.length === 0 ? [] : calls;
      break;
    case "group":
      shown = overriddenGroupCalls(calls, selection.id, input.relations, showPresences);
      break;
  }
  return {
    selection,
    cards: shown.filter((call) => !isPresence(call.call_type)),
    presences: showPresences ? shown.filter((call) => isPresence(call.call_type)) : [],
    overrides: overridesShown(selection, input.relations?.display_group_overrides ?? []),
  };
}
