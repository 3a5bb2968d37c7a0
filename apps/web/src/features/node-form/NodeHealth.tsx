import type { ReactNode } from "react";
import { Badge, Box, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconBattery2, IconWifi, IconWifiOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { batteryState, DEFAULT_GLOBAL_SETTINGS, TOOLTIP_DELAY_MS } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { formatDate, formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { useServerClock } from "../../ui/useServerClock";
import { reachabilityDays, type ReachabilityDayState, type ReachabilityPeriodLike } from "./reachability-days";

export interface NodeHealthFacts {
  battery: number | null;
  battery_reported_at: string | null;
  reachable: boolean;
  last_reachable_at: string | null;
  reachability_history: readonly ReachabilityPeriodLike[];
  /** The device's own words (spec data §3.6 "status (values not shown)", "health"). */
  status: string | null;
  health: string | null;
}

const DAY_COLOURS: Record<ReachabilityDayState, string> = {
  reachable: "var(--mantine-color-green-6)",
  unreachable: "var(--mantine-color-red-7)",
  mixed: "var(--mantine-color-yellow-5)",
  unknown: "var(--mantine-color-gray-3)",
};

/** "Zuletzt gemeldet 26.11.2026 10:15" or "Noch nie gemeldet". */
function Reported({ at, keyName = "nodeForm.health.lastReported" }: { at: string | null; keyName?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed">
      {at ? t(keyName, { time: formatDateTime(at) }) : t("nodeForm.health.neverReported")}
    </Text>
  );
}

/**
 * Battery and reachability of a device (spec data §4 battery rule; §9 "Reachability shown for 14
 * days"). Values are not live: each says when it was last reported (a new battery may take up to
 * 24 hours to show).
 */
export function NodeHealth({ facts }: { facts: NodeHealthFacts }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const now = useServerClock();
  const thresholds = data.globalSettings ?? DEFAULT_GLOBAL_SETTINGS;
  const battery = batteryState(facts.battery, thresholds);
  const days = reachabilityDays(facts.reachability_history, now);

  return (
    <Stack gap="sm" data-testid={TESTIDS.nodeForm.health}>
      <Group
        justify="space-between"
        align="flex-start"
        wrap="nowrap"
        data-testid={TESTIDS.nodeForm.battery}
        data-status={battery.status}
        data-colour={battery.colour ?? ""}
      >
        <Group gap="xs" wrap="nowrap">
          <IconBattery2 size={18} aria-hidden />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {t("nodeForm.health.battery")} · {t(`nodeForm.health.battery_${battery.status}`)}
            </Text>
            <Reported at={facts.battery_reported_at} />
          </Stack>
        </Group>
        <Badge color={battery.colour ?? "gray"} variant={battery.colour ? "filled" : "light"} autoContrast tt="none" style={{ flexShrink: 0 }}>
          {battery.status === "unknown" ? "–" : t("nodeForm.health.batteryValue", { value: facts.battery })}
        </Badge>
      </Group>
      <Group justify="space-between" align="flex-start" wrap="nowrap" data-testid={TESTIDS.nodeForm.reachability} data-reachable={facts.reachable}>
        <Group gap="xs" wrap="nowrap">
          {facts.reachable ? <IconWifi size={18} aria-hidden /> : <IconWifiOff size={18} aria-hidden />}
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {t("nodeForm.health.reachability")}
            </Text>
            <Reported at={facts.last_reachable_at} keyName="nodeForm.health.lastReachable" />
          </Stack>
        </Group>
        <Badge color={facts.reachable ? "green" : "red"} variant="light" style={{ flexShrink: 0 }}>
          {facts.reachable ? t("nodeForm.health.reachable") : t("nodeForm.health.notReachable")}
        </Badge>
      </Group>
      {(facts.status || facts.health) && (
        <Group gap="xs">
          {facts.status && (
            <Badge variant="outline" color="gray" tt="none">
              {t("nodeForm.health.status")}: {facts.status}
            </Badge>
          )}
          {facts.health && (
            <Badge variant="outline" color="gray" tt="none">
              {t("nodeForm.health.deviceHealth")}: {facts.health}
            </Badge>
          )}
        </Group>
      )}
      <Stack gap={4}>
        <Text size="xs" c="dimmed" id="node-reachability-history">
          {t("nodeForm.health.history")}
        </Text>
        <Group gap={2} wrap="nowrap" role="list" aria-labelledby="node-reachability-history" data-testid={TESTIDS.nodeForm.reachabilityHistory}>
          {days.map((day) => {
            const label = t("nodeForm.health.historyDay", { day: formatDate(day.start), state: t(`nodeForm.health.day_${day.state}`) });
            return (
              <Tooltip key={day.start} label={label} openDelay={TOOLTIP_DELAY_MS}>
                <Box
                  role="listitem"
                  aria-label={label}
                  h={20}
                  style={{ flex: 1, borderRadius: 2, background: DAY_COLOURS[day.state] }}
                  data-testid={TESTIDS.nodeForm.reachabilityDay}
                  data-day={formatDate(day.start)}
                  data-state={day.state}
                />
              </Tooltip>
            );
          })}
        </Group>
      </Stack>
      <Text size="xs" c="dimmed">
        {t("nodeForm.health.batteryDelay")}
      </Text>
    </Stack>
  );
}
