import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Center,
  ColorSwatch,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertCircle, IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery, useSubscription } from "urql";
import { hasErrorCode, validationFieldErrors } from "../../api/errors";
import { formatDateTime, formatNumber } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { translateFieldError } from "../../ui/field-error";
import { SearchMultiSelect } from "../../ui/SearchSelect";
import {
  DEFAULT_LOG_FILTER,
  LOG_PERIODS,
  LOG_SORTS,
  filterFromParams,
  filterToParams,
  filterToQuery,
  formatDuration,
  pageCount,
  periodLabelKey,
  sortBy,
  withChange,
  type LogFilterState,
  type LogPeriod,
  type LogSort,
  type LogState,
} from "./log-filter";
import { LogExports } from "./LogExports";
import { LogTable } from "./LogTable";
import { CALL_LOG, LOG_CALLS_CHANGED, LOG_NODE_CHOICES } from "./log.graphql";
import { optionIds, useLogFilterOptions } from "./useLogFilterOptions";
import { usePhone } from "../../app/use-phone";

/** Open calls change in bursts (a call, its presence, its close): the list is read once they rest. */
const REFETCH_QUIET_MS = 1000;
/** The column (and its label) of each sort. */
const SORT_COLUMN: Record<LogSort, string> = {
  OPENED_AT: "opened",
  CLOSED_AT: "closed",
  NODE: "device",
  SECTION: "section",
  CALL_TYPE: "callType",
  DURATION: "duration",
  RESPONSE_TIME: "responseTime",
};
const CHOICES_DEBOUNCE_MS = 250;

/** The log's filter, read from and written to the URL search params. */
function useLogFilter(): [LogFilterState, (next: LogFilterState) => void] {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  return [filter, (next) => setParams(filterToParams(next), { replace: true })];
}

/** The node picker: what the server finds for the typed text, the chosen nodes first. */
export function useNodePicker(nodeIds: readonly number[]): {
  options: { value: string; label: string }[];
  fetching: boolean;
  onSearch: (text: string) => void;
  onOpen: () => void;
} {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState("");
  const [search] = useDebouncedValue(typed, CHOICES_DEBOUNCE_MS);
  const asked = search.trim();
  const [{ data, fetching }] = useQuery({
    query: LOG_NODE_CHOICES,
    variables: { search: asked, include_ids: [...nodeIds] },
    // Asked once the picker opens, or to name the nodes the URL chose.
    pause: !opened && nodeIds.length === 0,
  });
  const options = useMemo(() => (data?.systemTreeNodeChoices ?? []).map((node) => ({ value: String(node.id), label: node.name })), [data]);
  return { options, fetching, onSearch: setTyped, onOpen: () => setOpened(true) };
}

/**
 * /log, the call log (spec route table "/log | calllog::use_module"; data §3.4 Calls): the
 * system's calls filtered by period (spec §9's named ranges or from–to), call types, sections, a
 * node, state and minimum duration, sorted by the server's columns and paged. The filter lives in
 * the URL; open calls move, so the list is read again when they change. A row opens the call form
 * (callForm, /log/edit/:id) as a modal over the list.
 */
export function LogPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [filter, setFilter] = useLogFilter();
  const change = (part: Partial<LogFilterState>): void => setFilter(withChange(filter, part));
  const phone = usePhone();

  // Dates are kept as typed until they are complete; the server validates them (VALIDATION per field).
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  useEffect(() => setFrom(filter.from), [filter.from]);
  useEffect(() => setTo(filter.to), [filter.to]);

  const variables = useMemo(() => ({ filter: filterToQuery(filter) }), [filter]);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CALL_LOG, variables, requestPolicy: "cache-and-network" });
  const { typeOptions, sectionOptions } = useLogFilterOptions();
  const nodes = useNodePicker(filter.nodeIds);

  const [changed] = useSubscription({ query: LOG_CALLS_CHANGED });
  const signal = changed.data?.callsChanged;
  useEffect(() => {
    if (!signal) return undefined;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: "network-only" }), REFETCH_QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [signal, reexecute]);

  const fieldErrors = validationFieldErrors(error);
  const fieldError = (field: string): string | undefined => translateFieldError(t, fieldErrors[field], (name) => `log.fields.${name}`);
  const invalid = hasErrorCode(error, "VALIDATION");
  const page = data?.callLog;
  const items = invalid ? [] : (page?.items ?? []);

  const onSort = (sort: LogSort): void => setFilter(sortBy(filter, sort));
  const search = params.toString();
  const openCall = useCallback((id: number): void => void navigate({ pathname: `/log/edit/${id}`, search }), [navigate, search]);

  const total = page?.total ?? null;
  const capped = page?.total_capped ?? false;
  const pages = pageCount(total, capped);

  return (
    <Stack p="md" gap="md" data-testid={TESTIDS.log.page}>
      <Title order={1} size="h2">
        {t("log.title")}
      </Title>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("log.fields.range")}
          data={LOG_PERIODS.map((period) => ({ value: period, label: t(periodLabelKey(period)) }))}
          value={filter.period}
          onChange={(value) => value && change({ period: value as LogPeriod, from: "", to: "" })}
          allowDeselect={false}
          w={200}
          error={fieldError("range")}
          data-testid={TESTIDS.log.period}
        />
        {filter.period === "CUSTOM" && (
          <>
            <TextInput
              type="date"
              label={t("log.fields.from")}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              onBlur={() => from !== filter.from && change({ from })}
              error={fieldError("from")}
              w={170}
              data-testid={TESTIDS.log.from}
            />
            <TextInput
              type="date"
              label={t("log.fields.to")}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              onBlur={() => to !== filter.to && change({ to })}
              error={fieldError("to")}
              w={170}
              data-testid={TESTIDS.log.to}
            />
          </>
        )}
        <MultiSelect
          label={t("log.fields.call_type_ids")}
          data={typeOptions}
          value={filter.callTypeIds.map(String)}
          onChange={(values) => change({ callTypeIds: optionIds(values) })}
          clearable
          searchable
          miw={200}
          maw={360}
          error={fieldError("call_type_ids")}
          data-testid={TESTIDS.log.callTypes}
        />
        {sectionOptions.length > 0 && (
          <MultiSelect
            label={t("log.fields.section_ids")}
            data={sectionOptions}
            value={filter.sectionIds.map(String)}
            onChange={(values) => change({ sectionIds: optionIds(values) })}
            clearable
            searchable
            miw={200}
            maw={360}
            error={fieldError("section_ids")}
            data-testid={TESTIDS.log.sections}
          />
        )}
        <SearchMultiSelect<string>
          label={t("log.fields.node_ids")}
          placeholder={filter.nodeIds.length ? undefined : t("log.nodeSearch")}
          data={nodes.options}
          onSearch={nodes.onSearch}
          fetching={nodes.fetching}
          value={filter.nodeIds.map(String)}
          onChange={(values) => change({ nodeIds: values.map(Number) })}
          clearable
          nothingFoundMessage={t("log.noNodes")}
          w={220}
          error={fieldError("node_ids")}
          data-testid={TESTIDS.log.node}
          onDropdownOpen={nodes.onOpen}
        />
        <NumberInput
          label={t("log.fields.min_duration_seconds")}
          value={filter.minDurationMinutes ?? ""}
          onChange={(value) => change({ minDurationMinutes: typeof value === "number" && value > 0 ? Math.floor(value) : null })}
          min={0}
          max={10_000}
          allowDecimal={false}
          w={210}
          error={fieldError("min_duration_seconds")}
          data-testid={TESTIDS.log.minDuration}
        />
        <Box>
          <Text size="sm" fw={500} mb={2} id="log-state-label">
            {t("log.fields.state")}
          </Text>
          <SegmentedControl
            aria-labelledby="log-state-label"
            value={filter.state}
            onChange={(value) => change({ state: value as LogState })}
            data={[
              { value: "ALL", label: t("log.states.ALL") },
              { value: "OPEN", label: t("log.states.OPEN") },
              { value: "CLOSED", label: t("log.states.CLOSED") },
            ]}
            data-testid={TESTIDS.log.state}
          />
        </Box>
        {phone && (
          // The cards have no column headers: the sort is chosen here.
          <Group gap={4} align="flex-end" wrap="nowrap">
            <Select
              label={t("log.fields.sort")}
              data={LOG_SORTS.map((sort) => ({ value: sort, label: t(`log.columns.${SORT_COLUMN[sort]}`) }))}
              value={filter.sort}
              onChange={(value) => value && change({ sort: value as LogSort })}
              allowDeselect={false}
              w={200}
            />
            <ActionIcon
              variant="default"
              size="input-sm"
              aria-label={t("log.fields.direction")}
              onClick={() => change({ direction: filter.direction === "ASC" ? "DESC" : "ASC" })}
            >
              {filter.direction === "ASC" ? <IconArrowUp size={16} /> : <IconArrowDown size={16} />}
            </ActionIcon>
          </Group>
        )}
        <Button variant="subtle" onClick={() => setFilter(DEFAULT_LOG_FILTER)} data-testid={TESTIDS.log.reset}>
          {t("log.reset")}
        </Button>
      </Group>
      <Group gap="xs">
        {/* The saved filters (/log/filters): the query keeps the log's filter underneath. */}
        <Button
          variant="default"
          size="xs"
          onClick={() => void navigate({ pathname: "/log/filters", search: params.toString() })}
          data-testid={TESTIDS.log.savedFilters}
        >
          {t("logFilters.openList")}
        </Button>
        <Button
          variant="default"
          size="xs"
          onClick={() => void navigate({ pathname: "/log/filters/edit", search: params.toString() })}
          data-testid={TESTIDS.log.saveFilter}
        >
          {t("logFilters.saveCurrent")}
        </Button>
      </Group>
      <LogExports filter={filter} />

      {invalid && (
        <Alert color="orange" icon={<IconAlertCircle />} data-testid={TESTIDS.log.loadError}>
          {t("log.invalid")}
        </Alert>
      )}
      {error && !invalid && !data && (
        <Alert color="red" icon={<IconAlertCircle />} data-testid={TESTIDS.log.loadError}>
          <Group justify="space-between">
            <Text size="sm">{t("log.loadError")}</Text>
            <Button size="xs" variant="light" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("log.retry")}
            </Button>
          </Group>
        </Alert>
      )}

      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid={TESTIDS.log.total} aria-live="polite">
          {total === null ? "" : capped ? t("log.totalCapped", { total: formatNumber(total) }) : t("log.total", { total: formatNumber(total) })}
        </Text>
        {fetching && <Loader size="xs" aria-label={t("common.loading")} />}
      </Group>

      {fetching && !data && !error ? (
        <Center mih="20vh">
          <Loader aria-label={t("common.loading")} />
        </Center>
      ) : items.length === 0 && !error ? (
        <Text c="dimmed" data-testid={TESTIDS.log.empty}>
          {t("log.empty")}
        </Text>
      ) : items.length > 0 && phone ? (
        // A phone shows each call as a card: eight columns do not fit 390 px.
        <Stack gap="xs" data-testid={TESTIDS.log.table}>
          {items.map((call) => (
            <Paper
              key={call.id}
              withBorder
              p="sm"
              component="button"
              type="button"
              onClick={() => openCall(call.id)}
              style={{ textAlign: "start", cursor: "pointer", width: "100%" }}
              data-testid={TESTIDS.log.row}
              data-id={call.id}
              data-closed={call.is_closed}
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="nowrap" miw={0}>
                  <ColorSwatch color={call.call_type?.color ?? "#868e96"} size={14} aria-hidden style={{ flexShrink: 0 }} />
                  <Text fw={700} size="sm" truncate>
                    {call.device_text_long || call.device_text_short}
                  </Text>
                </Group>
                <Badge color={call.is_closed ? "gray" : "red"} variant="light" style={{ flexShrink: 0 }}>
                  {call.is_closed ? t("log.states.CLOSED") : t("log.states.OPEN")}
                </Badge>
              </Group>
              <Text size="sm">
                {call.call_type?.name ?? call.call_type_text} · {call.section_name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatDateTime(call.opened_at, { seconds: true })} · {t("log.columns.duration")} {formatDuration(call.duration)} ·{" "}
                {t("log.columns.responseTime")} {formatDuration(call.response_time ?? null)}
              </Text>
            </Paper>
          ))}
        </Stack>
      ) : items.length > 0 ? (
        <LogTable items={items} filter={filter} onSort={onSort} onOpen={openCall} />
      ) : null}

      {pages > 1 && (
        <Group justify="center">
          <Pagination
            total={pages}
            value={filter.page + 1}
            onChange={(value) => setFilter(withChange(filter, { page: value - 1 }))}
            siblings={1}
            boundaries={1}
            getControlProps={(control) => ({ "aria-label": t(`log.pager.${control}`) })}
            data-testid={TESTIDS.log.pager}
          />
        </Group>
      )}
      {/* The call form (callForm) opens over the list. */}
      <Outlet />
    </Stack>
  );
}
