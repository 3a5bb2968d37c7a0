import { lazy, type ComponentType } from "react";
import type { EntityFormPart, EntityFormPartProps } from "../../entity-admin/form-parts";

function lazyPart<K extends string>(load: () => Promise<Record<K, ComponentType<EntityFormPartProps>>>, name: K): ComponentType<EntityFormPartProps> {
  return lazy(async (): Promise<{ default: ComponentType<EntityFormPartProps> }> => ({ default: (await load())[name] }));
}

/**
 * Custom parts inside the generic form frame of some registry entities, by entity name. Each
 * loads with its form (its own chunk).
 */
export const ENTITY_FORM_PARTS: Readonly<Partial<Record<string, EntityFormPart>>> = {
  // The map image and the checkpoints placed on it (spec data §3.4 "checkpoints, map_path").
  checkpointMap: {
    Component: lazyPart(() => import("./checkpoint-maps/CheckpointMapPart"), "CheckpointMapPart"),
    size: "80rem",
  },
  // The button's face with its function slots A/B/C, at a glance.
  button: { Component: lazyPart(() => import("./buttons/ButtonFacePart"), "ButtonFacePart") },
  // Sends the saved technical report at once, to check its content and address.
  technicalReport: { Component: lazyPart(() => import("./reports/SendReportNowPart"), "SendReportNowPart") },
};
