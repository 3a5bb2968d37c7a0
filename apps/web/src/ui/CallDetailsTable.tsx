import type { ReactNode } from "react";
import { Box, Group, Table } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../i18n/format";

/** The call fields both call forms show (spec data §3.4 "Call"); the log's form knows more. */
export interface CallDetails {
  number: number;
  opened_at: string;
  section_name: string;
  handled_by_app_username: string | null;
  call_source: { char: string } | null;
  call_type: { name: string; color: string } | null;
  closed_at?: string | null;
  manually_closed_by_username?: string | null;
  system_name?: string;
}

/**
 * The call as a two-column table (label, value), live where it runs: `duration` is the text of
 * its running time. Texts: `display.callForm.*` (the display catalogue, which every call form loads: the board's,
 * the call log's and the system tree node's).
 */
export function CallDetailsTable({ call, duration }: { call: CallDetails; duration: string }): ReactNode {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [
      t("display.callForm.type"),
      <Group key="type" gap="xs" wrap="nowrap">
        <Box w={12} h={12} style={{ borderRadius: "50%", flexShrink: 0, background: call.call_type?.color ?? "var(--mantine-color-gray-6)" }} />
        <span>{call.call_type?.name ?? "—"}</span>
      </Group>,
    ],
    [t("display.callForm.section"), call.section_name || "—"],
    [t("display.callForm.source"), call.call_source?.char ?? "—"],
    [t("display.callForm.openedAt"), formatDateTime(call.opened_at, { seconds: true })],
  ];
  if (call.closed_at) rows.push([t("display.callForm.closedAt"), formatDateTime(call.closed_at, { seconds: true })]);
  rows.push([t("display.callForm.duration"), duration]);
  rows.push([t("display.callForm.handledBy"), call.handled_by_app_username ?? t("display.callForm.nobody")]);
  if (call.manually_closed_by_username) rows.push([t("display.callForm.manuallyClosedBy"), call.manually_closed_by_username]);
  if (call.system_name) rows.push([t("display.callForm.system"), call.system_name]);
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="40%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
