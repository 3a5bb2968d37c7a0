import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from "react";
import { Box } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { EntityRecord } from "../../../entity-admin/entity-documents";
import * as TESTIDS from "../../../testids";
import classes from "./MapEditor.module.css";
import { clampPosition, keyboardMove, placed, toImagePoint, type MapSize } from "./map-geometry";

interface MapEditorProps {
  imageUrl: string;
  checkpoints: readonly EntityRecord[];
  /** Positions being saved (shown instead of the stored ones until the save is back). */
  pending: ReadonlyMap<number, { x: number; y: number }>;
  onMove: (record: EntityRecord, x: number, y: number) => void;
  onOpen: (record: EntityRecord) => void;
  onAdd: (x: number, y: number) => void;
  /** The image's own size, once loaded. */
  onSize?: (size: MapSize) => void;
}

interface Drag {
  id: number;
  pointerId: number;
  startX: number;
  startY: number;
  x: number;
  y: number;
  moved: boolean;
}

/** A pointer must travel this far (screen pixels) before a press becomes a drag, not a click. */
const DRAG_THRESHOLD_PX = 3;

/**
 * The map image with its checkpoints as circles of their diameter, centred on their position
 * (image pixels: the overlay's viewBox is the image's own size, so it scales with the image).
 * Drag a circle to move it; click an empty spot to add a checkpoint there; click a circle, or
 * focus it and press Enter, to edit it; arrow keys move a focused circle (Shift: by ten).
 */
export function MapEditor({ imageUrl, checkpoints, pending, onMove, onOpen, onAdd, onSize }: MapEditorProps): ReactNode {
  const { t } = useTranslation();
  const svgRef = useRef<SVGSVGElement>(null);
  const [size, setSize] = useState<MapSize | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const imagePoint = (event: { clientX: number; clientY: number }): { x: number; y: number } | null => {
    const svg = svgRef.current;
    if (!svg || !size) return null;
    return toImagePoint({ x: event.clientX, y: event.clientY }, svg.getBoundingClientRect(), size);
  };

  const startDrag = (record: EntityRecord, event: PointerEvent<SVGGElement>): void => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    const at = placed(record);
    const current = pending.get(record.id) ?? at;
    setDrag({ id: record.id, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, x: current.x, y: current.y, moved: false });
  };

  const moveDrag = (event: PointerEvent<SVGGElement>): void => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const moved = drag.moved || Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) >= DRAG_THRESHOLD_PX;
    const point = imagePoint(event);
    if (moved && point) setDrag({ ...drag, ...point, moved });
  };

  const endDrag = (record: EntityRecord, event: PointerEvent<SVGGElement>): void => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (drag.moved) onMove(record, drag.x, drag.y);
    else onOpen(record);
  };

  const addAt = (event: MouseEvent<SVGRectElement>): void => {
    const point = imagePoint(event);
    if (point) onAdd(point.x, point.y);
  };

  const keyDown = (record: EntityRecord, event: KeyboardEvent<SVGGElement>): void => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpen(record);
      return;
    }
    const step = keyboardMove(event.key, event.shiftKey);
    if (!step || !size) return;
    event.preventDefault();
    const current = pending.get(record.id) ?? placed(record);
    const next = clampPosition(current.x + step.dx, current.y + step.dy, size);
    onMove(record, next.x, next.y);
  };

  return (
    <Box pos="relative" style={{ lineHeight: 0, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, overflow: "hidden" }}>
      <img
        src={imageUrl}
        alt={t("checkpointMaps.imageAlt")}
        data-testid={TESTIDS.checkpointMaps.image}
        style={{ display: "block", width: "100%", height: "auto", userSelect: "none" }}
        draggable={false}
        onLoad={(event) => {
          const loaded = { width: event.currentTarget.naturalWidth || 300, height: event.currentTarget.naturalHeight || 150 };
          setSize(loaded);
          onSize?.(loaded);
        }}
      />
      {size && (
        <svg
          ref={svgRef}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          data-testid={TESTIDS.checkpointMaps.editor}
          data-width={size.width}
          data-height={size.height}
          style={{ position: "absolute", inset: 0, width: "100%", height: "100%", touchAction: "none" }}
        >
          <rect
            width={size.width}
            height={size.height}
            fill="transparent"
            style={{ cursor: "crosshair" }}
            onClick={addAt}
            data-testid={TESTIDS.checkpointMaps.surface}
          >
            <title>{t("checkpointMaps.clickToAdd")}</title>
          </rect>
          {checkpoints.map((record) => {
            const at = placed(record);
            const shown = drag?.id === record.id && drag.moved ? drag : (pending.get(record.id) ?? at);
            const label =
              typeof record["char"] === "string" && record["char"] !== "" ? `${String(record["number"])}${record["char"]}` : String(record["number"]);
            const radius = at.diameter / 2;
            return (
              <g
                key={record.id}
                role="button"
                tabIndex={0}
                aria-label={t("checkpointMaps.checkpointAt", { label, text: String(record["text"] ?? ""), x: shown.x, y: shown.y })}
                data-testid={TESTIDS.checkpointMaps.checkpoint}
                data-id={record.id}
                data-x={shown.x}
                data-y={shown.y}
                className={drag?.id === record.id ? `${classes.checkpoint} ${classes.dragging}` : classes.checkpoint}
                onPointerDown={(event) => startDrag(record, event)}
                onPointerMove={moveDrag}
                onPointerUp={(event) => endDrag(record, event)}
                onPointerCancel={() => setDrag(null)}
                onKeyDown={(event) => keyDown(record, event)}
              >
                <circle
                  cx={shown.x}
                  cy={shown.y}
                  r={radius}
                  fill="var(--mantine-primary-color-filled)"
                  fillOpacity={0.35}
                  stroke="var(--mantine-primary-color-filled)"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
                <text
                  x={shown.x}
                  y={shown.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  fontSize={Math.max(10, radius * 0.8)}
                  fontWeight={700}
                  fill="var(--mantine-color-text)"
                  style={{ pointerEvents: "none", userSelect: "none" }}
                >
                  {label}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </Box>
  );
}
