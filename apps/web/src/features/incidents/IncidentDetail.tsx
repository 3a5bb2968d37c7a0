import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconBell, IconCheck, IconDeviceMobile, IconRotate, IconUserCheck } from "@tabler/icons-react";
import { Link, useLocation, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { incidentTransition, type IncidentAction } from "@caresuite/domain";
import { hasErrorCode, type GraphQLErrors } from "../../api/errors";
import { useIncidentPushes } from "../../app/incident-updates";
import { formatDateTime } from "../../i18n/format";
import { notify } from "../../ui/notify";
import { SeverityBadge, StatusBadge } from "./IncidentBadges";
import { incidentCallLink } from "./incident-call-link";
import { ASSIGN_INCIDENT, CLOSE_INCIDENT, INCIDENT, REOPEN_INCIDENT } from "./incidents.graphql";
import { INCIDENTS_TESTIDS } from "./incidents-testids";

/** The CONFLICT and MISSING_PERMISSION reasons the incident actions answer, each with a text. */
const KNOWN_REASONS = ["incident_closed", "incident_already_assigned", "incident_not_closed", "incident_open_exists", "concurrent_change", "feature_disabled"];

function reasonOf(error: GraphQLErrors): string | null {
  for (const e of error.graphQLErrors) {
    const reason = e.extensions["reason"];
    if (typeof reason === "string" && KNOWN_REASONS.includes(reason)) return reason;
  }
  return null;
}

function Field({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** Close and reopen change what the engine does later: they are confirmed. Assign is not (it only pauses reminders). */
const CONFIRMED: readonly IncidentAction[] = ["close", "reopen"];

/**
 * /analytics/incidents/:id, a modal over the list: every field of the incident (spec data §3.8),
 * a Defect's call (when the viewer may read it), the monitor of a probable defect, until when notifications pause, and the actions its status
 * allows (domain incidentTransition): assign to me, close, reopen. A refusal (CONFLICT) is shown
 * with its reason, and the incident is read again.
 */
export function IncidentDetail(): ReactNode {
  const { t } = useTranslation();
  const { id: idParam } = useParams();
  const { search } = useLocation();
  const id = Number(idParam);
  const valid = Number.isSafeInteger(id) && id > 0;
  // Network-only: the engine changes incidents behind the client's back (a cached status would
  // offer actions the incident no longer allows).
  const [{ data, fetching, error }, reexecute] = useQuery({ query: INCIDENT, variables: { id }, pause: !valid, requestPolicy: "network-only" });
  const [assignState, assign] = useMutation(ASSIGN_INCIDENT);
  const [closeState, close] = useMutation(CLOSE_INCIDENT);
  const [reopenState, reopen] = useMutation(REOPEN_INCIDENT);
  const [confirming, setConfirming] = useState<IncidentAction | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const pending = assignState.fetching || closeState.fetching || reopenState.fetching;

  const pushes = useIncidentPushes();
  const seen = useRef(pushes);
  useEffect(() => {
    if (pushes === seen.current) return;
    seen.current = pushes;
    reexecute({ requestPolicy: "network-only" });
  }, [pushes, reexecute]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const run = async (action: IncidentAction): Promise<void> => {
    setConfirming(null);
    setRefusal(null);
    const mutate = action === "assign" ? assign : action === "close" ? close : reopen;
    const result = await mutate({ id }, { additionalTypenames: ["Incident"] });
    if (result.error) {
      setRefusal(reasonOf(result.error) ?? "failed");
      reexecute({ requestPolicy: "network-only" });
      return;
    }
    const done = action === "assign" ? "assigned" : action === "close" ? "closed" : "reopened";
    notify({ type: "success", text: t(`incidents.actions.${done}`) });
  };
  const ask = (action: IncidentAction): void => {
    if (CONFIRMED.includes(action)) setConfirming(action);
    else void run(action);
  };

  const incident = data?.incident;
  if (!valid || (error && hasErrorCode(error, "NOT_FOUND"))) {
    return (
      <Alert color="gray" data-testid={INCIDENTS_TESTIDS.error}>
        {t("incidents.detail.notFound")}
      </Alert>
    );
  }
  if (!incident) {
    if (error) {
      return (
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title={t("incidents.loadError")} data-testid={INCIDENTS_TESTIDS.error}>
          <Button variant="light" color="red" mt="xs" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            {t("incidents.retry")}
          </Button>
        </Alert>
      );
    }
    return (
      <Center p="xl">
        <Loader aria-label={t("incidents.loading")} />
      </Center>
    );
  }

  const checkpoint = incident.checkpoint;
  // A checkpoint's Defect (its defect flag) is about the checkpoint, not a device.
  const targetName = checkpoint
    ? t("incidents.detail.checkpointName", { number: checkpoint.number }) + (checkpoint.text ? ` (${checkpoint.text})` : "")
    : incident.target?.name || incident.target?.text_long || t("incidents.unknownTarget");
  const subject = t(`incidents.subject.${incident.subject}`);
  const allowed = (action: IncidentAction): boolean => incidentTransition(incident.status, action).ok;
  const monitor = incident.monitor;
  const callLink = incidentCallLink(incident.call_id, search);

  return (
    <Stack gap="md" data-testid={INCIDENTS_TESTIDS.detail} data-status={incident.status} data-fetching={fetching}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t("incidents.detail.heading", { subject, target: targetName })}
        </Title>
        <Group gap={6}>
          <SeverityBadge severity={incident.severity} />
          <StatusBadge status={incident.status} />
        </Group>
      </Group>
      <Text size="sm">{t(`incidents.detail.hint.${incident.status}`)}</Text>

      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" component="dl" m={0}>
        <Field label={t(checkpoint ? "incidents.detail.checkpoint" : "incidents.detail.device")}>
          {incident.target ? (
            <Anchor
              component={Link}
              to={{ pathname: `/analytics/incidents/systemtree/${incident.target.id}`, search }}
              data-testid={INCIDENTS_TESTIDS.targetLink}
            >
              <IconDeviceMobile size={14} aria-hidden="true" style={{ verticalAlign: "-2px", marginRight: 4 }} />
              {targetName}
            </Anchor>
          ) : (
            targetName
          )}
          {incident.target?.text_long && incident.target.text_long !== targetName ? ` (${incident.target.text_long})` : ""}
        </Field>
        {callLink && (
          <Field label={t("incidents.detail.call")}>
            <Anchor component={Link} to={callLink} data-testid={INCIDENTS_TESTIDS.callLink}>
              <IconBell size={14} aria-hidden="true" style={{ verticalAlign: "-2px", marginRight: 4 }} />
              {t("incidents.detail.openCall")}
            </Anchor>
          </Field>
        )}
        <Field label={t("incidents.detail.created")}>{formatDateTime(incident.created_at)}</Field>
        <Field label={t("incidents.columns.user")}>{incident.user?.name ?? t("incidents.nobody")}</Field>
        <Field label={t("incidents.detail.assigned")}>{incident.assigned_at ? formatDateTime(incident.assigned_at) : "–"}</Field>
        <Field label={t("incidents.detail.pausedUntil")}>
          {incident.notifications_paused_until ? formatDateTime(incident.notifications_paused_until) : t("incidents.detail.notPaused")}
        </Field>
        <Field label={t("incidents.detail.closed")}>{incident.closed_at ? formatDateTime(incident.closed_at) : "–"}</Field>
        {incident.closed_at && <Field label={t("incidents.detail.closedBy")}>{incident.closed_by?.name ?? t("incidents.detail.closedByDevice")}</Field>}
        {monitor && (
          <Field label={t("incidents.detail.monitor")}>
            {t("incidents.detail.monitorRule", {
              name: monitor.name,
              threshold: monitor.threshold,
              criterion: monitor.criterion,
              timeframe: monitor.timeframe,
            })}
          </Field>
        )}
      </SimpleGrid>

      {refusal && (
        <Alert color="orange" icon={<IconAlertCircle aria-hidden="true" />} role="alert" data-testid={INCIDENTS_TESTIDS.actionError}>
          {refusal === "failed" ? t("incidents.actions.failed") : t(`incidentErrors.${refusal}`)}
        </Alert>
      )}

      {confirming ? (
        <Paper withBorder p="sm" role="group" aria-labelledby="incident-confirm-title">
          <Text fw={600} id="incident-confirm-title">
            {t(confirming === "close" ? "incidents.actions.confirmClose" : "incidents.actions.confirmReopen")}
          </Text>
          <Text size="sm" mt={4}>
            {t(confirming === "close" ? "incidents.actions.confirmCloseText" : "incidents.actions.confirmReopenText")}
          </Text>
          <Group justify="flex-end" mt="sm" gap="xs">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t("incidents.actions.cancel")}
            </Button>
            <Button ref={confirmRef} onClick={() => void run(confirming)} data-testid={INCIDENTS_TESTIDS.confirm}>
              {t(confirming === "close" ? "incidents.actions.close" : "incidents.actions.reopen")}
            </Button>
          </Group>
        </Paper>
      ) : (
        <Group justify="flex-end" gap="xs" role="group" aria-label={t("incidents.actions.label")}>
          {allowed("assign") && (
            <Button
              leftSection={<IconUserCheck size={16} aria-hidden="true" />}
              onClick={() => ask("assign")}
              loading={assignState.fetching}
              disabled={pending}
              data-testid={INCIDENTS_TESTIDS.assign}
            >
              {t("incidents.actions.assign")}
            </Button>
          )}
          {allowed("close") && (
            <Button
              variant="default"
              leftSection={<IconCheck size={16} aria-hidden="true" />}
              onClick={() => ask("close")}
              loading={closeState.fetching}
              disabled={pending}
              data-testid={INCIDENTS_TESTIDS.close}
            >
              {t("incidents.actions.close")}
            </Button>
          )}
          {allowed("reopen") && (
            <Button
              variant="default"
              leftSection={<IconRotate size={16} aria-hidden="true" />}
              onClick={() => ask("reopen")}
              loading={reopenState.fetching}
              disabled={pending}
              data-testid={INCIDENTS_TESTIDS.reopen}
            >
              {t("incidents.actions.reopen")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
