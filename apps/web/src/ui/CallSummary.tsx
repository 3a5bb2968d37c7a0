import type { ReactNode } from "react";
import { Alert, Badge, Group, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { CombinedError } from "urql";
import * as TESTIDS from "../testids";
import { CallDetailsTable, type CallDetails } from "./CallDetailsTable";
import { notify } from "./notify";
import { useCloseCall, type ClosableCall } from "./useCloseCall";
import { useServerClock } from "./useServerClock";

/** What a call form shows of a call: its details, its state and texts, and what the close flow needs. */
export interface SummarisedCall extends CallDetails, ClosableCall {
  is_closed: boolean;
  duration: number;
  device_text_long: string;
  device_text_short: string;
}

/** "mm:ss" (minutes may exceed 59) of a number of seconds. */
export function minutesSeconds(total: number): string {
  const seconds = Math.max(0, Math.floor(total));
  return `${String(Math.floor(seconds / 60)).padStart(2, "0")}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The call's name as the board shows it: long text, else short text, else the device number. */
export const callName = (call: Pick<SummarisedCall, "device_text_long" | "device_text_short" | "number">): string =>
  call.device_text_long || call.device_text_short || String(call.number);

/** The call's name and state, and its details with the running time live (every call form: the board's, the log's, the node's). */
export function CallSummary({ call, titleOrder }: { call: SummarisedCall; titleOrder: 1 | 2 }): ReactNode {
  const { t } = useTranslation();
  const now = useServerClock();
  const running = call.is_closed ? call.duration : (now - Date.parse(call.opened_at)) / 1000;
  return (
    <>
      <Group justify="space-between" wrap="wrap">
        <Title order={titleOrder} size={titleOrder === 1 ? "h2" : "h3"}>
          {callName(call)}
        </Title>
        <Badge color={call.is_closed ? "gray" : "red"} variant="light" size="lg">
          {call.is_closed ? t("display.callForm.statusClosed") : t("display.callForm.statusOpen")}
        </Badge>
      </Group>
      <CallDetailsTable call={call} duration={minutesSeconds(running)} />
    </>
  );
}

/** The call could not be read: gone (grey) or a failure (red). */
export function CallMissing({ error }: { error: CombinedError | undefined }): ReactNode {
  const { t } = useTranslation();
  const failed = error !== undefined && !error.graphQLErrors.some((e) => e.extensions["code"] === "NOT_FOUND");
  return (
    <Alert color={failed ? "red" : "gray"} data-testid={TESTIDS.callForm.missing}>
      {t("display.callForm.notFound")}
    </Alert>
  );
}

/** The close-call flow with its outcome notified (spec "shows success; otherwise an error"). */
export function useCloseCallNotified(): { closing: boolean; close: (call: SummarisedCall) => Promise<void> } {
  const { t } = useTranslation();
  const { closing, closeCall } = useCloseCall();
  const close = async (call: SummarisedCall): Promise<void> => {
    const result = await closeCall(call);
    if (result.ok) notify({ type: "success", title: t("display.close.successTitle"), text: t("display.close.successText", { name: callName(call) }) });
    else
      notify({
        type: "error",
        title: t("display.close.errorTitle"),
        text: t(result.reason === "action_failed" ? "display.close.errorAction" : "display.close.errorStillOpen"),
      });
  };
  return { closing, close };
}
