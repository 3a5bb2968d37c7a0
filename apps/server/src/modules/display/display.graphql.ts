import { builder } from "../../graphql/builder.ts";
import { targetSystem } from "../calls/calls.service.ts";
import type { DisplayNoteView, DisplayRelations } from "./display-data.ts";
import {
  activeDisplayNotes,
  createDisplayProfile,
  displayRelations,
  deleteDisplayProfiles,
  listDisplayProfiles,
  updateDisplayProfile,
  type DisplayProfileView,
} from "./display.service.ts";

const SLOT_FIELDS = ["weekday", "weekend"].flatMap((p) => [1, 2, 3, 4, 5].map((n) => `${p}_display_group_${n}_id`));

type Setting = DisplayProfileView["settings"][number];

const SettingType = builder.objectRef<Setting>("DisplayProfileSetting").implement({
  fields: (t) => ({
    system_id: t.exposeInt("system_id"),
    weekday_schedule_id: t.exposeInt("weekday_schedule_id", { nullable: true }),
    weekend_schedule_id: t.exposeInt("weekend_schedule_id", { nullable: true }),
    ...Object.fromEntries(SLOT_FIELDS.map((f) => [f, t.int({ nullable: true, resolve: (s) => (s as unknown as Record<string, number | null>)[f] ?? null })])),
  }),
});

const ProfileType = builder.objectRef<DisplayProfileView>("DisplayProfile").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    slug: t.exposeString("slug"),
    font_size: t.exposeString("font_size"),
    fullscreen: t.exposeBoolean("fullscreen"),
    locale: t.exposeString("locale"),
    show_presences: t.exposeBoolean("show_presences"),
    show_video_stream: t.exposeBoolean("show_video_stream"),
    show_calls_from_system: t.exposeBoolean("show_calls_from_system"),
    settings: t.field({ type: [SettingType], resolve: (p) => p.settings }),
  }),
});

const SettingInput = builder.inputType("DisplayProfileSettingInput", {
  fields: (t) => ({
    system_id: t.int({ required: true }),
    weekday_schedule_id: t.int(),
    weekend_schedule_id: t.int(),
    ...Object.fromEntries(SLOT_FIELDS.map((f) => [f, t.int()])),
  }),
});

const ProfileInput = builder.inputType("DisplayProfileInput", {
  fields: (t) => ({
    id: t.int(),
    name: t.string(),
    font_size: t.string(),
    fullscreen: t.boolean(),
    locale: t.string(),
    show_presences: t.boolean(),
    show_video_stream: t.boolean(),
    show_calls_from_system: t.boolean(),
    settings: t.field({ type: [SettingInput] }),
  }),
});

const ProfileRef = builder.objectRef<{ id: number; name: string }>("DisplayProfileRef").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const clean = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(clean)
    : value && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== null && v !== undefined)
            .map(([k, v]) => [k, clean(v)]),
        )
      : value;

builder.queryField("displayProfiles", (t) =>
  t.field({
    type: [ProfileType],
    description: "Display profiles; public: anonymous wall screens choose theirs by slug.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => listDisplayProfiles(ctx.db.kysely),
  }),
);

const scopes = { writePermission: "display::manage_display_profiles" } as const;
builder.mutationField("createDisplayProfile", (t) =>
  t.field({
    type: ProfileRef,
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    authScopes: scopes,
    resolve: (_r, args, ctx) => createDisplayProfile(ctx, clean(args.input)),
  }),
);
builder.mutationField("updateDisplayProfile", (t) =>
  t.field({
    type: ProfileRef,
    args: { input: t.arg({ type: ProfileInput, required: true }) },
    authScopes: scopes,
    resolve: (_r, args, ctx) => updateDisplayProfile(ctx, clean(args.input)),
  }),
);
builder.mutationField("deleteDisplayProfile", (t) =>
  t.field({
    type: [ProfileRef],
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: scopes,
    resolve: (_r, args, ctx) => deleteDisplayProfiles(ctx, args.ids),
  }),
);

const ScheduleView = builder.objectRef<DisplayRelations["schedules"][number]>("DisplaySchedule").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), times: t.exposeStringList("times") }),
});
const ConnectionView = builder.objectRef<DisplayRelations["display_groups"][number]["connections"][number]>("DisplayGroupConnectionView").implement({
  fields: (t) => ({ section_id: t.exposeInt("section_id", { nullable: true }), call_type_id: t.exposeInt("call_type_id", { nullable: true }) }),
});
const GroupView = builder.objectRef<DisplayRelations["display_groups"][number]>("DisplayGroupView").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name"), connections: t.field({ type: [ConnectionView], resolve: (g) => g.connections }) }),
});
const CallTypeView = builder.objectRef<DisplayRelations["call_types"][number]>("DisplayCallType").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    char: t.exposeString("char"),
    color: t.exposeString("color"),
    urgency: t.exposeString("urgency"),
    flag: t.exposeString("flag"),
    sort_order: t.exposeInt("sort_order"),
  }),
});
const OverrideView = builder.objectRef<DisplayRelations["display_group_overrides"][number]>("DisplayGroupOverrideView").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    section_id: t.exposeInt("section_id"),
    section_display_group_id: t.exposeInt("section_display_group_id"),
    systemtree_display_group_id: t.exposeInt("systemtree_display_group_id"),
  }),
});
const RelationsType = builder.objectRef<DisplayRelations>("DisplayRelations").implement({
  fields: (t) => ({
    schedules: t.field({ type: [ScheduleView], resolve: (r) => r.schedules }),
    display_groups: t.field({ type: [GroupView], resolve: (r) => r.display_groups }),
    call_types: t.field({ type: [CallTypeView], resolve: (r) => r.call_types }),
    // Enabled overrides only: a wall screen learns no more than what it routes by.
    display_group_overrides: t.field({ type: [OverrideView], resolve: (r) => r.display_group_overrides }),
  }),
});

builder.queryField("displayRelations", (t) =>
  t.field({
    type: RelationsType,
    description: "spec §7 CallDisplayRelations: schedules, display groups, call types of a system. Public: anonymous displays need them.",
    args: { system_id: t.arg.int() },
    authScopes: { public: true },
    resolve: async (_root, args, ctx) => displayRelations(ctx, await targetSystem(ctx, args.system_id)),
  }),
);

const NoteType = builder.objectRef<DisplayNoteView>("ActiveDisplayNote").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    title: t.exposeString("title"),
    text: t.exposeString("text"),
    color: t.exposeString("color"),
    sort_order: t.exposeInt("sort_order"),
  }),
});

builder.queryField("activeDisplayNotes", (t) =>
  t.field({
    type: [NoteType],
    description: "Display notes (post-its) active now. Public: shown on anonymous displays.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => activeDisplayNotes(ctx),
  }),
);
