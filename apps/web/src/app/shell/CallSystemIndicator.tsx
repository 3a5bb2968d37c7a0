import { useEffect, type ReactNode } from "react";
import { Badge, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useQuery } from "urql";
import { TOOLTIP_DELAY_MS } from "@caresuite/domain";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { formatTime } from "../../i18n/format";
import { usePhone } from "../use-phone";
import * as TESTIDS from "../../testids";
import { CALL_SYSTEM_STATUS } from "./call-system-status.graphql";

/** How often the top bar asks for the link state of the call systems. */
export const CALL_SYSTEM_POLL_MS = 10_000;

/**
 * The top bar's call-system badge for signed-in users: whether the server's link to the current
 * system's call system is up; nothing while the server reports no link for it.
 */
export function CallSystemIndicator(): ReactNode {
  const { t } = useTranslation();
  const { systemId } = useSystemContext();
  const [{ data }, reexecute] = useQuery({ query: CALL_SYSTEM_STATUS, requestPolicy: "network-only" });
  const phone = usePhone();

  useEffect(() => {
    const timer = setInterval(() => reexecute({ requestPolicy: "network-only" }), CALL_SYSTEM_POLL_MS);
    return () => clearInterval(timer);
  }, [reexecute]);

  const status = data?.callSystemStatus.find((entry) => entry.system_id === systemId);
  if (!status) return null;
  if (status.connected) {
    const label = t("shell.callSystem.connected");
    // On a phone the good news is an icon (its words for screen readers and as a tooltip): the top
    // bar's indicators then fit beside the system's name. A lost link always says so in words.
    return (
      <Tooltip label={label} disabled={!phone} openDelay={TOOLTIP_DELAY_MS}>
        {/* Dark text: the light variant's green (even green.9) reads under 4.5:1 on its tint over the top bar. */}
        <Badge
          color="green"
          variant="light"
          size={phone ? "lg" : "sm"}
          circle={phone}
          style={{ "--badge-color": "var(--mantine-color-dark-7)" }}
          data-testid={TESTIDS.shell.callSystemStatus}
          data-connected="true"
        >
          {phone ? (
            <>
              <IconPlugConnected size={14} aria-hidden="true" style={{ display: "block" }} />
              <VisuallyHidden>{label}</VisuallyHidden>
            </>
          ) : (
            label
          )}
        </Badge>
      </Tooltip>
    );
  }
  const details = [
    status.last_error,
    status.last_event_at ? t("shell.callSystem.lastEvent", { time: formatTime(status.last_event_at, { seconds: true }) }) : null,
  ].filter(Boolean);
  return (
    <Tooltip label={details.join(" · ")} disabled={details.length === 0} openDelay={TOOLTIP_DELAY_MS} multiline maw={320}>
      <Badge color="red" variant="filled" size="sm" data-testid={TESTIDS.shell.callSystemStatus} data-connected="false">
        {t("shell.callSystem.disconnected")}
      </Badge>
    </Tooltip>
  );
}
