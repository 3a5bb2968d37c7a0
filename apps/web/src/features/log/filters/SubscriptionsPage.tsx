import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { useParams } from "react-router";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { hasPermission } from "@caresuite/domain";
import { hasErrorCode } from "../../../api/errors";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { FailureAlert, FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { formatDateTime } from "../../../i18n/format";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { REPORT_KIND_ORDER, failureClassKey, statusKey } from "./filter-form";
import { UserReportsPage } from "./UserReportsPage";
import {
  CALL_FILTER,
  FILTERS_CONTEXT,
  REPORT_RECIPIENT,
  REPORT_SUBSCRIPTIONS,
  SAVE_REPORT_SUBSCRIPTION,
  type ReportSubscriptionRecord,
} from "./filters.graphql";

const FIELDS: ReadonlySet<string> = new Set(["emails", "enabled", "kind"]);
const labelKey = (field: string): string => `logFilters.fields.${field}`;

interface KindProps {
  filterId: number;
  userId: number;
  kind: (typeof REPORT_KIND_ORDER)[number];
  subscription: ReportSubscriptionRecord | undefined;
  /** The addresses the report may go to: the user's own. */
  addresses: string[];
}

/** One report kind of the filter: on/off, recipients, and how its delivery went. */
function KindSubscription({ filterId, userId, kind, subscription, addresses }: KindProps): ReactNode {
  const { t } = useTranslation();
  const [enabled, setEnabled] = useState(subscription?.enabled ?? false);
  const [emails, setEmails] = useState<string[]>(subscription?.emails ?? addresses.slice(0, 1));
  const { errors, failure, succeeded } = useFormMutation({ fields: FIELDS });
  const [{ fetching }, save] = useMutation(SAVE_REPORT_SUBSCRIPTION);
  const failureKey = failureClassKey(subscription?.last_error);
  const choices = [...new Set([...addresses, ...emails])];

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const result = await save({ data: { filter_id: filterId, user_id: userId, kind, emails, enabled } }, FILTERS_CONTEXT);
    succeeded("save", result.error, result.data?.saveReportSubscription, () => savedNotice(t, t(`logFilters.kinds.${kind}`)));
  };

  return (
    <Paper
      withBorder
      p="sm"
      component="form"
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      noValidate
      data-testid={TESTIDS.logFilters.kind(kind)}
    >
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Stack gap={0}>
            <Title order={3} size="h5">
              {t(`logFilters.kinds.${kind}`)}
            </Title>
            <Text size="xs" c="dimmed">
              {t(`logFilters.schedule.${kind}`)}
            </Text>
          </Stack>
          {subscription && (
            <Badge variant="light" color={subscription.status === "ok" ? "green" : subscription.status === "sending" ? "blue" : "orange"}>
              {t(statusKey(subscription.status))}
            </Badge>
          )}
        </Group>
        <Switch
          label={t(labelKey("enabled"))}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          error={translateFieldError(t, errors["enabled"], labelKey)}
          data-testid={TESTIDS.logFilters.kindPart(kind, "enabled")}
        />
        {choices.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("logFilters.noAddresses")}
          </Text>
        ) : (
          <Checkbox.Group label={t(labelKey("emails"))} value={emails} onChange={setEmails} error={translateFieldError(t, errors["emails"], labelKey)}>
            <Stack gap={4} mt={4}>
              {choices.map((address) => (
                <Checkbox key={address} value={address} label={address} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {subscription && (
          <Text size="sm" c="dimmed" data-testid={TESTIDS.logFilters.kindPart(kind, "delivery")}>
            {t("logFilters.lastSent")}: {subscription.last_sent_at ? formatDateTime(subscription.last_sent_at) : "–"} · {t("logFilters.nextSend")}:{" "}
            {subscription.next_send_at ? formatDateTime(subscription.next_send_at) : "–"}
          </Text>
        )}
        {failureKey && (
          <Alert color="orange" p="xs" icon={<IconInfoCircle size={16} />}>
            {t(failureKey)}
          </Alert>
        )}
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={fetching} disabled={choices.length === 0} data-testid={TESTIDS.logFilters.kindPart(kind, "save")}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The modal route /log/filters/edit/:filterId?/user/:id?: a user's report subscriptions to one
 * filter (default: the caller's; another user's need admin::manage_reports, as on the server);
 * without a filter, all of the user's reports (`UserReportsPage`).
 * Reports go only to the user's own addresses; a delivery problem shows as its failure class.
 */
export function SubscriptionsPage(): ReactNode {
  const { t } = useTranslation();
  const params = useParams();
  const { data: appData } = useAppData();
  const me = appData.user;
  const wholeUser = params["filterId"] === undefined;
  const filterId = wholeUser ? 0 : parseRecordId(params["filterId"]);
  const userId = params["id"] ? parseRecordId(params["id"]) : me.id;
  const other = userId !== me.id;
  const allowed = !other || hasPermission(me, "admin::manage_reports");
  const bad = (!wholeUser && (Number.isNaN(filterId) || filterId <= 0)) || Number.isNaN(userId) || userId <= 0;
  const paused = bad || !allowed || wholeUser;
  const [filterResult] = useQuery({ query: CALL_FILTER, variables: { id: bad ? 0 : filterId }, pause: paused, context: FILTERS_CONTEXT });
  const [recipientResult] = useQuery({ query: REPORT_RECIPIENT, variables: { user_id: userId }, pause: paused, context: FILTERS_CONTEXT });
  const [{ data, error, fetching }, reexecute] = useQuery({
    query: REPORT_SUBSCRIPTIONS,
    variables: { filter_id: filterId, user_id: userId },
    pause: paused,
    context: FILTERS_CONTEXT,
    requestPolicy: "cache-and-network",
  });

  if (!allowed) {
    return (
      <Alert color="red" data-testid={TESTIDS.logFilters.subscriptionsDenied}>
        {t("accessDenied.text")}
      </Alert>
    );
  }
  if (wholeUser && !bad) return <UserReportsPage userId={userId} />;
  const loadError = filterResult.error ?? recipientResult.error ?? error;
  if (bad || (loadError && !data)) {
    return (
      <FormLoadError notFound={bad || hasErrorCode(loadError, "NOT_FOUND")} onRetry={bad ? undefined : () => reexecute({ requestPolicy: "network-only" })} />
    );
  }
  if ((fetching && !data) || !filterResult.data || !recipientResult.data) return <FormLoading />;
  const subscriptions = data?.reportSubscriptions ?? [];
  const recipient = recipientResult.data.reportRecipient;
  const addresses = [...recipient.emails];

  return (
    <Stack gap="sm" data-testid={TESTIDS.logFilters.subscriptions}>
      <Text size="sm">{t("logFilters.subscriptionsIntro", { filter: filterResult.data.callFilter.name, user: recipient.name })}</Text>
      {REPORT_KIND_ORDER.map((kind) => {
        const subscription = subscriptions.find((s) => s.kind === kind);
        return (
          <KindSubscription
            key={`${kind}:${subscription?.id ?? "new"}`}
            filterId={filterId}
            userId={userId}
            kind={kind}
            subscription={subscription}
            addresses={addresses}
          />
        );
      })}
    </Stack>
  );
}
