import { useState, type ReactNode } from "react";
import { Anchor, Button, Center, Group, Loader, Popover, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useQuery } from "urql";
import { canCloseCallManually } from "@caresuite/domain";
import { CALL } from "../../api/call-form.graphql";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { CallMissing, CallSummary, callName, useCloseCallNotified } from "../../ui/CallSummary";
import { callBelongsToNode } from "./call-belongs";
import { CALL_DEVICE_PARENTS } from "./node-form.graphql";
import { nodeFormPath } from "./node-paths";

/**
 * The modal route /tree/edit/:nodeid/calls/:id: one call of the node, with the spec's close-call
 * flow ("confirm sends device action EndCalls, polls up to 15 times every 500 ms until the call
 * vanishes from open calls, then marks it manually closed and shows success; otherwise an error").
 * A call of another node (or of a device the user may not see) shows the not-found state.
 */
export function NodeCallPage(): ReactNode {
  const { t } = useTranslation();
  const params = useParams();
  const nodeId = Number(params["nodeid"]);
  const id = Number(params["id"]);
  const valid = Number.isSafeInteger(id) && id > 0;
  const [{ data, fetching, error }, refetch] = useQuery({ query: CALL, variables: { id }, pause: !valid, requestPolicy: "network-only" });
  const deviceId = data?.call?.number ?? 0;
  // The device's parents tell whether the call is this node's; its own call needs no lookup.
  const [device] = useQuery({ query: CALL_DEVICE_PARENTS, variables: { id: deviceId }, pause: deviceId <= 0 || deviceId === nodeId });
  const { data: appData } = useAppData();
  const { closing, close } = useCloseCallNotified();
  const [asking, setAsking] = useState(false);

  const deviceLoading = deviceId > 0 && deviceId !== nodeId && !device.data && !device.error;
  if ((fetching && !data) || deviceLoading) {
    return (
      <Center mih={200}>
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }
  const found = data?.call;
  const parents = device.data?.systemTreeNode.parents.map((parent) => parent.id) ?? [];
  const call = found && callBelongsToNode(nodeId, found.number, parents) ? found : null;
  if (!valid || !call) return <CallMissing error={error} />;
  const name = callName(call);
  const closeAndReload = async (): Promise<void> => {
    await close(call);
    setAsking(false);
    refetch({ requestPolicy: "network-only" });
  };

  return (
    <Stack gap="md" data-testid={TESTIDS.nodeForm.callPage} data-closed={call.is_closed}>
      <CallSummary call={call} titleOrder={2} />
      <Group justify="space-between">
        {Number.isSafeInteger(nodeId) && nodeId > 0 ? (
          <Anchor component={Link} to={nodeFormPath(nodeId)} size="sm">
            {t("nodeForm.buttons.backToNode")}
          </Anchor>
        ) : (
          <span />
        )}
        {!call.is_closed && canCloseCallManually(appData.user, call) && (
          <Popover opened={asking} onChange={setAsking} position="top-end" withArrow trapFocus returnFocus zIndex={300}>
            <Popover.Target>
              <Button color="red.8" onClick={() => setAsking((open) => !open)} data-testid={TESTIDS.nodeForm.callClose}>
                {t("display.close.confirm")}
              </Button>
            </Popover.Target>
            <Popover.Dropdown maw={280}>
              <Text fz="sm" mb="xs">
                {t("display.close.question", { name })}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setAsking(false)} disabled={closing}>
                  {t("display.close.cancel")}
                </Button>
                <Button size="xs" color="red" loading={closing} onClick={() => void closeAndReload()} data-testid={TESTIDS.display.closeConfirm}>
                  {t("display.close.confirm")}
                </Button>
              </Group>
            </Popover.Dropdown>
          </Popover>
        )}
      </Group>
    </Stack>
  );
}
