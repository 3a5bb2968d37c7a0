import { useEffect, type ReactNode } from "react";
import { Box, Button, Center, Group, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useQuery } from "urql";
import { canCloseCallManually, parseSystemId } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import * as TESTIDS from "../../testids";
import { CALL } from "../../api/call-form.graphql";
import { CallMissing, CallSummary, useCloseCallNotified } from "../../ui/CallSummary";

/**
 * callForm (spec route names: "callForm (id, query system)", route /log/edit/:id): one call, open
 * or closed, as a page of its own: a display board whose profile covers several systems opens it
 * in a new tab, or the call log shows it as a modal over its list. The `system` query parameter
 * names the call's system: a new tab starts in it (boot reads it), and a link followed inside the
 * app switches the context to it, since calls are read in the current system.
 */
export function CallFormPage(): ReactNode {
  const { t } = useTranslation();
  const id = Number(useParams()["id"]);
  const valid = Number.isSafeInteger(id) && id > 0;
  const linkedSystem = parseSystemId(useSearchParams()[0].get("system"));
  const { systemId, switchSystem } = useSystemContext();
  useEffect(() => {
    if (linkedSystem !== null && linkedSystem !== systemId) switchSystem(linkedSystem);
  }, [linkedSystem, systemId, switchSystem]);
  const [{ data, fetching, error }, refetch] = useQuery({ query: CALL, variables: { id }, pause: !valid, requestPolicy: "network-only" });
  const { data: appData } = useAppData();
  const { closing, close } = useCloseCallNotified();

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
      <Box m="md">
        <CallMissing error={error} />
      </Box>
    );
  }
  const closeAndReload = async (): Promise<void> => {
    await close(call);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack p="md" maw={640} gap="md" data-testid={TESTIDS.callForm.page} data-closed={call.is_closed}>
      <CallSummary call={call} titleOrder={1} />
      {!call.is_closed && canCloseCallManually(appData.user, call) && (
        <Group justify="flex-end">
          <Button color="red.8" loading={closing} onClick={() => void closeAndReload()} data-testid={TESTIDS.callForm.closeCall}>
            {t("display.close.confirm")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
