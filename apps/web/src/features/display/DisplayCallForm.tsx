import type { ReactNode } from "react";
import { Alert, Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { CallDetailsTable } from "../../ui/CallDetailsTable";
import { notify } from "../../ui/notify";
import { sinceLabel, type BoardCall } from "./display-board";
import { useCloseCall } from "../../ui/useCloseCall";

interface DisplayCallFormProps {
  /** The call from the live list; null when it is no longer open. */
  call: BoardCall | null;
  now: number;
  canClose: boolean;
  onClose: () => void;
}

/**
 * displayCallForm (spec route table: modal child /display/:slug?/call/:id; "A logged-in user
 * clicking a call opens displayCallForm"): the call as the board knows it, live, and the spec's
 * close-call flow where the user may close it. Loaded on the first opening only.
 */
export function DisplayCallForm({ call, now, canClose, onClose }: DisplayCallFormProps): ReactNode {
  const { t } = useTranslation();
  const { closing, closeCall } = useCloseCall();
  const name = call ? call.device_text_long || call.device_text_short || String(call.number) : "";

  const close = async (): Promise<void> => {
    if (!call) return;
    const result = await closeCall(call);
    if (result.ok) {
      notify({ type: "success", title: t("display.close.successTitle"), text: t("display.close.successText", { name }) });
      onClose();
    } else {
      notify({
        type: "error",
        title: t("display.close.errorTitle"),
        text: t(result.reason === "action_failed" ? "display.close.errorAction" : "display.close.errorStillOpen"),
      });
    }
  };

  const since = call ? sinceLabel(call.opened_at, now) : null;

  return (
    <Modal
      opened
      onClose={onClose}
      title={call ? name : t("display.callForm.title")}
      size="md"
      closeButtonProps={{ "aria-label": t("display.callForm.dismiss") }}
    >
      {/* The test id on the content: Mantine's modal root has no box of its own. */}
      <Stack gap="md" data-testid={TESTIDS.display.callForm}>
        {call ? (
          <CallDetailsTable call={call} duration={since?.kind === "elapsed" ? since.text : t("display.justNow")} />
        ) : (
          <Alert color="gray" data-testid={TESTIDS.display.callFormGone}>
            <Text size="sm">{t("display.callForm.notOpen")}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={closing}>
            {t("display.callForm.dismiss")}
          </Button>
          {call && canClose && (
            <Button color="red.8" loading={closing} onClick={() => void close()} data-testid={TESTIDS.display.callFormCloseCall}>
              {t("display.close.confirm")}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
