import { bool, defineEntity, ref, text } from "./define.ts";
import { notSame } from "./entity-rules.ts";

/**
 * spec data §3 "Display group override: name, is_enabled, section_id, section_display_group_id,
 * systemtree_display_group_id"; route table "/tree/displaygroupoverrides (+ /edit/:id?) |
 * systemtree::see_display_group_overrides; edit needs systemtree::manage_display_group_overrides".
 * While enabled, the calls of `section_id` that the display group `section_display_group_id`
 * shows go to the boards of `systemtree_display_group_id` instead (the night: ward A's calls on
 * ward B's board). At most one enabled override per section (docs/decisions/022).
 */
export const displayGroupOverride = defineEntity({
  name: "displayGroupOverride",
  plural: "displayGroupOverrides",
  table: "display_group_overrides",
  route: "displaygroupoverrides",
  area: "tree",
  systemScoped: true,
  permission: "systemtree::see_display_group_overrides",
  editPermission: "systemtree::manage_display_group_overrides",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    is_enabled: bool({ list: true }),
    section_id: ref("section", { required: true, list: true }),
    section_display_group_id: ref("displayGroup", { required: true, list: true }),
    systemtree_display_group_id: ref("displayGroup", { required: true, list: true }),
  },
  // Replacing a group by itself changes nothing: spec "cannot_be_same".
  rules: [notSame("section_display_group_id", "systemtree_display_group_id")],
});
