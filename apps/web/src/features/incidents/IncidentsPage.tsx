import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { Alert, Anchor, Box, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconChartBar, IconMail } from "@tabler/icons-react";
import { Link, Outlet, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { hasPermission, INCIDENT_FILTERS, isLicensed, type IncidentFilter } from "@caresuite/domain";
import type { ResultOf } from "../../api/graphql";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useIncidentPushes } from "../../app/incident-updates";
import { formatDateTime } from "../../i18n/format";
import { SeverityBadge, StatusBadge } from "./IncidentBadges";
import { incidentFilterFromParams, incidentFilterToParams, incidentPageFromParams, incidentPageToParams, INCIDENTS_PAGE_SIZE } from "./incident-view";
import { INCIDENTS } from "./incidents.graphql";
import { INCIDENTS_TESTIDS } from "./incidents-testids";
import { usePhone } from "../../app/use-phone";

type IncidentRow = ResultOf<typeof INCIDENTS>["incidents"][number];

function useTargetName(): (incident: IncidentRow) => string {
  const { t } = useTranslation();
  return (incident) =>
    // A checkpoint's Defect (its defect flag) names the checkpoint: it has no device.
    incident.checkpoint
      ? t("incidents.detail.checkpointName", { number: incident.checkpoint.number }) + (incident.checkpoint.text ? ` (${incident.checkpoint.text})` : "")
      : incident.target?.name || incident.target?.text_long || t("incidents.unknownTarget");
}

/** The device, linked to its node form over the list (spec child route systemtree/:id?). */
function TargetLink({ incident, search }: { incident: IncidentRow; search: string }): ReactNode {
  const name = useTargetName()(incident);
  if (!incident.target) return <Text size="sm">{name}</Text>;
  return (
    <Box>
      <Anchor
        component={Link}
        to={{ pathname: `/analytics/incidents/systemtree/${incident.target.id}`, search }}
        data-testid={INCIDENTS_TESTIDS.targetLink}
        size="sm"
      >
        {name}
      </Anchor>
      {incident.target.text_long && incident.target.text_long !== name && (
        <Text size="xs" c="dimmed">
          {incident.target.text_long}
        </Text>
      )}
    </Box>
  );
}

function OpenLink({ incident, search }: { incident: IncidentRow; search: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to={{ pathname: `/analytics/incidents/${incident.id}`, search }} fw={600} data-testid={INCIDENTS_TESTIDS.open}>
      {t(`incidents.subject.${incident.subject}`)}
    </Anchor>
  );
}

function IncidentTable({ incidents, search }: { incidents: readonly IncidentRow[]; search: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t("incidents.title")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("incidents.columns.severity")}</Table.Th>
            <Table.Th>{t("incidents.columns.subject")}</Table.Th>
            <Table.Th>{t("incidents.columns.target")}</Table.Th>
            <Table.Th>{t("incidents.columns.created")}</Table.Th>
            <Table.Th>{t("incidents.columns.status")}</Table.Th>
            <Table.Th>{t("incidents.columns.user")}</Table.Th>
            <Table.Th>{t("incidents.columns.closed")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {incidents.map((incident) => (
            <Table.Tr
              key={incident.id}
              data-testid={INCIDENTS_TESTIDS.row}
              data-incident-id={incident.id}
              data-status={incident.status}
              data-severity={incident.severity}
            >
              <Table.Td>
                <SeverityBadge severity={incident.severity} />
              </Table.Td>
              <Table.Td>
                <OpenLink incident={incident} search={search} />
              </Table.Td>
              <Table.Td>
                <TargetLink incident={incident} search={search} />
              </Table.Td>
              <Table.Td>{formatDateTime(incident.created_at)}</Table.Td>
              <Table.Td>
                <StatusBadge status={incident.status} />
              </Table.Td>
              <Table.Td>
                {incident.user?.name ?? (
                  <Text c="dimmed" size="sm">
                    {t("incidents.nobody")}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{incident.closed_at ? formatDateTime(incident.closed_at) : "–"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone: one card per incident, the same fields with their labels. */
function IncidentCards({ incidents, search }: { incidents: readonly IncidentRow[]; search: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("incidents.title")}>
      {incidents.map((incident) => (
        <Card
          key={incident.id}
          component="li"
          withBorder
          padding="sm"
          data-testid={INCIDENTS_TESTIDS.row}
          data-incident-id={incident.id}
          data-status={incident.status}
          data-severity={incident.severity}
        >
          <Group justify="space-between" gap="xs" wrap="wrap">
            <OpenLink incident={incident} search={search} />
            <Group gap={6}>
              <SeverityBadge severity={incident.severity} />
              <StatusBadge status={incident.status} />
            </Group>
          </Group>
          <Box mt={6}>
            <TargetLink incident={incident} search={search} />
          </Box>
          <Text size="sm" mt={6}>
            {t("incidents.field", { label: t("incidents.columns.created"), value: formatDateTime(incident.created_at) })}
          </Text>
          <Text size="sm">{t("incidents.field", { label: t("incidents.columns.user"), value: incident.user?.name ?? t("incidents.nobody") })}</Text>
          {incident.closed_at && (
            <Text size="sm">{t("incidents.field", { label: t("incidents.columns.closed"), value: formatDateTime(incident.closed_at) })}</Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}

/**
 * /analytics/incidents: the system's incidents, newest first, filtered All / Open / Settled (in
 * the URL, default Open), 50 a page (the page in the URL too). Each opens as a modal over the list (/:id); the device opens the node
 * form (systemtree/:id). Refetched when the server pushes incidents.updated.
 */
export function IncidentsPage(): ReactNode {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = incidentFilterFromParams(params);
  const page = incidentPageFromParams(params);
  const search = params.toString() ? `?${params.toString()}` : "";
  const { data: appData } = useAppData();
  const showCharts = hasPermission(appData.user, "analytics::use_module") && isLicensed(appData.licence, "analytics", appData.user);
  // On a phone the list shows as cards (seven columns do not fit).
  const phone = usePhone();

  // One more than a page: whether a next page exists, without counting the whole list.
  const variables = useMemo(() => ({ filter, limit: INCIDENTS_PAGE_SIZE + 1, offset: (page - 1) * INCIDENTS_PAGE_SIZE }), [filter, page]);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: INCIDENTS, variables, requestPolicy: "cache-and-network" });

  // spec §7 "incidents.updated": the list follows the server (the header indicator shares the push).
  const pushes = useIncidentPushes();
  const seen = useRef(pushes);
  useEffect(() => {
    if (pushes === seen.current) return;
    seen.current = pushes;
    reexecute({ requestPolicy: "network-only" });
  }, [pushes, reexecute]);

  const incidents = data?.incidents.slice(0, INCIDENTS_PAGE_SIZE);
  const hasNext = (data?.incidents.length ?? 0) > INCIDENTS_PAGE_SIZE;
  const turn = (next: number): void => setParams(incidentPageToParams(next, params), { replace: false });
  const change = (next: IncidentFilter): void => setParams(incidentFilterToParams(next, params), { replace: true });

  return (
    <Stack p="md" gap="md" data-testid={INCIDENTS_TESTIDS.page} data-fetching={fetching} aria-busy={fetching}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Box>
          <Title order={1} size="h2">
            {t("incidents.title")}
          </Title>
          <Text size="sm" c="dimmed" maw="48rem">
            {t("incidents.intro")}
          </Text>
        </Box>
        <Group gap="xs">
          {/* The route's own permission: whoever sees the list may set their e-mails (docs/decisions/039). */}
          <Button
            component={Link}
            to="/analytics/incidents/notifications"
            variant="default"
            leftSection={<IconMail size={16} aria-hidden="true" />}
            data-testid={INCIDENTS_TESTIDS.notificationsLink}
          >
            {t("incidents.notificationsLink")}
          </Button>
          {showCharts && (
            <Button
              component={Link}
              to="/analytics"
              variant="default"
              leftSection={<IconChartBar size={16} aria-hidden="true" />}
              data-testid={INCIDENTS_TESTIDS.chartsLink}
            >
              {t("incidents.chartsLink")}
            </Button>
          )}
        </Group>
      </Group>
      <SegmentedControl
        value={filter}
        onChange={(value) => change(value as IncidentFilter)}
        data={INCIDENT_FILTERS.map((value) => ({ value, label: t(`incidents.filter.${value}`) }))}
        aria-label={t("incidents.filter.label")}
        data-testid={INCIDENTS_TESTIDS.filter}
        style={{ alignSelf: "flex-start" }}
      />

      {fetching && !incidents && (
        <Center p="xl" data-testid={INCIDENTS_TESTIDS.loading}>
          <Loader aria-label={t("incidents.loading")} />
        </Center>
      )}
      {error && !incidents && (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title={t("incidents.loadError")} data-testid={INCIDENTS_TESTIDS.error}>
          <Button variant="light" color="red" mt="xs" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            {t("incidents.retry")}
          </Button>
        </Alert>
      )}
      {incidents && incidents.length === 0 && (
        <Alert color="gray" data-testid={INCIDENTS_TESTIDS.empty}>
          {t(`incidents.empty.${filter}`)}
        </Alert>
      )}
      {incidents &&
        incidents.length > 0 &&
        (phone ? <IncidentCards incidents={incidents} search={search} /> : <IncidentTable incidents={incidents} search={search} />)}
      {incidents && (page > 1 || hasNext) && (
        <Group gap="sm" component="nav" aria-label={t("incidents.paging.label")} data-testid={INCIDENTS_TESTIDS.paging} data-page={page}>
          <Button variant="default" disabled={page <= 1} onClick={() => turn(page - 1)} data-testid={INCIDENTS_TESTIDS.previousPage}>
            {t("incidents.paging.previous")}
          </Button>
          <Text size="sm" aria-live="polite">
            {t("incidents.paging.page", { page })}
          </Text>
          <Button variant="default" disabled={!hasNext} onClick={() => turn(page + 1)} data-testid={INCIDENTS_TESTIDS.nextPage}>
            {t("incidents.paging.next")}
          </Button>
        </Group>
      )}
      <Outlet />
    </Stack>
  );
}
