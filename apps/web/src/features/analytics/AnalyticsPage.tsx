import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconAlertSquareRounded } from "@tabler/icons-react";
import { Link, Outlet, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { hasPermission } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { hasErrorCode, validationFieldErrors } from "../../api/errors";
import { formatDate, formatDateTime, formatNumber } from "../../i18n/format";
import { translateFieldError } from "../../ui/field-error";
import { ANALYTICS_TESTIDS } from "./analytics-testids";
import {
  ANALYTICS_RANGES,
  analyticsFilterErrors,
  analyticsFilterFromParams,
  analyticsFilterToParams,
  analyticsFilterToQuery,
  formatSeconds,
  heatLevel,
  type AnalyticsFilterState,
} from "./analytics-filter";
import {
  ANALYTICS_DEFECTS,
  ANALYTICS_FILTER_OPTIONS,
  ANALYTICS_LOW_BATTERY,
  ANALYTICS_NOT_REACHABLE,
  ANALYTICS_REPEATER_DEFECTS,
  CALL_ANALYTICS,
} from "./analytics.graphql";
import type { ChartSpec } from "./AnalyticsChart";
import classes from "./AnalyticsPage.module.css";

// The charting library is its own chunk (bench/skeleton.ts budgets). Its download starts when the
// page's code runs, beside the numbers' query, not after the answer: the page is drawn sooner
// (bench/analytics-page.ts).
let chartModule: Promise<typeof import("./AnalyticsChart")> | null = null;
const loadChart = (): Promise<typeof import("./AnalyticsChart")> => (chartModule ??= import("./AnalyticsChart"));
const AnalyticsChart = lazy(loadChart);

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
const ROOMS_IN_CHART = 15;
const pad = (hour: number): string => String(hour).padStart(2, "0");

function ids(values: string[]): number[] {
  return values.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
}

/** A chart with its readable table (spec: every chart has a table view, for screen readers and for copying). */
function ChartCard({ name, title, chart, table }: { name: string; title: string; chart: ReactNode; table: ReactNode }): ReactNode {
  const { t } = useTranslation();
  const [view, setView] = useState<"chart" | "table">("chart");
  return (
    <Paper withBorder p="md" radius="md" data-testid={ANALYTICS_TESTIDS.card} data-chart={name} component="section" aria-label={title}>
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as "chart" | "table")}
          data={[
            { value: "chart", label: t("analytics.view.chart") },
            { value: "table", label: t("analytics.view.table") },
          ]}
          aria-label={t("analytics.view.label", { title })}
          data-testid={ANALYTICS_TESTIDS.viewToggle}
        />
      </Group>
      {view === "chart" ? (
        <Suspense
          fallback={
            <Center h={180}>
              <Loader size="sm" />
            </Center>
          }
        >
          {chart}
        </Suspense>
      ) : (
        <Box className={classes.tableWrap} data-testid={ANALYTICS_TESTIDS.table}>
          {table}
        </Box>
      )}
    </Paper>
  );
}

function StatTable({
  rows,
  nameLabel,
}: {
  rows: { key: string; name: ReactNode; calls: number; median: number | null; p90: number | null }[];
  nameLabel: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Table striped withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{nameLabel}</Table.Th>
          <Table.Th ta="right">{t("analytics.columns.calls")}</Table.Th>
          <Table.Th ta="right">{t("analytics.columns.median")}</Table.Th>
          <Table.Th ta="right">{t("analytics.columns.p90")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td ta="right">{formatNumber(row.calls)}</Table.Td>
            <Table.Td ta="right">{formatSeconds(row.median)}</Table.Td>
            <Table.Td ta="right">{formatSeconds(row.p90)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const EMPTY_BOX = {
  battery: "analytics.boxes.noLowBattery",
  reachability: "analytics.boxes.allReachable",
  defects: "analytics.boxes.noDefects",
  repeaterDefects: "analytics.boxes.noRepeaterDefects",
} as const;

interface HealthBoxData {
  total: number;
  items: readonly { id: number; name: string; room_id: number; room_name: string; battery: number | null; reported_at: string | null }[];
}

/** The spec's boxes (low battery, not reachable): the devices, each opening the node form. */
function HealthBox({
  testId,
  title,
  data,
  fetching,
  search,
  kind,
}: {
  testId: string;
  title: string;
  data: HealthBoxData | undefined;
  fetching: boolean;
  search: string;
  kind: "battery" | "reachability" | "defects" | "repeaterDefects";
}): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId} component="section" aria-label={title}>
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {data && (
          <Badge color={data.total > 0 ? "red" : "green"} variant="light" size="lg">
            {formatNumber(data.total)}
          </Badge>
        )}
      </Group>
      {fetching && !data && <Loader size="sm" />}
      {data && data.total === 0 && <Text c="dimmed">{t(EMPTY_BOX[kind])}</Text>}
      {data && data.items.length > 0 && (
        <Box className={classes.boxList}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("analytics.columns.device")}</Table.Th>
                <Table.Th>
                  {t(
                    kind === "battery" ? "analytics.columns.battery" : kind === "reachability" ? "analytics.columns.lastSeen" : "analytics.columns.defectSince",
                  )}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((device) => (
                <Table.Tr key={device.id}>
                  <Table.Td>
                    <Anchor component={Link} to={{ pathname: `/analytics/systemtree/edit/${device.id}`, search }}>
                      {device.name}
                    </Anchor>
                    {device.room_name && (
                      <Text size="xs" c="dimmed">
                        {device.room_name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {kind === "battery" ? `${device.battery ?? "–"} %` : device.reported_at ? formatDateTime(device.reported_at) : t("analytics.boxes.never")}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}

/**
 * /analytics (spec route table: analytics::use_module and the analytics licence; children
 * systemtree/edit/:id?, call/edit/:id?): the care manager's view of response times, by shift
 * (day 07:00–18:59, night 19:00–06:59), hour, room and call type, beside the call rate; calls per
 * day, a weekday × hour heat map and the longest waits, which open the call form; a room opens
 * the node form. The filter (period, sections, call types) lives in the URL. The boxes of the
 * device health show with their permissions (see_low_battery_box, see_not_reachable_box), and
 * the devices and repeaters with an open defect call with theirs (see_defects, see_repeater_defects).
 */
export function AnalyticsPage(): ReactNode {
  const { t } = useTranslation();
  useEffect(() => void loadChart(), []);
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => analyticsFilterFromParams(params), [params]);
  const change = (part: Partial<AnalyticsFilterState>): void => setParams(analyticsFilterToParams({ ...filter, ...part }), { replace: true });
  const search = params.toString() ? `?${params.toString()}` : "";
  const { data: appData } = useAppData();
  const me = appData?.user;
  const seeBattery = me ? hasPermission(me, "analytics::see_low_battery_box") : false;
  const seeReachability = me ? hasPermission(me, "analytics::see_not_reachable_box") : false;
  const seeDefects = me ? hasPermission(me, "analytics::see_defects") : false;
  const seeRepeaterDefects = me ? hasPermission(me, "analytics::see_repeater_defects") : false;
  // The incident list sits beside the charts (spec route /analytics/incidents: analytics::manage_incidents).
  const seeIncidents = me ? hasPermission(me, "analytics::manage_incidents") && appData.appState.features.incidents : false;

  // The custom dates: typed here, into the URL when a field is left (as the call log's).
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  useEffect(() => setFrom(filter.from), [filter.from]);
  useEffect(() => setTo(filter.to), [filter.to]);
  const formErrors = useMemo(() => analyticsFilterErrors(filter), [filter]);
  const formValid = Object.keys(formErrors).length === 0;

  const variables = useMemo(() => ({ filter: analyticsFilterToQuery(filter) }), [filter]);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CALL_ANALYTICS, variables, pause: !formValid });
  const serverErrors = validationFieldErrors(error);
  // An empty custom field is not yet an error worth red: the hint comes once the other is filled in.
  const shownErrors = filter.from === "" && filter.to === "" ? {} : formErrors;
  const fieldError = (field: string): string | undefined =>
    translateFieldError(t, shownErrors[field]?.[0] ?? serverErrors[field], (name) => `analytics.fields.${name}`);
  const [{ data: options }] = useQuery({ query: ANALYTICS_FILTER_OPTIONS });
  const boxVariables = useMemo(() => ({ section_ids: filter.sectionIds.length > 0 ? filter.sectionIds : null }), [filter.sectionIds]);
  const [battery] = useQuery({ query: ANALYTICS_LOW_BATTERY, variables: boxVariables, pause: !seeBattery });
  const [reachability] = useQuery({ query: ANALYTICS_NOT_REACHABLE, variables: boxVariables, pause: !seeReachability });
  const [defects] = useQuery({ query: ANALYTICS_DEFECTS, variables: boxVariables, pause: !seeDefects });
  const [repeaterDefects] = useQuery({ query: ANALYTICS_REPEATER_DEFECTS, variables: boxVariables, pause: !seeRepeaterDefects });

  // While another filter's numbers load, the last ones stay on screen (no flash of a loader).
  const [shown, setShown] = useState(data);
  useEffect(() => {
    if (data) setShown(data);
  }, [data]);
  const a = error || !formValid ? undefined : (data ?? shown)?.callAnalytics;
  const typeOptions = (options?.analyticsFilterOptions.call_types ?? []).map((type) => ({ value: String(type.id), label: type.name }));
  const sectionOptions = (options?.analyticsFilterOptions.sections ?? []).map((s) => ({ value: String(s.id), label: s.name || `#${s.id}` }));
  const shiftName = (shift: string): string => t(`analytics.shifts.${shift}`);
  const maxCell = Math.max(0, ...(a?.heat_map ?? []).map((c) => c.opened));
  const cellOf = (weekday: number, hour: number): number => a?.heat_map.find((c) => c.weekday === weekday && c.hour === hour)?.opened ?? 0;
  const weekdayName = (weekday: number): string => t(`analytics.weekdays.${weekday}`);

  const chart = (spec: ChartSpec): ReactNode => <AnalyticsChart spec={spec} />;
  const responseLabels = { medianLabel: t("analytics.columns.median"), p90Label: t("analytics.columns.p90") };

  return (
    <Stack p="md" gap="md" data-testid={ANALYTICS_TESTIDS.page} data-fetching={fetching} aria-busy={fetching}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Title order={1} size="h2">
          {t("analytics.title")}
        </Title>
        {seeIncidents && (
          <Button
            component={Link}
            to="/analytics/incidents"
            variant="default"
            leftSection={<IconAlertSquareRounded size={16} aria-hidden="true" />}
            data-testid={ANALYTICS_TESTIDS.incidentsLink}
          >
            {t("analytics.incidentsLink")}
          </Button>
        )}
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t("analytics.fields.range")}
          data={ANALYTICS_RANGES.map((range) => ({ value: range, label: t(`analytics.periods.${range}`) }))}
          value={filter.range}
          onChange={(value) => value && change({ range: value as AnalyticsFilterState["range"], from: "", to: "" })}
          allowDeselect={false}
          w={210}
          error={fieldError("range")}
          data-testid={ANALYTICS_TESTIDS.range}
        />
        {filter.range === "CUSTOM" && (
          <>
            <TextInput
              type="date"
              label={t("analytics.fields.from")}
              value={from}
              onChange={(event) => setFrom(event.currentTarget.value)}
              onBlur={() => from !== filter.from && change({ from })}
              error={fieldError("from")}
              w={170}
              data-testid={ANALYTICS_TESTIDS.from}
            />
            <TextInput
              type="date"
              label={t("analytics.fields.to")}
              value={to}
              onChange={(event) => setTo(event.currentTarget.value)}
              onBlur={() => to !== filter.to && change({ to })}
              error={fieldError("to")}
              w={170}
              data-testid={ANALYTICS_TESTIDS.to}
            />
          </>
        )}
        {sectionOptions.length > 0 && (
          <MultiSelect
            label={t("analytics.fields.section_ids")}
            data={sectionOptions}
            value={filter.sectionIds.map(String)}
            onChange={(values) => change({ sectionIds: ids(values) })}
            placeholder={filter.sectionIds.length === 0 ? t("analytics.all") : undefined}
            clearable
            searchable
            miw={200}
            maw={360}
            data-testid={ANALYTICS_TESTIDS.sections}
          />
        )}
        <MultiSelect
          label={t("analytics.fields.call_type_ids")}
          data={typeOptions}
          value={filter.callTypeIds.map(String)}
          onChange={(values) => change({ callTypeIds: ids(values) })}
          placeholder={filter.callTypeIds.length === 0 ? t("analytics.all") : undefined}
          clearable
          searchable
          miw={200}
          maw={360}
          data-testid={ANALYTICS_TESTIDS.callTypes}
        />
      </Group>
      {a && (
        <Text size="sm" c="dimmed">
          {t("analytics.period", {
            from: a.from ? formatDateTime(a.from) : t("analytics.beginning"),
            to: a.to ? formatDateTime(a.to) : t("analytics.now"),
            zone: a.time_zone,
          })}
        </Text>
      )}

      {(seeBattery || seeReachability || seeDefects || seeRepeaterDefects) && (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {seeBattery && (
            <HealthBox
              testId={ANALYTICS_TESTIDS.lowBattery}
              title={t("analytics.boxes.lowBattery")}
              data={battery.data?.analyticsLowBattery}
              fetching={battery.fetching}
              search={search}
              kind="battery"
            />
          )}
          {seeReachability && (
            <HealthBox
              testId={ANALYTICS_TESTIDS.notReachable}
              title={t("analytics.boxes.notReachable")}
              data={reachability.data?.analyticsNotReachable}
              fetching={reachability.fetching}
              search={search}
              kind="reachability"
            />
          )}
          {seeDefects && (
            <HealthBox
              testId={ANALYTICS_TESTIDS.defects}
              title={t("analytics.boxes.defects")}
              data={defects.data?.analyticsDefects}
              fetching={defects.fetching}
              search={search}
              kind="defects"
            />
          )}
          {seeRepeaterDefects && (
            <HealthBox
              testId={ANALYTICS_TESTIDS.repeaterDefects}
              title={t("analytics.boxes.repeaterDefects")}
              data={repeaterDefects.data?.analyticsRepeaterDefects}
              fetching={repeaterDefects.fetching}
              search={search}
              kind="repeaterDefects"
            />
          )}
        </SimpleGrid>
      )}

      {fetching && !a && (
        <Center p="xl" data-testid={ANALYTICS_TESTIDS.loading}>
          <Loader aria-label={t("analytics.loading")} />
        </Center>
      )}
      {error && (
        <Alert
          color="red"
          icon={<IconAlertCircle />}
          title={t(hasErrorCode(error, "VALIDATION") ? "analytics.invalid" : "analytics.loadError")}
          data-testid={ANALYTICS_TESTIDS.error}
        >
          <Button variant="light" color="red" mt="xs" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            {t("analytics.retry")}
          </Button>
        </Alert>
      )}
      {a && a.opened === 0 && (
        <Alert color="gray" data-testid={ANALYTICS_TESTIDS.empty}>
          {t("analytics.empty")}
        </Alert>
      )}

      {a && a.opened > 0 && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Paper withBorder p="md" radius="md">
              <Text size="sm" c="dimmed">
                {t("analytics.kpi.opened")}
              </Text>
              <Text size="xl" fw={700}>
                {formatNumber(a.opened)}
              </Text>
            </Paper>
            {a.by_shift.map((s) => (
              <Paper key={s.shift} withBorder p="md" radius="md" data-testid={ANALYTICS_TESTIDS.shift} data-shift={s.shift}>
                <Text size="sm" c="dimmed">
                  {t("analytics.kpi.shift", { shift: shiftName(s.shift) })}
                </Text>
                <Text size="xl" fw={700}>
                  {t("analytics.kpi.medianValue", { value: formatSeconds(s.median_seconds) })}
                </Text>
                <Text size="sm">
                  {t("analytics.kpi.p90Value", { value: formatSeconds(s.p90_seconds) })} · {t("analytics.kpi.callsValue", { value: formatNumber(s.opened) })}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ChartCard
              name="shift"
              title={t("analytics.charts.shift")}
              chart={chart({
                kind: "response",
                label: t("analytics.charts.shift"),
                data: a.by_shift.map((s) => ({ name: shiftName(s.shift), median: s.median_seconds, p90: s.p90_seconds })),
                ...responseLabels,
              })}
              table={
                <StatTable
                  nameLabel={t("analytics.columns.shift")}
                  rows={[
                    ...a.by_shift.map((s) => ({ key: s.shift, name: shiftName(s.shift), calls: s.calls, median: s.median_seconds, p90: s.p90_seconds })),
                    { key: "all", name: t("analytics.allShifts"), calls: a.overall.calls, median: a.overall.median_seconds, p90: a.overall.p90_seconds },
                  ]}
                />
              }
            />
            <ChartCard
              name="hour"
              title={t("analytics.charts.hour")}
              chart={chart({
                kind: "hours",
                label: t("analytics.charts.hour"),
                data: a.by_hour.map((h) => ({ hour: pad(h.hour), opened: h.opened, median: h.median_seconds })),
                openedLabel: t("analytics.columns.opened"),
                medianLabel: t("analytics.columns.median"),
              })}
              table={
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("analytics.columns.hour")}</Table.Th>
                      <Table.Th ta="right">{t("analytics.columns.opened")}</Table.Th>
                      <Table.Th ta="right">{t("analytics.columns.median")}</Table.Th>
                      <Table.Th ta="right">{t("analytics.columns.p90")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.by_hour.map((h) => (
                      <Table.Tr key={h.hour}>
                        <Table.Td>{`${pad(h.hour)}:00–${pad(h.hour)}:59`}</Table.Td>
                        <Table.Td ta="right">{formatNumber(h.opened)}</Table.Td>
                        <Table.Td ta="right">{formatSeconds(h.median_seconds)}</Table.Td>
                        <Table.Td ta="right">{formatSeconds(h.p90_seconds)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              }
            />
            <ChartCard
              name="day"
              title={t("analytics.charts.day")}
              chart={chart({
                kind: "days",
                label: t("analytics.charts.day"),
                data: a.by_day.map((d) => ({ date: formatDate(`${d.date}T12:00:00`), opened: d.opened })),
                openedLabel: t("analytics.columns.opened"),
              })}
              table={
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("analytics.columns.date")}</Table.Th>
                      <Table.Th ta="right">{t("analytics.columns.opened")}</Table.Th>
                      <Table.Th ta="right">{t("analytics.columns.mean")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {a.by_day.map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td>{formatDate(`${d.date}T12:00:00`)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(d.opened)}</Table.Td>
                        <Table.Td ta="right">{formatSeconds(d.mean_response_seconds)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              }
            />
            <ChartCard
              name="heatmap"
              title={t("analytics.charts.heatmap")}
              chart={
                <div className={classes.heat} role="img" aria-label={t("analytics.charts.heatmap")}>
                  <span />
                  {HOURS.map((h) => (
                    <span key={h} className={classes.heatHour}>
                      {h % 3 === 0 ? pad(h) : ""}
                    </span>
                  ))}
                  {WEEKDAYS.map((weekday) => [
                    <span key={`d${weekday}`} className={classes.heatDay}>
                      {t(`analytics.weekdaysShort.${weekday}`)}
                    </span>,
                    ...HOURS.map((hour) => {
                      const value = cellOf(weekday, hour);
                      return (
                        <span
                          key={`${weekday}-${hour}`}
                          className={classes.heatCell}
                          data-level={heatLevel(value, maxCell)}
                          title={`${weekdayName(weekday)} ${pad(hour)}:00 · ${formatNumber(value)}`}
                        />
                      );
                    }),
                  ])}
                </div>
              }
              table={
                <Table striped withTableBorder className={classes.heatTable}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("analytics.columns.weekday")}</Table.Th>
                      {HOURS.map((h) => (
                        <Table.Th key={h} ta="right">
                          {pad(h)}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {WEEKDAYS.map((weekday) => (
                      <Table.Tr key={weekday}>
                        <Table.Th scope="row">{weekdayName(weekday)}</Table.Th>
                        {HOURS.map((hour) => (
                          <Table.Td key={hour} ta="right">
                            {formatNumber(cellOf(weekday, hour))}
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              }
            />
            <ChartCard
              name="room"
              title={t("analytics.charts.room", { n: Math.min(ROOMS_IN_CHART, a.by_room.length) })}
              chart={chart({
                kind: "response",
                label: t("analytics.charts.room", { n: Math.min(ROOMS_IN_CHART, a.by_room.length) }),
                data: a.by_room.slice(0, ROOMS_IN_CHART).map((r) => ({ name: r.room_name, median: r.median_seconds, p90: r.p90_seconds })),
                ...responseLabels,
              })}
              table={
                <StatTable
                  nameLabel={t("analytics.columns.room")}
                  rows={a.by_room.map((r) => ({
                    key: String(r.room_id),
                    name: (
                      <Anchor component={Link} to={{ pathname: `/analytics/systemtree/edit/${r.room_id}`, search }} data-testid={ANALYTICS_TESTIDS.roomLink}>
                        {r.room_name}
                      </Anchor>
                    ),
                    calls: r.calls,
                    median: r.median_seconds,
                    p90: r.p90_seconds,
                  }))}
                />
              }
            />
            <ChartCard
              name="callType"
              title={t("analytics.charts.callType")}
              chart={chart({
                kind: "response",
                label: t("analytics.charts.callType"),
                data: a.by_call_type.map((c) => ({ name: c.name, median: c.median_seconds, p90: c.p90_seconds })),
                ...responseLabels,
              })}
              table={
                <StatTable
                  nameLabel={t("analytics.columns.callType")}
                  rows={a.by_call_type.map((c) => ({
                    key: String(c.call_type_id),
                    name: c.name,
                    calls: c.calls,
                    median: c.median_seconds,
                    p90: c.p90_seconds,
                  }))}
                />
              }
            />
          </SimpleGrid>

          <Paper withBorder p="md" radius="md" component="section" aria-label={t("analytics.charts.longestWaits")} data-testid={ANALYTICS_TESTIDS.longestWaits}>
            <Title order={2} size="h4" mb="sm">
              {t("analytics.charts.longestWaits")}
            </Title>
            <Box className={classes.tableWrap}>
              <Table striped highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("analytics.columns.opened_at")}</Table.Th>
                    <Table.Th ta="right">{t("analytics.columns.response")}</Table.Th>
                    <Table.Th>{t("analytics.columns.room")}</Table.Th>
                    <Table.Th>{t("analytics.columns.callType")}</Table.Th>
                    <Table.Th>{t("analytics.columns.section")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {a.longest_waits.map((w) => (
                    <Table.Tr key={w.id}>
                      <Table.Td>
                        <Anchor component={Link} to={{ pathname: `/analytics/call/edit/${w.id}`, search }} data-testid={ANALYTICS_TESTIDS.callLink}>
                          {formatDateTime(w.opened_at)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td ta="right">{formatSeconds(w.response_seconds)}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={{ pathname: `/analytics/systemtree/edit/${w.room_id}`, search }}>
                          {w.room_name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{w.call_type_text}</Table.Td>
                      <Table.Td>{w.section_name}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </Paper>
        </>
      )}
      <Outlet />
    </Stack>
  );
}
