import type { ReactNode } from "react";
import { Alert, Anchor, Badge, Table, Text } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { hasErrorCode } from "../../../api/errors";
import { FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { formatDateTime } from "../../../i18n/format";
import * as TESTIDS from "../../../testids";
import { failureClassKey, statusKey } from "./filter-form";
import { CALL_FILTERS, FILTERS_CONTEXT, REPORT_RECIPIENT, REPORT_SUBSCRIPTIONS } from "./filters.graphql";

/**
 * /log/filters/edit/user/:id? (the route /log/filters/edit/:filterId?/user/:id? without a
 * filter): every report a user is subscribed to, over all filters of the system, each leading
 * to that filter's subscriptions. The caller checks who may see whom.
 */
export function UserReportsPage({ userId }: { userId: number }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [recipient] = useQuery({ query: REPORT_RECIPIENT, variables: { user_id: userId }, context: FILTERS_CONTEXT });
  const [{ data, error, fetching }, reexecute] = useQuery({
    query: REPORT_SUBSCRIPTIONS,
    variables: { user_id: userId },
    context: FILTERS_CONTEXT,
    requestPolicy: "cache-and-network",
  });
  // A report administrator sees another user's reports also on that user's private filters, which
  // they cannot open: only the filters the caller sees are links.
  const [visible] = useQuery({ query: CALL_FILTERS, context: FILTERS_CONTEXT, requestPolicy: "cache-and-network" });
  const loadError = recipient.error ?? error;
  if (loadError && !data) {
    return <FormLoadError notFound={hasErrorCode(loadError, "NOT_FOUND")} onRetry={() => reexecute({ requestPolicy: "network-only" })} />;
  }
  if ((fetching && !data) || !recipient.data) return <FormLoading />;
  const subscriptions = data?.reportSubscriptions ?? [];
  const openable = new Set((visible.data?.callFilters ?? []).map((filter) => filter.id));
  const open = (filterId: number): void => void navigate({ pathname: `/log/filters/edit/${filterId}/user/${userId}`, search });

  return (
    <div data-testid={TESTIDS.logFilters.userReports}>
      <Text size="sm" mb="sm">
        {t("logFilters.userReportsIntro", { user: recipient.data.reportRecipient.name })}
      </Text>
      {subscriptions.length === 0 ? (
        <Alert color="gray">{t("logFilters.userReportsNone")}</Alert>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("logFilters.columns.filter")}</Table.Th>
                <Table.Th>{t("logFilters.columns.kind")}</Table.Th>
                <Table.Th>{t("logFilters.columns.status")}</Table.Th>
                <Table.Th>{t("logFilters.nextSend")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {subscriptions.map((subscription) => {
                const failure = failureClassKey(subscription.last_error);
                return (
                  <Table.Tr key={subscription.id} data-testid={TESTIDS.logFilters.userReportRow}>
                    <Table.Td>
                      {openable.has(subscription.filter_id) ? (
                        <Anchor component="button" type="button" size="sm" onClick={() => open(subscription.filter_id)}>
                          {subscription.filter_name}
                        </Anchor>
                      ) : (
                        subscription.filter_name
                      )}
                    </Table.Td>
                    <Table.Td>{t(`logFilters.kinds.${subscription.kind}`)}</Table.Td>
                    <Table.Td>
                      {subscription.enabled ? (
                        <Badge variant="light" color={subscription.status === "ok" ? "green" : "orange"}>
                          {failure ? t(failure) : t(statusKey(subscription.status))}
                        </Badge>
                      ) : (
                        <Badge variant="light" color="gray">
                          {t("logFilters.disabled")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{subscription.next_send_at ? formatDateTime(subscription.next_send_at) : "–"}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </div>
  );
}
