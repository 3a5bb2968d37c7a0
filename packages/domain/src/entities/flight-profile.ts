import { defineEntity, refs, text } from "./define.ts";

/**
 * spec data §3.4 "Flight profile: id, name, rule_set (allowed checkpoints), checkpoints,
 * system_tree_nodes (ids)". The nodes pick their profile in the tree (node flight_profile_id),
 * so system_tree_nodes is derived, not a field here. Route: "/admin flightprofiles |
 * admin::manage_flightprofiles".
 */
export const flightProfile = defineEntity({
  name: "flightProfile",
  plural: "flightProfiles",
  table: "flight_profiles",
  route: "flightprofiles",
  systemScoped: true,
  permission: "admin::manage_flightprofiles",
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    // spec: "rule_set (allowed checkpoints)"; its grammar is not given: stored and edited as text.
    rule_set: text({ max: 255, multiline: true }),
    checkpoints: refs("checkpoint", { list: true }),
  },
});
