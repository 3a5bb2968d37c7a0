import { useCallback, useState } from "react";
import { useClient } from "urql";
import { runCloseCallFlow, type CloseCallResult } from "@caresuite/domain";
import { MARK_CALL_CLOSED, OPEN_CALL_IDS, SEND_DEVICE_ACTION } from "../api/device-actions.graphql";

/** What the close-call flow needs of a call (the board's card, a call form's call, the node form's open call). */
export interface ClosableCall {
  id: number;
  /** spec data §3.4 "number (device id)". */
  number: number;
  section_id: number | null;
}

/**
 * spec: "Close-call flow: confirm sends device action EndCalls, polls up to 15 times every 500 ms
 * until the call vanishes from open calls, then marks it manually closed". The poll asks the
 * server (openCalls), not the live list: the list may be the one that is stale.
 */
export function useCloseCall(): { closing: boolean; closeCall: (call: ClosableCall) => Promise<CloseCallResult> } {
  const client = useClient();
  const [closing, setClosing] = useState(false);
  const closeCall = useCallback(
    async (call: ClosableCall) => {
      setClosing(true);
      try {
        return await runCloseCallFlow({
          sendEndCalls: async () => {
            const result = await client
              .mutation(SEND_DEVICE_ACTION, { action: { action: "EndCalls", deviceID: call.number, sectionID: call.section_id } })
              .toPromise();
            return !result.error && result.data?.sendDeviceAction.success === true;
          },
          isStillOpen: async () => {
            const result = await client.query(OPEN_CALL_IDS, {}, { requestPolicy: "network-only" }).toPromise();
            if (result.error || !result.data) throw result.error ?? new Error("no data");
            return result.data.openCalls.some((open) => open.id === call.id);
          },
          markClosed: async () => {
            const result = await client.mutation(MARK_CALL_CLOSED, { id: call.id }).toPromise();
            return !result.error;
          },
        });
      } finally {
        setClosing(false);
      }
    },
    [client],
  );
  return { closing, closeCall };
}
