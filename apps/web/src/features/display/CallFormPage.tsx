import type { ReactNode } from "react";
import { Alert, Badge, Button, Center, Group, Loader, Stack, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { canCloseCallManually } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { TESTIDS } from "../../testids";
import { notify } from "../../ui/notify";
import { useServerClock } from "../../ui/useServerClock";
import { useCloseCall } from "../../ui/useCloseCall";
import { CALL } from "../../api/call-form.graphql";
import { CallDetailsTable } from "../../ui/CallDetailsTable";

/** "mm:ss" (minutes may exceed 59) of a number of seconds. */
function minutesSeconds(total: number): string {
  const seconds = Math.max(0, Math.floor(total));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * callForm (spec route names: "callForm (id, query system)", route /log/edit/:id): one call, open
 * or closed, as a page of its own: a display board whose profile covers several systems opens it
 * in a new tab. The call log's list around it arrives with the call-log capability.
 */
export function CallFormPage(): ReactNode {
  const { t } = useTranslation();
  const id = Number(useParams()["id"]);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [{ data, fetching, error }, refetch] = useQuery({ query: CALL, variables: { id }, pause: !valid, requestPolicy: "network-only" });
  const { data: appData } = useAppData();
  const { closing, closeCall } = useCloseCall();
  const now = useServerClock();

  if (fetching && !data) {
    return (
      <Center mih="40vh">
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const call = data?.call;
  if (!valid || !call) {
    return (
      <Alert
        color={error && !error.graphQLErrors.some((e) => e.extensions["code"] === "NOT_FOUND") ? "red" : "gray"}
        m="md"
        data-testid={TESTIDS.callForm.missing}
      >
        {t("display.callForm.notFound")}
      </Alert>
    );
  }

  const name = call.device_text_long || call.device_text_short || String(call.number);
  const running = call.is_closed ? call.duration : (now - Date.parse(call.opened_at)) / 1000;
  const close = async (): Promise<void> => {
    const result = await closeCall(call);
    if (result.ok) notify({ type: "success", title: t("display.close.successTitle"), text: t("display.close.successText", { name }) });
    else
      notify({
        type: "error",
        title: t("display.close.errorTitle"),
        text: t(result.reason === "action_failed" ? "display.close.errorAction" : "display.close.errorStillOpen"),
      });
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack p="md" maw={640} gap="md" data-testid={TESTIDS.callForm.page} data-closed={call.is_closed}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {name}
        </Title>
        <Badge color={call.is_closed ? "gray" : "red"} variant="light" size="lg">
          {call.is_closed ? t("display.callForm.statusClosed") : t("display.callForm.statusOpen")}
        </Badge>
      </Group>
      <CallDetailsTable call={call} duration={minutesSeconds(running)} />
      {!call.is_closed && canCloseCallManually(appData.user, call) && (
        <Group justify="flex-end">
          <Button color="red.8" loading={closing} onClick={() => void close()} data-testid={TESTIDS.callForm.closeCall}>
            {t("display.close.confirm")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
