import { defineEntity, ref } from "./define.ts";

/**
 * spec data §3.5 display group "connections (id, section_id, call_type_id)": which calls (call
 * type, from which section) a display group shows. No route of its own: edited inside the display
 * group (parent), same permission and route.
 */
export const displayGroupConnection = defineEntity({
  name: "displayGroupConnection",
  plural: "displayGroupConnections",
  table: "display_group_connections",
  route: "displaygroups",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "section_id",
  parent: { entity: "displayGroup", field: "display_group_id" },
  // spec: "duplicate: a record with same values exists"
  uniqueTogether: [["display_group_id", "section_id", "call_type_id"]],
  fields: {
    display_group_id: ref("displayGroup", { required: true, form: false }),
    section_id: ref("section", { required: true, list: true }),
    call_type_id: ref("callType", { required: true, list: true }),
  },
});
