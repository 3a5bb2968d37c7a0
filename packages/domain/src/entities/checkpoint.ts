import { defineEntity, int, ref, text } from "./define.ts";

/**
 * spec data §3.4 "Checkpoint: id, number, char, text, section_id, diameter, position_x,
 * position_y". Not an admin route of its own: checkpoints are placed on their map inside the
 * checkpoint map form (parent), so route and permission are the map's. Positions and diameter are
 * pixels of the map image.
 */
export const checkpoint = defineEntity({
  name: "checkpoint",
  plural: "checkpoints",
  table: "checkpoints",
  route: "checkpointmaps",
  systemScoped: true,
  permission: "admin::manage_system",
  displayField: "text",
  defaultSort: { field: "number", direction: "asc" },
  parent: { entity: "checkpointMap", field: "checkpoint_map_id" },
  fields: {
    checkpoint_map_id: ref("checkpointMap", { required: true, form: false }),
    // Checkpoints are located by number across the system (flight profiles list them).
    number: int({ required: true, min: 1, max: 9999, list: true, search: true, unique: true }),
    // spec: "Input filter: ... value uppercased and stripped ..."
    char: text({ max: 1, filter: "upper", list: true }),
    // spec: "Long text max 19, no umlauts"
    text: text({ max: 19, format: "long_text", list: true, search: true }),
    section_id: ref("section", { list: true }),
    diameter: int({ min: 1, max: 500, default: 50, unit: "pixels" }),
    position_x: int({ min: 0, max: 10000, default: 0, unit: "pixels" }),
    position_y: int({ min: 0, max: 10000, default: 0, unit: "pixels" }),
  },
});
