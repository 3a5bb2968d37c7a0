import { memo, type ReactNode } from "react";
import { Group, Table, Text, UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { ResultOf } from "gql.tada";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { formatDuration, type LogFilterState, type LogSort } from "./log-filter";
import type { CALL_LOG } from "./log.graphql";
import classes from "./LogTable.module.css";

export type LogCall = ResultOf<typeof CALL_LOG>["callLog"]["items"][number];

/** Grey for a call whose type was deleted. */
const NO_TYPE_COLOR = "#868e96";

/** A column header that sorts by one of the server's whitelisted sorts. */
function SortHeader({ label, sort, filter, onSort }: { label: string; sort: LogSort; filter: LogFilterState; onSort: (sort: LogSort) => void }): ReactNode {
  const active = filter.sort === sort;
  const Icon = !active ? IconSelector : filter.direction === "ASC" ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th aria-sort={active ? (filter.direction === "ASC" ? "ascending" : "descending") : "none"}>
      <UnstyledButton onClick={() => onSort(sort)} data-testid={TESTIDS.log.sort(sort)}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** One call; plain elements (LogTable.module.css), since fifty of them render on every page. */
const LogRow = memo(function LogRow({
  call,
  onOpen,
  openLabel,
  closedLabel,
}: {
  call: LogCall;
  onOpen: (id: number) => void;
  openLabel: string;
  closedLabel: string;
}): ReactNode {
  return (
    <tr className={classes.row} onClick={() => onOpen(call.id)} data-testid={TESTIDS.log.row} data-id={call.id} data-closed={call.is_closed}>
      <td>{formatDateTime(call.opened_at, { seconds: true })}</td>
      <td>{call.closed_at ? formatDateTime(call.closed_at, { seconds: true }) : "–"}</td>
      <td>
        {/* A button for the keyboard; the whole row takes the mouse. */}
        <button
          type="button"
          className={classes.device}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(call.id);
          }}
        >
          {call.device_text_long || call.device_text_short}
        </button>
      </td>
      <td>{call.section_name}</td>
      <td>
        <span className={classes.swatch} style={{ background: call.call_type?.color ?? NO_TYPE_COLOR }} aria-hidden />
        {call.call_type?.name ?? call.call_type_text}
      </td>
      <td>{formatDuration(call.duration)}</td>
      <td>{formatDuration(call.response_time ?? null)}</td>
      <td>
        <span className={classes.state} data-open={call.is_closed ? undefined : true}>
          {call.is_closed ? closedLabel : openLabel}
        </span>
      </td>
    </tr>
  );
});

/** The call log as a table: sortable headers, a row per call that opens the call form. */
export function LogTable({
  items,
  filter,
  onSort,
  onOpen,
}: {
  items: readonly LogCall[];
  filter: LogFilterState;
  onSort: (sort: LogSort) => void;
  onOpen: (id: number) => void;
}): ReactNode {
  const { t } = useTranslation();
  const openLabel = t("log.states.OPEN");
  const closedLabel = t("log.states.CLOSED");
  return (
    // A narrow window keeps the columns and scrolls sideways within the table's box.
    <Table.ScrollContainer minWidth={900}>
      <Table style={{ whiteSpace: "nowrap" }} data-testid={TESTIDS.log.table}>
        <Table.Thead>
          <Table.Tr>
            <SortHeader label={t("log.columns.opened")} sort="OPENED_AT" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.closed")} sort="CLOSED_AT" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.device")} sort="NODE" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.section")} sort="SECTION" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.callType")} sort="CALL_TYPE" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.duration")} sort="DURATION" filter={filter} onSort={onSort} />
            <SortHeader label={t("log.columns.responseTime")} sort="RESPONSE_TIME" filter={filter} onSort={onSort} />
            <Table.Th>{t("log.columns.state")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((call) => (
            <LogRow key={call.id} call={call} onOpen={onOpen} openLabel={openLabel} closedLabel={closedLabel} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
