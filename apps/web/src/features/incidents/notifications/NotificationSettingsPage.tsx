import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Anchor, Badge, Button, Checkbox, Group, Paper, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { Link, useNavigate, useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { hasPermission, incidentPath } from "@caresuite/domain";
import { hasErrorCode } from "../../../api/errors";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { FailureAlert, FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { formatDateTime } from "../../../i18n/format";
import { translateFieldError } from "../../../ui/field-error";
import { cellKey, cellsOf, failureKey, GRID_SEVERITIES, GRID_SUBJECTS, notificationInput, stateColor } from "./notification-form";
import { NOTIFICATION_TESTIDS } from "./notification-testids";
import {
  INCIDENT_NOTIFICATION_SETTINGS,
  NOTIFICATION_USERS,
  NOTIFICATIONS_CONTEXT,
  SAVE_INCIDENT_NOTIFICATION_SETTINGS,
  type IncidentNotificationSettingsRecord,
} from "./notifications.graphql";

const FIELDS: ReadonlySet<string> = new Set(["subscriptions", "user_id"]);
const labelKey = (field: string): string => `incidentNotifications.fields.${field}`;

/** The subject × severity grid of one user, with its save. A failed save keeps what was ticked. */
function SettingsForm({ settings, own }: { settings: IncidentNotificationSettingsRecord; own: boolean }): ReactNode {
  const { t } = useTranslation();
  const [cells, setCells] = useState<Set<string>>(() => cellsOf(settings.subscriptions));
  const { errors, failure, check, succeeded } = useFormMutation({ fields: FIELDS });
  const [{ fetching }, save] = useMutation(SAVE_INCIDENT_NOTIFICATION_SETTINGS);

  const toggle = (key: string, on: boolean): void =>
    setCells((before) => {
      const next = new Set(before);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const { input, errors: found } = notificationInput(own ? null : settings.user_id, cells);
    if (!check(found)) return;
    const result = await save({ data: input }, NOTIFICATIONS_CONTEXT);
    succeeded("save", result.error, result.data?.saveIncidentNotificationSettings, () => savedNotice(t, t("incidentNotifications.gridTitle")));
  };

  return (
    <Paper withBorder p={{ base: "xs", sm: "md" }} radius="md" component="form" noValidate onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("incidentNotifications.gridTitle")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("incidentNotifications.gridIntro")}
        </Text>
        <Table.ScrollContainer minWidth={260}>
          <Table
            withTableBorder
            withColumnBorders
            horizontalSpacing={6}
            fz="sm"
            data-testid={NOTIFICATION_TESTIDS.grid}
            aria-label={t("incidentNotifications.gridTitle")}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("incidentNotifications.subject")}</Table.Th>
                {GRID_SEVERITIES.map((severity) => (
                  <Table.Th key={severity} ta="center">
                    {t(`incidentNotifications.severities.${severity}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {GRID_SUBJECTS.map((subject) => (
                <Table.Tr key={subject}>
                  <Table.Th scope="row" fw={500}>
                    {t(`incidentNotifications.subjects.${subject}`)}
                  </Table.Th>
                  {GRID_SEVERITIES.map((severity) => {
                    const key = cellKey(subject, severity);
                    return (
                      <Table.Td key={severity}>
                        <Group justify="center">
                          <Checkbox
                            checked={cells.has(key)}
                            onChange={(e) => toggle(key, e.currentTarget.checked)}
                            aria-label={t("incidentNotifications.cellLabel", {
                              subject: t(`incidentNotifications.subjects.${subject}`),
                              severity: t(`incidentNotifications.severities.${severity}`),
                            })}
                            data-testid={NOTIFICATION_TESTIDS.cell(subject, severity)}
                          />
                        </Group>
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {errors["subscriptions"] && (
          <Text size="sm" c="red">
            {translateFieldError(t, errors["subscriptions"], labelKey)}
          </Text>
        )}
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        <Group justify="flex-end">
          <Button type="submit" loading={fetching} data-testid={NOTIFICATION_TESTIDS.save}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The recent e-mails with their delivery state (spec: sent, confirmed, opened, error, unknown). */
function Deliveries({ deliveries }: { deliveries: IncidentNotificationSettingsRecord["deliveries"] }): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: "xs", sm: "md" }} radius="md" data-testid={NOTIFICATION_TESTIDS.deliveries}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("incidentNotifications.deliveriesTitle")}
        </Title>
        {deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("incidentNotifications.deliveriesNone")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("incidentNotifications.columns.created")}</Table.Th>
                  <Table.Th>{t("incidentNotifications.columns.incident")}</Table.Th>
                  <Table.Th>{t("incidentNotifications.columns.device")}</Table.Th>
                  <Table.Th>{t("incidentNotifications.columns.kind")}</Table.Th>
                  <Table.Th>{t("incidentNotifications.columns.status")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.map((delivery) => {
                  const problem = failureKey(delivery.last_error);
                  return (
                    <Table.Tr key={delivery.id} data-testid={NOTIFICATION_TESTIDS.delivery} data-status={delivery.status}>
                      <Table.Td>{formatDateTime(delivery.sent_at ?? delivery.created_at)}</Table.Td>
                      <Table.Td>
                        <Anchor component={Link} to={incidentPath(delivery.incident_id)} size="sm">
                          {t(`incidentNotifications.subjects.${delivery.subject}`)} · {t(`incidentNotifications.severities.${delivery.severity}`)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{delivery.device}</Table.Td>
                      <Table.Td>{t(`incidentNotifications.kinds.${delivery.kind}`)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={stateColor(delivery.status)}>
                          {t(`incidentNotifications.states.${delivery.status}`)}
                        </Badge>
                        {problem && (
                          <Text size="xs" c="dimmed">
                            {t(problem)}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/** A user administrator chooses whose settings to see (notifications/user/:id). */
function UserPicker({ userId }: { userId: number | null }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState("");
  const [{ data }] = useQuery({ query: NOTIFICATION_USERS, variables: { search: search || null } });
  const options = (data?.users.items ?? []).map((u) => ({ value: String(u.id), label: u.name ? `${u.name} (${u.username})` : u.username }));
  return (
    <Select
      label={t("incidentNotifications.user")}
      placeholder={t("incidentNotifications.userPlaceholder")}
      searchable
      data={options}
      value={userId === null ? null : String(userId)}
      onSearchChange={setSearch}
      onChange={(value) => {
        if (value) void navigate(`/analytics/incidents/notifications/user/${value}`);
      }}
      nothingFoundMessage={t("incidentNotifications.userNone")}
      maw={420}
      data-testid={NOTIFICATION_TESTIDS.user}
    />
  );
}

/**
 * /analytics/incidents/notifications (one's own) and notifications/user/:id? (a chosen user's, for
 * user administrators: admin::manage_users, as on the server). Which incidents send the user an
 * e-mail (subject × severity), where it goes, and how the recent ones went (docs/decisions/039).
 */
export function NotificationSettingsPage({ chooseUser = false }: { chooseUser?: boolean }): ReactNode {
  const { t } = useTranslation();
  const params = useParams();
  const { data: appData } = useAppData();
  const me = appData.user;
  const mayChoose = hasPermission(me, "admin::manage_users");
  const chosen = params["id"] ? parseRecordId(params["id"]) : null;
  const userId = chooseUser ? chosen : me.id;
  const bad = userId !== null && (Number.isNaN(userId) || userId <= 0);
  const denied = chooseUser && !mayChoose && userId !== me.id;
  const [{ data, error, fetching }, reexecute] = useQuery({
    query: INCIDENT_NOTIFICATION_SETTINGS,
    variables: { user_id: userId === me.id ? null : userId },
    pause: denied || bad || userId === null,
    context: NOTIFICATIONS_CONTEXT,
    requestPolicy: "cache-and-network",
  });

  const header = (
    <Title order={1} size="h3">
      {t("incidentNotifications.title")}
    </Title>
  );
  if (denied) {
    return (
      <Stack gap="md" data-testid={NOTIFICATION_TESTIDS.page}>
        {header}
        <Alert color="red" data-testid={NOTIFICATION_TESTIDS.denied}>
          {t("accessDenied.text")}
        </Alert>
      </Stack>
    );
  }
  let body: ReactNode;
  if (userId === null) body = <Text size="sm">{t("incidentNotifications.chooseUser")}</Text>;
  else if (bad || (error && !data))
    body = <FormLoadError notFound={bad || hasErrorCode(error, "NOT_FOUND")} onRetry={bad ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  else if (fetching && !data) body = <FormLoading />;
  else if (data) {
    const settings = data.incidentNotificationSettings;
    body = (
      <>
        {settings.emails.length === 0 ? (
          <Alert color="orange" icon={<IconInfoCircle size={18} />} data-testid={NOTIFICATION_TESTIDS.noAddress}>
            {t("incidentNotifications.noAddress", { user: settings.name })}
          </Alert>
        ) : (
          <Text size="sm" data-testid={NOTIFICATION_TESTIDS.emails}>
            {t("incidentNotifications.sentTo", { user: settings.name, emails: settings.emails.join(", ") })}
          </Text>
        )}
        <SettingsForm key={settings.user_id} settings={settings} own={settings.user_id === me.id} />
        <Deliveries deliveries={settings.deliveries} />
      </>
    );
  }
  return (
    <Stack gap="md" maw={960} data-testid={NOTIFICATION_TESTIDS.page}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {header}
        {!chooseUser && mayChoose && (
          <Anchor component={Link} to="/analytics/incidents/notifications/user" size="sm">
            {t("incidentNotifications.otherUsers")}
          </Anchor>
        )}
      </Group>
      {chooseUser && mayChoose && <UserPicker userId={userId} />}
      {body}
    </Stack>
  );
}
