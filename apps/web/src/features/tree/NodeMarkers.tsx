import type { ReactNode } from "react";
import { Badge, VisuallyHidden } from "@mantine/core";
import { IconBattery1, IconBattery2, IconBattery4, IconHierarchy2, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../i18n";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { badgeColours } from "./badge-colours";
import type { NodeBadge } from "./call-badges";
import { BATTERY_CSS, type NodeHealth } from "./health";
import { relativeTime } from "./relative-time";
import type { TreeNode } from "./tree-model";

const BATTERY_ICON = { green: IconBattery4, yellow: IconBattery2, red: IconBattery1 } as const;

interface NodeMarkersProps {
  node: TreeNode;
  health: NodeHealth;
  badge: NodeBadge | undefined;
  now: number;
}

/**
 * The markers after a node's name: inherited data, battery (colour by the battery rule, "last
 * reported" in the title), not reachable (since when), and the open-call badge.
 */
export function NodeMarkers({ node, health, badge, now }: NodeMarkersProps): ReactNode {
  const { t } = useTranslation();
  const locale = currentLocale();
  const colour = health.batteryColour;
  const BatteryIcon = colour ? BATTERY_ICON[colour] : null;
  const reported = node.battery_reported_at ? relativeTime(node.battery_reported_at, now, locale) : null;
  const batteryText = reported
    ? t("tree.battery.reported", { level: node.battery ?? 0, ago: reported })
    : t("tree.battery.level", { level: node.battery ?? 0 });
  const since = node.last_reachable_at ? formatDateTime(node.last_reachable_at) : null;
  const unreachableText = since ? t("tree.unreachableSince", { since }) : t("tree.unreachable");

  return (
    <>
      {node.inherits && (
        <span title={t("tree.inherited")} data-testid={TESTIDS.tree.inherited} style={{ display: "inline-flex" }}>
          <IconHierarchy2 size={14} aria-hidden color="var(--mantine-color-gray-6)" />
          <VisuallyHidden>{t("tree.inherited")}</VisuallyHidden>
        </span>
      )}
      {BatteryIcon && colour && (
        <span
          title={batteryText}
          data-testid={TESTIDS.tree.battery}
          data-colour={colour}
          style={{ display: "inline-flex", alignItems: "center", gap: 2, fontSize: 12, color: "var(--mantine-color-dimmed)" }}
        >
          {/* The icon carries the colour; the number stays dark enough to read (4.5:1). */}
          <BatteryIcon size={16} aria-hidden color={BATTERY_CSS[colour]} />
          <span aria-hidden>{node.battery}%</span>
          <VisuallyHidden>{batteryText}</VisuallyHidden>
        </span>
      )}
      {!health.reachable && (
        <span title={unreachableText} data-testid={TESTIDS.tree.unreachable} style={{ display: "inline-flex", color: "var(--mantine-color-red-8)" }}>
          <IconWifiOff size={16} aria-hidden />
          <VisuallyHidden>{unreachableText}</VisuallyHidden>
        </span>
      )}
      {badge && (
        <Badge
          size="sm"
          circle={badge.count < 10}
          color={badgeColours(badge).background}
          style={{ "--badge-color": badgeColours(badge).text }}
          title={t("tree.openCalls", { count: badge.count })}
          aria-label={t("tree.openCalls", { count: badge.count })}
          data-testid={TESTIDS.tree.badge}
          data-count={badge.count}
          data-urgency={badge.urgency}
        >
          {badge.count}
        </Badge>
      )}
    </>
  );
}
