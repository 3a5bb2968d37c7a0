import { formatTimeOfDay } from "@caresuite/domain";
import type { RequestContext } from "../../context.ts";
import { builder } from "../../graphql/builder.ts";
import { visibleOf } from "../display/anonymous-systems.ts";
import type { SystemRow } from "./systems.repo.ts";
import {
  allSystems,
  createSystemParam,
  deleteSystemParams,
  getSystemParam,
  listSystemParams,
  sectionsOfSystem,
  updateSystemParam,
} from "./system-params.service.ts";

const time = (minutes: number): string => formatTimeOfDay(minutes);
const sectionIds = (json: string): number[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
};

const SystemSectionType = builder.objectRef<{ id: number; name: string }>("SystemSection").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

/**
 * System parameters (the configurator, spec data §3.8). The password is a secret and is never
 * exposed: `has_password` says whether one is stored. Times of day are "HH:MM"; weekend_start and
 * weekend_stop are minutes from a Monday-start week (as publicSystemParams has them).
 */
export const SystemParamsType = builder.objectRef<SystemRow>("SystemParams").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    ip: t.exposeString("ip"),
    username: t.exposeString("username"),
    has_password: t.boolean({ resolve: (row) => row.password !== "" }),
    tcp_port: t.exposeInt("tcp_port"),
    dhcp: t.boolean({ resolve: (row) => row.dhcp === 1 }),
    gateway: t.exposeString("gateway"),
    subnet: t.exposeString("subnet"),
    ntp_server: t.exposeString("ntp_server"),
    timezone: t.exposeString("timezone"),
    daylight_savings: t.boolean({ resolve: (row) => row.daylight_savings === 1 }),
    display_language: t.exposeString("display_language"),
    night_start: t.string({ resolve: (row) => time(row.night_start) }),
    night_stop: t.string({ resolve: (row) => time(row.night_stop) }),
    weekend_start: t.exposeInt("weekend_start"),
    weekend_stop: t.exposeInt("weekend_stop"),
    auto_commit: t.boolean({ resolve: (row) => row.auto_commit === 1 }),
    call_suppression_enabled: t.boolean({ resolve: (row) => row.call_suppression_enabled === 1 }),
    call_suppression_sections: t.intList({ resolve: (row) => sectionIds(row.call_suppression_sections) }),
    call_suppression_time_start: t.string({ resolve: (row) => time(row.call_suppression_time_start) }),
    call_suppression_time_end: t.string({ resolve: (row) => time(row.call_suppression_time_end) }),
    sections: t.field({
      type: [SystemSectionType],
      description: "The sections of this system: what call suppression may name.",
      resolve: (row, _args, ctx) => sectionsOfSystem(ctx, row.id),
    }),
    version: t.string({
      nullable: true,
      description: "Firmware version: live from the link when connected, else from the last connection check.",
      resolve: (row, _args, ctx) => ctx.links?.get(row.id)?.state().firmware ?? row.version,
    }),
  }),
});

const SystemParamInput = builder.inputType("SystemParamInput", {
  description: 'Create/update input; an empty password on update keeps the stored one. Times "HH:MM", weekend in week minutes.',
  fields: (t) => ({
    name: t.string(),
    ip: t.string(),
    username: t.string(),
    password: t.string(),
    tcp_port: t.int(),
    dhcp: t.boolean(),
    gateway: t.string(),
    subnet: t.string(),
    ntp_server: t.string(),
    timezone: t.string(),
    daylight_savings: t.boolean(),
    display_language: t.string(),
    night_start: t.string(),
    night_stop: t.string(),
    weekend_start: t.int(),
    weekend_stop: t.int(),
    auto_commit: t.boolean(),
    call_suppression_enabled: t.boolean(),
    call_suppression_sections: t.intList(),
    call_suppression_time_start: t.string(),
    call_suppression_time_end: t.string(),
  }),
});

const DeletedSystemParam = builder.objectRef<{ id: number; name: string }>("DeletedSystemParam").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const SystemType = builder.objectRef<Pick<SystemRow, "id" | "name">>("System").implement({
  fields: (t) => ({ id: t.exposeInt("id"), name: t.exposeString("name") }),
});

const PublicSystemParamsType = builder.objectRef<Pick<SystemRow, "id" | "name" | "weekend_start" | "weekend_stop">>("PublicSystemParams").implement({
  fields: (t) => ({
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    weekend_start: t.exposeInt("weekend_start"),
    weekend_stop: t.exposeInt("weekend_stop"),
  }),
});

/** The systems the caller may read: by system_access, or for anonymous visitors docs/decisions/010. */
async function visibleSystems(ctx: RequestContext): Promise<SystemRow[]> {
  return visibleOf(ctx, await allSystems(ctx));
}

builder.queryField("systems", (t) =>
  t.field({
    type: [SystemType],
    description: "Systems the current user may work in (for anonymous visitors: the systems of the display profiles, else 01).",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => visibleSystems(ctx),
  }),
);

builder.queryField("publicSystemParams", (t) =>
  t.field({
    type: [PublicSystemParamsType],
    description: "Names and weekend windows of the systems the caller may read; the public display needs them.",
    authScopes: { public: true },
    resolve: (_root, _args, ctx) => visibleSystems(ctx),
  }),
);

// spec route table: "/admin systemparams ... | admin::manage_system (all with edit/:id?)".
const scopes = { permission: "admin::manage_system" } as const;
const writeScopes = { writePermission: "admin::manage_system" } as const;
/** GraphQL leaves unset input fields undefined and sends null for explicit nulls: drop the undefined. */
const clean = (data: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined));

builder.queryField("systemParams", (t) =>
  t.field({
    type: [SystemParamsType],
    description: "The configurators the user may see, by id.",
    authScopes: scopes,
    resolve: (_r, _a, ctx) => listSystemParams(ctx),
  }),
);
builder.queryField("systemParam", (t) =>
  t.field({
    type: SystemParamsType,
    args: { id: t.arg.int({ required: true }) },
    authScopes: scopes,
    resolve: (_r, args, ctx) => getSystemParam(ctx, args.id),
  }),
);
builder.mutationField("createSystemParam", (t) =>
  t.field({
    type: SystemParamsType,
    description: "Adds a configurator (a new system) after checking its connection; within the licence's systems limit.",
    args: { data: t.arg({ type: SystemParamInput, required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => createSystemParam(ctx, clean(args.data)),
  }),
);
builder.mutationField("updateSystemParam", (t) =>
  t.field({
    type: SystemParamsType,
    args: { id: t.arg.int({ required: true }), data: t.arg({ type: SystemParamInput, required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => updateSystemParam(ctx, args.id, clean(args.data)),
  }),
);
builder.mutationField("deleteSystemParam", (t) =>
  t.field({
    type: [DeletedSystemParam],
    description: "Deletes configurators with their configuration; never the last one nor one with open calls.",
    args: { ids: t.arg.intList({ required: true }) },
    authScopes: writeScopes,
    resolve: (_r, args, ctx) => deleteSystemParams(ctx, args.ids),
  }),
);
