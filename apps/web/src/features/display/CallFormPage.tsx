import type { ReactNode } from "react";
import { Box, Button, Center, Group, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { canCloseCallManually } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { TESTIDS } from "../../testids";
import { CALL } from "../../api/call-form.graphql";
import { CallMissing, CallSummary, useCloseCallNotified } from "../../ui/CallSummary";

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
