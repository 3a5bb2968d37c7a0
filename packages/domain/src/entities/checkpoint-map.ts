import { MAP_IMAGE_MAX_BYTES } from "../constants.ts";
import { defineEntity, file, ref, text } from "./define.ts";

/**
 * spec data §3.4 "Checkpoint map: name, section_id, sort_order, checkpoints, map_path (image)".
 * The checkpoints are child records (checkpoint.ts) placed on the map in this form.
 */
export const checkpointMap = defineEntity({
  name: "checkpointMap",
  plural: "checkpointMaps",
  table: "checkpoint_maps",
  route: "checkpointmaps",
  systemScoped: true,
  permission: "admin::manage_system",
  sortable: true,
  displayField: "name",
  fields: {
    name: text({ required: true, max: 50, list: true, search: true, unique: true }),
    section_id: ref("section", { list: true }),
    // spec: "Map image: max 5 MB". A floor plan: photo, scan or drawing.
    map_path: file({ accept: ["image/png", "image/jpeg", "image/svg+xml"], maxBytes: MAP_IMAGE_MAX_BYTES }),
  },
});
