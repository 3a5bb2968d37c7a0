import { defineEntity, ref, refs, text } from "./define.ts";

/** spec data §3.5 "Merge group: name, display_group_id, rule_set, sections". */
export const mergeGroup = defineEntity({
  name: "mergeGroup",
  plural: "mergeGroups",
  table: "merge_groups",
  route: "mergegroups",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    display_group_id: ref("displayGroup", { list: true }),
    // spec is silent on the rule set's grammar: stored and edited as text.
    rule_set: text({ max: 255, multiline: true }),
    // The sections merged (e.g. two wards covered together at night); a merge of none is pointless.
    sections: refs("section", { required: true, list: true }),
  },
});
