import { useMemo, useState, type ReactNode } from "react";
import { Button, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconBatteryFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { monitoredKind } from "@caresuite/domain";
import { currentLocale } from "../../i18n";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { deviceRows, type DeviceSort } from "./device-list";
import { BATTERY_CSS, nodeHealth, type HealthSettings } from "./health";
import { KindIcon } from "./KindIcon";
import { relativeTime } from "./relative-time";
import type { TreeIndex } from "./tree-model";

/** Rows rendered at first; more on request, so thousands of devices do not block the page. */
const PAGE = 200;

interface DeviceTableProps {
  index: TreeIndex;
  settings: HealthSettings;
  now: number;
  onOpen: (id: number) => void;
}

/** The devices view: a flat device list with health columns, low battery first by default. */
export function DeviceTable({ index, settings, now, onOpen }: DeviceTableProps): ReactNode {
  const { t } = useTranslation();
  const [sort, setSort] = useState<DeviceSort>("battery");
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(() => deviceRows(index, settings, sort), [index, settings, sort]);
  const locale = currentLocale();

  const header = (key: DeviceSort, label: string): ReactNode => (
    <Table.Th aria-sort={sort === key ? "ascending" : "none"}>
      <UnstyledButton onClick={() => setSort(key)} fw={700} fz="sm" style={{ display: "inline-flex", alignItems: "center", gap: 4 }}>
        {label}
        {sort === key && <IconArrowDown size={14} aria-hidden />}
      </UnstyledButton>
    </Table.Th>
  );

  if (rows.length === 0) {
    return (
      <Text c="dimmed" data-testid={TESTIDS.tree.empty}>
        {t("tree.devicesEmpty")}
      </Text>
    );
  }

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover data-testid={TESTIDS.tree.devices}>
        <Table.Thead>
          <Table.Tr>
            {header("name", t("tree.columns.device"))}
            <Table.Th>{t("tree.columns.kind")}</Table.Th>
            {header("battery", t("tree.columns.battery"))}
            {header("reachable", t("tree.columns.reachable"))}
            <Table.Th>{t("tree.columns.serial")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.slice(0, limit).map(({ node, place, batteryColour }) => {
            const health = nodeHealth(node, settings);
            return (
              <Table.Tr key={node.id} data-testid={TESTIDS.tree.deviceRow} data-id={node.id}>
                <Table.Td>
                  <UnstyledButton onClick={() => onOpen(node.id)} style={{ display: "inline-flex", gap: 6, alignItems: "center", textAlign: "start" }}>
                    <KindIcon kind={node.kind} />
                    <span>
                      <Text span display="block" size="sm" fw={500} c={node.is_enabled ? undefined : "dimmed"}>
                        {node.name}
                      </Text>
                      {place && (
                        <Text span display="block" size="xs" c="dimmed">
                          {place}
                        </Text>
                      )}
                    </span>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`tree.connectionKinds.${monitoredKind(node)}`)}</Text>
                </Table.Td>
                <Table.Td>
                  {batteryColour ? (
                    <Text
                      size="sm"
                      fw={600}
                      style={{ display: "inline-flex", alignItems: "center", gap: 4, flexWrap: "wrap" }}
                      data-testid={TESTIDS.tree.battery}
                      data-colour={batteryColour}
                      title={
                        node.battery_reported_at ? t("tree.battery.lastReported", { ago: relativeTime(node.battery_reported_at, now, locale) }) : undefined
                      }
                    >
                      <IconBatteryFilled size={16} aria-hidden color={BATTERY_CSS[batteryColour]} />
                      {node.battery}%
                      {node.battery_reported_at && (
                        <Text span size="xs" c="dimmed" fw={400}>
                          {" "}
                          {t("tree.battery.lastReported", { ago: relativeTime(node.battery_reported_at, now, locale) })}
                        </Text>
                      )}
                    </Text>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t("tree.battery.unknown")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {health.reachable ? (
                    <Text size="sm">{t("tree.reachableYes")}</Text>
                  ) : (
                    <Text size="sm" c="red.9" fw={600} data-testid={TESTIDS.tree.unreachable}>
                      {node.last_reachable_at ? t("tree.unreachableSince", { since: formatDateTime(node.last_reachable_at) }) : t("tree.unreachable")}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {node.serial ?? ""}
                  </Text>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {rows.length > limit && (
        <Button variant="subtle" mt="xs" onClick={() => setLimit((n) => n + PAGE * 5)}>
          {t("tree.showMore", { count: rows.length - limit })}
        </Button>
      )}
    </Table.ScrollContainer>
  );
}
