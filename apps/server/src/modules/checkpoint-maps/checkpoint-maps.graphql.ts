import { checkpointMap } from "@caresuite/domain";
import { builder } from "../../graphql/builder.ts";
import { ENTITY_OBJECT_TYPES } from "../entities/entities.graphql.ts";
import { uploadCheckpointMapImage } from "./checkpoint-maps.service.ts";

/**
 * `uploadCheckpointMapImage(id, file)`: the map image of a checkpoint map (multipart request).
 * Guarded like the entity itself; returns the map with its new map_path.
 */
const CheckpointMapType = ENTITY_OBJECT_TYPES.get(checkpointMap.name);
if (!CheckpointMapType) throw new Error("entities.graphql.ts must be imported before checkpoint-maps.graphql.ts");

builder.mutationField("uploadCheckpointMapImage", (t) =>
  t.field({
    type: CheckpointMapType,
    args: { id: t.arg.int({ required: true }), file: t.arg({ type: "Upload", required: true }) },
    authScopes: { writePermission: checkpointMap.permission },
    resolve: (_root, args, ctx) => uploadCheckpointMapImage(ctx, args.id, args.file),
  }),
);
