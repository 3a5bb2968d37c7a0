import { checkpoint, type IntField } from "@caresuite/domain";
import type { EntityRecord } from "../../../entity-admin/entity-documents";

/**
 * Placing checkpoints on a map image (spec data §3.4 "diameter, position_x, position_y"): all in
 * pixels of the image, the circle's centre at the position.
 */

export interface MapSize {
  width: number;
  height: number;
}

export interface Placed {
  id: number;
  x: number;
  y: number;
  diameter: number;
}

const intField = (name: string): IntField => checkpoint.fields[name as keyof typeof checkpoint.fields] as IntField;
const POSITION_MAX = intField("position_x").max ?? 10000;
export const DEFAULT_DIAMETER = intField("diameter").default ?? 50;

/** A position inside the image and the field's limits, in whole pixels. */
export function clampPosition(x: number, y: number, size: MapSize): { x: number; y: number } {
  const clamp = (value: number, max: number): number => Math.min(Math.max(0, Math.round(value)), Math.min(POSITION_MAX, Math.max(0, max)));
  return { x: clamp(x, size.width), y: clamp(y, size.height) };
}

/** A pointer's place on the rendered image (client pixels) as image pixels. */
export function toImagePoint(
  client: { x: number; y: number },
  box: { left: number; top: number; width: number; height: number },
  size: MapSize,
): { x: number; y: number } {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return clampPosition(((client.x - box.left) * size.width) / box.width, ((client.y - box.top) * size.height) / box.height, size);
}

/** The checkpoint's place on the map (stored values, defaults for missing ones). */
export function placed(record: EntityRecord): Placed {
  const number = (value: unknown, fallback: number): number => (typeof value === "number" ? value : fallback);
  return {
    id: record.id,
    x: number(record["position_x"], 0),
    y: number(record["position_y"], 0),
    diameter: number(record["diameter"], DEFAULT_DIAMETER),
  };
}

/**
 * The number a new checkpoint is offered: one above the highest known (numbers are unique in the
 * system, across maps): the system's highest, this map's, and the ones just created.
 */
export function nextCheckpointNumber(records: readonly EntityRecord[], ...known: (number | null | undefined)[]): number {
  const numbers = [...records.map((r) => (typeof r["number"] === "number" ? r["number"] : 0)), ...known.map((n) => n ?? 0)];
  return Math.min(9999, Math.max(0, ...numbers) + 1);
}

/** Arrow keys move a focused checkpoint by one pixel, with Shift by ten. */
export function keyboardMove(key: string, shift: boolean): { dx: number; dy: number } | null {
  const step = shift ? 10 : 1;
  switch (key) {
    case "ArrowLeft":
      return { dx: -step, dy: 0 };
    case "ArrowRight":
      return { dx: step, dy: 0 };
    case "ArrowUp":
      return { dx: 0, dy: -step };
    case "ArrowDown":
      return { dx: 0, dy: step };
    default:
      return null;
  }
}
