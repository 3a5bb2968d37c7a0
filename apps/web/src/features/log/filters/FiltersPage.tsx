import { useState, type ReactNode } from "react";
import { Alert, Anchor, Badge, Button, Center, Group, Loader, Paper, Popover, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconPlus } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { hasPermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { FailureAlert } from "../../../entity-admin/FormAlerts";
import { deletedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import * as TESTIDS from "../../../testids";
import { formatDate, formatDateTime } from "../../../i18n/format";
import { filterToParams, periodLabelKey, savedFilterToLogFilter } from "../log-filter";
import { failureClassKey, statusKey } from "./filter-form";
import {
  CALL_FILTERS,
  DELETE_CALL_FILTER,
  FILTERS_CONTEXT,
  REPORT_DELIVERY_PROBLEMS,
  type CallFilterRecord,
  type ReportSubscriptionRecord,
} from "./filters.graphql";

const NO_FIELDS: ReadonlySet<string> = new Set();

/** A local date YYYY-MM-DD in the user's format (as typed when it is no date). */
function localDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? formatDate(new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

/** "Letzte 7 Tage" or "01.11.2026 – 08.11.2026". */
export function RangeText({ filter }: { filter: CallFilterRecord }): string {
  const { t } = useTranslation();
  const state = savedFilterToLogFilter(filter);
  if (state.period !== "CUSTOM") return t(periodLabelKey(state.period));
  return `${localDay(state.from)} – ${localDay(state.to)}`;
}

/** The kinds a filter is subscribed to, e.g. "täglich, wöchentlich" (disabled ones left out). */
function SubscriptionSummary({ subscriptions }: { subscriptions: ReportSubscriptionRecord[] }): ReactNode {
  const { t } = useTranslation();
  const enabled = subscriptions.filter((s) => s.enabled);
  if (enabled.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t("logFilters.noSubscriptions")}
      </Text>
    );
  return (
    <Group gap={4}>
      {enabled.map((s) => (
        <Badge key={s.id} variant="light" color={s.status === "ok" || s.status === "sending" ? "blue" : "orange"}>
          {t(`logFilters.kinds.${s.kind}`)}
        </Badge>
      ))}
    </Group>
  );
}

function DeleteFilterButton({ filter }: { filter: CallFilterRecord }): ReactNode {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [{ fetching }, remove] = useMutation(DELETE_CALL_FILTER);
  const mutation = useFormMutation({ fields: NO_FIELDS });
  const confirm = async (): Promise<void> => {
    const result = await remove({ id: filter.id }, FILTERS_CONTEXT);
    mutation.succeeded("delete", result.error, result.data?.deleteCallFilter, () => deletedNotice(t, filter.name));
    setOpened(false);
  };
  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="top-end" withArrow trapFocus shadow="md">
        <Popover.Target>
          <Button size="xs" variant="subtle" color="red" onClick={() => setOpened((o) => !o)} data-testid={TESTIDS.logFilters.delete}>
            {t("logFilters.delete")}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Stack gap="xs" maw={280}>
            <Text size="sm">{t("logFilters.deleteQuestion", { name: filter.name })}</Text>
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setOpened(false)}>
                {t("common.cancel")}
              </Button>
              <Button size="xs" color="red" loading={fetching} onClick={() => void confirm()} data-testid={TESTIDS.logFilters.deleteConfirm}>
                {t("entityForm.deleteConfirm")}
              </Button>
            </Group>
          </Stack>
        </Popover.Dropdown>
      </Popover>
      {mutation.failure && <FailureAlert failure={mutation.failure} labelKey={(f) => `logFilters.fields.${f}`} />}
    </>
  );
}

/** Reports whose delivery failed or is retried (admin::manage_reports only). */
function DeliveryProblems({ onOpen }: { onOpen: (path: string) => void }): ReactNode {
  const { t } = useTranslation();
  const [{ data, fetching, error }, reexecute] = useQuery({ query: REPORT_DELIVERY_PROBLEMS, context: FILTERS_CONTEXT, requestPolicy: "cache-and-network" });
  const problems = data?.reportDeliveryProblems ?? [];
  return (
    <Stack gap="xs" data-testid={TESTIDS.logFilters.problems}>
      <Title order={2} size="h4">
        {t("logFilters.problems.title")}
      </Title>
      {fetching && !data ? (
        <Loader size="sm" aria-label={t("common.loading")} />
      ) : error && !data ? (
        <Alert color="red" icon={<IconAlertCircle />}>
          <Group justify="space-between">
            <Text size="sm">{t("logFilters.loadError")}</Text>
            <Button size="xs" variant="light" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("log.retry")}
            </Button>
          </Group>
        </Alert>
      ) : problems.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("logFilters.problems.none")}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("logFilters.columns.filter")}</Table.Th>
                <Table.Th>{t("logFilters.columns.user")}</Table.Th>
                <Table.Th>{t("logFilters.columns.kind")}</Table.Th>
                <Table.Th>{t("logFilters.columns.status")}</Table.Th>
                <Table.Th>{t("logFilters.columns.attempts")}</Table.Th>
                <Table.Th>{t("logFilters.columns.failure")}</Table.Th>
                <Table.Th>{t("logFilters.columns.nextAttempt")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {problems.map((p) => {
                const failure = failureClassKey(p.last_error);
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      {/* Opens that user's subscriptions of the filter (admin::manage_reports may). */}
                      <Anchor component="button" type="button" size="sm" onClick={() => onOpen(`edit/${p.filter_id}/user/${p.user_id}`)}>
                        {p.filter_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {/* All reports of that user. */}
                      <Anchor component="button" type="button" size="sm" onClick={() => onOpen(`edit/user/${p.user_id}`)}>
                        {p.user_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{t(`logFilters.kinds.${p.kind}`)}</Table.Td>
                    <Table.Td>{t(statusKey(p.status))}</Table.Td>
                    <Table.Td>{p.attempts}</Table.Td>
                    <Table.Td>{failure ? t(failure) : "–"}</Table.Td>
                    <Table.Td>{p.next_attempt_at ? formatDateTime(p.next_attempt_at) : "–"}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/**
 * /log/filters (spec route table, a modal over /log): the caller's own and the shared saved
 * filters with their report subscriptions; apply, edit, delete, new. Holders of
 * admin::manage_reports also see the reports whose delivery has problems.
 */
export function FiltersPage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data: appData } = useAppData();
  const me = appData.user;
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CALL_FILTERS, context: FILTERS_CONTEXT, requestPolicy: "cache-and-network" });
  const filters = data?.callFilters ?? [];
  const subscriptions = data?.reportSubscriptions ?? [];
  const manageReports = hasPermission(me, "admin::manage_reports");

  const apply = (filter: CallFilterRecord): void => {
    const params = filterToParams(savedFilterToLogFilter(filter)).toString();
    void navigate({ pathname: "/log", search: params ? `?${params}` : "" });
  };
  const open = (path: string): void => void navigate({ pathname: `/log/filters/${path}`, search });

  return (
    <Stack gap="md" data-testid={TESTIDS.logFilters.page}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {t("logFilters.intro")}
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => open("edit/user")} data-testid={TESTIDS.logFilters.myReports}>
            {t("logFilters.myReports")}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open("edit")} data-testid={TESTIDS.logFilters.new}>
            {t("logFilters.new")}
          </Button>
        </Group>
      </Group>
      {fetching && !data ? (
        <Center mih={120}>
          <Loader aria-label={t("common.loading")} />
        </Center>
      ) : error && !data ? (
        <Alert color="red" icon={<IconAlertCircle />} data-testid={TESTIDS.logFilters.loadError}>
          <Group justify="space-between">
            <Text size="sm">{t("logFilters.loadError")}</Text>
            <Button size="xs" variant="light" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("log.retry")}
            </Button>
          </Group>
        </Alert>
      ) : filters.length === 0 ? (
        <Text c="dimmed" data-testid={TESTIDS.logFilters.empty}>
          {t("logFilters.empty")}
        </Text>
      ) : (
        <Stack gap="xs">
          {filters.map((filter) => (
            <Paper key={filter.id} withBorder p="sm" data-testid={TESTIDS.logFilters.row} data-id={filter.id} data-name={filter.name}>
              <Group justify="space-between" align="flex-start" gap="xs">
                <Stack gap={2} miw={0} style={{ flex: "1 1 16rem" }}>
                  <Group gap={6}>
                    <Text fw={700}>{filter.name}</Text>
                    {filter.shared && (
                      <Badge variant="outline" size="sm">
                        {t("logFilters.sharedBadge")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">
                    <RangeText filter={filter} />
                  </Text>
                  <Text size="sm" c="dimmed">
                    {filter.owner_user_id === me.id ? t("logFilters.ownerMe") : t("logFilters.ownerOther", { name: filter.owner_name })}
                  </Text>
                  <SubscriptionSummary subscriptions={subscriptions.filter((s) => s.filter_id === filter.id)} />
                </Stack>
                <Group gap={4} wrap="wrap" justify="flex-end">
                  <Button size="xs" onClick={() => apply(filter)} data-testid={TESTIDS.logFilters.apply}>
                    {t("logFilters.apply")}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => open(`edit/${filter.id}`)} data-testid={TESTIDS.logFilters.edit}>
                    {filter.can_edit ? t("logFilters.edit") : t("logFilters.view")}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => open(`edit/${filter.id}/user`)} data-testid={TESTIDS.logFilters.reports}>
                    {t("logFilters.reports")}
                  </Button>
                  {filter.can_edit && <DeleteFilterButton filter={filter} />}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {manageReports && <DeliveryProblems onOpen={open} />}
    </Stack>
  );
}
