import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Box, UnstyledButton, VisuallyHidden } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import type { NodeBadge } from "./call-badges";
import { nodeHealth, type HealthSettings } from "./health";
import { KindIcon } from "./KindIcon";
import { NodeMarkers } from "./NodeMarkers";
import type { TreeRow } from "./tree-model";
import { scrollToReveal, visibleWindow } from "./virtual-window";

/** Fixed row height: the window arithmetic needs no measuring. */
export const TREE_ROW_HEIGHT = 34;
const INDENT = 20;

interface TreeViewProps {
  rows: readonly TreeRow[];
  badges: ReadonlyMap<number, NodeBadge>;
  settings: HealthSettings;
  now: number;
  onToggle: (id: number, open?: boolean) => void;
  onOpen: (id: number) => void;
  label: string;
  /** The scroll area's height (CSS). */
  height: string;
}

const rowDomId = (id: number): string => `tree-node-${id}`;

/**
 * The system tree as a virtualized ARIA tree: only the rows in view (plus a few) are in the DOM.
 * Keyboard per the WAI-ARIA tree pattern on the focused tree (aria-activedescendant): up/down,
 * Home/End, right opens or goes to the first child, left closes or goes to the parent, Enter
 * opens the node form. A click on a row opens the form, the chevron toggles.
 */
export function TreeView({ rows, badges, settings, now, onToggle, onOpen, label, height }: TreeViewProps): ReactNode {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const [activeId, setActiveId] = useState<number | null>(null);
  const positions = useMemo(() => new Map(rows.map((row, index) => [row.node.id, index])), [rows]);
  const activeIndex = activeId === null ? -1 : (positions.get(activeId) ?? -1);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setViewport(element.clientHeight));
    observer.observe(element);
    setViewport(element.clientHeight);
    return () => observer.disconnect();
  }, []);

  const reveal = useCallback((index: number) => {
    const element = scroller.current;
    if (!element) return;
    const target = scrollToReveal(index, element.scrollTop, element.clientHeight, TREE_ROW_HEIGHT);
    if (target !== null) element.scrollTop = target;
  }, []);

  const activate = (index: number): void => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    setActiveId(row.node.id);
    reveal(positions.get(row.node.id) ?? 0);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const current = activeIndex < 0 ? 0 : activeIndex;
    const row = rows[current];
    const keys: Record<string, () => void> = {
      ArrowDown: () => activate(activeIndex < 0 ? 0 : current + 1),
      ArrowUp: () => activate(current - 1),
      Home: () => activate(0),
      End: () => activate(rows.length - 1),
      ArrowRight: () => {
        if (!row?.hasChildren) return;
        if (row.expanded) activate(current + 1);
        else onToggle(row.node.id, true);
      },
      ArrowLeft: () => {
        if (!row) return;
        if (row.expanded) {
          onToggle(row.node.id, false);
          return;
        }
        const parent = row.node.parent_id === null ? undefined : positions.get(row.node.parent_id);
        if (parent !== undefined) activate(parent);
      },
      Enter: () => {
        if (row) onOpen(row.node.id);
      },
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const { start, end } = visibleWindow(scrollTop, viewport, TREE_ROW_HEIGHT, rows.length);
  const shown = rows.slice(start, end);

  return (
    <Box
      ref={scroller}
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 && activeId !== null ? rowDomId(activeId) : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        if (activeIndex < 0 && rows.length > 0) setActiveId(rows[0]?.node.id ?? null);
      }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid={TESTIDS.tree.tree}
      data-rows={rows.length}
      style={{
        height,
        minHeight: 240,
        overflowY: "auto",
        position: "relative",
        border: "1px solid var(--mantine-color-gray-3)",
        borderRadius: "var(--mantine-radius-sm)",
        outlineOffset: 2,
      }}
    >
      <div style={{ height: rows.length * TREE_ROW_HEIGHT, position: "relative" }}>
        {shown.map((row, offset) => {
          const { node } = row;
          const active = node.id === activeId;
          const health = nodeHealth(node, settings);
          return (
            <div
              key={node.id}
              id={rowDomId(node.id)}
              role="treeitem"
              aria-level={row.depth + 1}
              aria-setsize={row.siblings}
              aria-posinset={row.position}
              aria-expanded={row.hasChildren ? row.expanded : undefined}
              aria-selected={active}
              aria-disabled={node.is_enabled ? undefined : true}
              data-testid={TESTIDS.tree.row}
              data-id={node.id}
              data-depth={row.depth}
              data-kind={node.kind}
              onClick={() => {
                setActiveId(node.id);
                onOpen(node.id);
              }}
              style={{
                position: "absolute",
                top: (start + offset) * TREE_ROW_HEIGHT,
                left: 0,
                right: 0,
                height: TREE_ROW_HEIGHT,
                display: "flex",
                alignItems: "center",
                gap: 6,
                paddingLeft: 4 + row.depth * INDENT,
                paddingRight: 8,
                cursor: "pointer",
                whiteSpace: "nowrap",
                background: active ? "var(--mantine-color-blue-light)" : undefined,
                // "disabled nodes greyed"
                // (gray.7 keeps 4.5:1 on white; italic tells it apart from enabled rows).
                color: node.is_enabled ? undefined : "var(--mantine-color-gray-7)",
                fontStyle: node.is_enabled ? undefined : "italic",
              }}
            >
              {row.hasChildren ? (
                <UnstyledButton
                  tabIndex={-1}
                  aria-hidden
                  onClick={(event) => {
                    event.stopPropagation();
                    onToggle(node.id);
                  }}
                  data-testid={TESTIDS.tree.toggle}
                  data-id={node.id}
                  style={{ display: "inline-flex", padding: 2 }}
                >
                  {row.expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
                </UnstyledButton>
              ) : (
                <span style={{ width: 20, flexShrink: 0 }} />
              )}
              <KindIcon kind={node.kind} />
              <span style={{ overflow: "hidden", textOverflow: "ellipsis", fontSize: "var(--mantine-font-size-sm)" }}>
                {node.name}
                {node.number !== null && <span style={{ color: "var(--mantine-color-gray-7)" }}> #{node.number}</span>}
              </span>
              <VisuallyHidden>{t(`tree.kinds.${node.kind}`, { defaultValue: node.kind })}</VisuallyHidden>
              {!node.is_enabled && <VisuallyHidden>{t("tree.disabled")}</VisuallyHidden>}
              <NodeMarkers node={node} health={health} badge={badges.get(node.id)} now={now} />
            </div>
          );
        })}
      </div>
    </Box>
  );
}
