import { describe, expect, it } from "vitest";
import { PERMISSION_CODES } from "../permissions.ts";
import { ROUTES } from "../route-table.ts";
import type { RouteDef } from "../route-table.ts";
import { SCHEDULE_ALL_DAY } from "../constants.ts";
import type { EntityDef } from "./define.ts";
import { ENTITIES, childEntities, entityByName, isAdminAreaEntity } from "./registry.ts";
import { editPermissionOf } from "./define.ts";
import { schedule } from "./schedule.ts";
import { errorsOf } from "./test-helpers.ts";

const ADMIN: readonly RouteDef[] = ROUTES.find((route) => route.path === "/admin")?.children ?? [];
const adminRoute = (path: string) => ADMIN.find((route) => route.path === path);
const topLevel = ENTITIES.filter((entity) => entity.parent === undefined && isAdminAreaEntity(entity));
const each = ENTITIES.filter(isAdminAreaEntity).map((entity) => [entity.name, entity] as const);
const treeArea = ENTITIES.filter((entity) => !isAdminAreaEntity(entity)).map((entity) => [entity.name, entity] as const);

describe("entity registry", () => {
  it("has unique names, plurals and tables; tables are snake_case plurals", () => {
    for (const key of ["name", "plural", "table"] as const) {
      const values = ENTITIES.map((entity) => entity[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
    for (const entity of ENTITIES) expect(entity.table).toMatch(/^[a-z]+(_[a-z]+)*s$/);
  });

  it("gives every top-level entity its own route; a child shares its parent's route and permission", () => {
    const routes = topLevel.map((entity) => entity.route);
    expect(new Set(routes).size).toBe(routes.length);
    for (const child of ENTITIES.filter((entity) => entity.parent !== undefined)) {
      const parent = entityByName(child.parent?.entity ?? "");
      expect(parent, child.name).toBeDefined();
      expect(parent?.parent, `${child.name}: one level of nesting`).toBeUndefined();
      expect(child.route).toBe(parent?.route);
      expect(child.permission).toBe(parent?.permission);
      expect(childEntities(parent?.name ?? "")).toContain(child);
    }
  });

  it("follows the admin navigation order of the route table", () => {
    const order = ADMIN.map((route) => route.path);
    const indexes = topLevel.map((entity) => order.indexOf(entity.route));
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  });

  it.each(each)("%s: route, permission and sort come from the /admin route table", (_name, entity) => {
    expect(PERMISSION_CODES).toContain(entity.permission);
    const route = adminRoute(entity.route);
    expect(route, `/admin/${entity.route}`).toBeDefined();
    expect(route?.permissions).toEqual([entity.permission]);
    expect(route?.licences).toEqual(entity.licence === undefined ? undefined : [entity.licence]);
    // spec: "calltypes (+sort)", "checkpointmaps (+sort)", "displaynotes (+sort)"
    const sortRoute = route?.children?.some((child) => child.path === "sort") === true;
    if (entity.parent === undefined) expect(entity.sortable === true).toBe(sortRoute);
  });

  it.each(treeArea)("%s: route and both permissions come from the tree's route table entry", (_name, entity) => {
    // spec: "/tree/displaygroupoverrides (+ /edit/:id?) | systemtree::see_display_group_overrides; edit needs
    // systemtree::manage_display_group_overrides"
    const route = ROUTES.find((def) => def.path === `/tree/${entity.route}`);
    expect(route, `/tree/${entity.route}`).toBeDefined();
    expect(route?.permissions).toEqual([entity.permission]);
    expect(route?.children?.find((child) => child.path === "edit/:id?")?.permissions).toEqual([editPermissionOf(entity)]);
    expect(entity.parent).toBeUndefined();
  });

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: displayField, parent, unique and sort fields are fields", (_name, entity) => {
    const names = [entity.displayField, entity.parent?.field, entity.defaultSort?.field, ...(entity.uniqueTogether ?? []).flat()];
    for (const name of names.filter((value) => value !== undefined)) expect(Object.keys(entity.fields)).toContain(name);
  });

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: every ref and refs field names a registry entity", (_name, entity) => {
    for (const [field, def] of Object.entries(entity.fields)) {
      if (def.kind === "ref" || def.kind === "refs") expect(entityByName(def.entity), `${entity.name}.${field}`).toBeDefined();
    }
  });

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: defaults are valid values (enum options, sentinels, int ranges)", (_name, entity) => {
    for (const [field, def] of Object.entries(entity.fields)) {
      const label = `${entity.name}.${field}`;
      if (def.kind === "enum" && def.default !== undefined) expect(def.values, label).toContain(def.default);
      if (def.kind === "ref" && def.default !== undefined)
        expect(
          def.sentinels?.map((s) => s.id),
          label,
        ).toContain(def.default);
      if (def.kind === "int" && def.default !== undefined) {
        expect(def.default, label).toBeGreaterThanOrEqual(def.min ?? -Infinity);
        expect(def.default, label).toBeLessThanOrEqual(def.max ?? Infinity);
      }
      // spec has no "max" message: an int with a maximum has a minimum too ("between").
      if (def.kind === "int" && def.max !== undefined) expect(def.min, label).toBeDefined();
    }
  });

  it.each(ENTITIES.map((entity) => [entity.name, entity] as const))("%s: an empty input reports exactly the required fields as needed", (_name, entity) => {
    const required = Object.entries(entity.fields)
      .filter(([name, def]) => def.required === true && (def.form !== false || name === entity.parent?.field))
      .map(([name]) => name);
    const expected = Object.fromEntries(required.map((field) => [field, [{ message: "validation.required", data: { field } }]]));
    expect(errorsOf(entity, {})).toEqual(expected);
  });

  it("names records by a required field, except where the spec lets the name be empty", () => {
    const optional = ENTITIES.filter((entity: EntityDef) => entity.fields[entity.displayField]?.required !== true);
    // Call source and checkpoint texts may be empty (global setting allow_empty_call_source_names).
    expect(optional.map((entity) => entity.name)).toEqual(["checkpoint", "callSource"]);
  });

  it("limits schedules below the reserved all-day id", () => {
    // spec: "Max reached for call types, schedules"; "schedule 255 = none, 20 = all day"
    expect(schedule.maxCount).toBe(SCHEDULE_ALL_DAY - 1);
  });
});
