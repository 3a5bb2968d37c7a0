import { Suspense, lazy, type ReactNode } from "react";
import { Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isElevated, textColorOn } from "@caresuite/domain";
import { TESTIDS } from "../../testids";
import classes from "./DisplayCallCard.module.css";
import { sinceLabel, type BoardCall } from "./display-board";

const FALLBACK_COLOR = "#868e96";

// Only signed-in staff may close calls: anonymous wall screens never load the button and its
// confirmation popover (focus trap and all; /display has a 150 KB budget).
const CloseCallButton = lazy(() => import("./CloseCallButton").then((m) => ({ default: m.CloseCallButton })));

interface DisplayCallCardProps {
  call: BoardCall;
  now: number;
  /** Logged in: the card opens the call form (spec: "A logged-in user clicking a call opens displayCallForm"). */
  onOpen?: (call: BoardCall) => void;
  /** spec: "A close (x) button shows on hover if allowed." */
  canClose?: boolean;
}

/**
 * spec: "Call card: title and optional subtitle, call source char, handling app username, time
 * since opened, a coloured bottom line in the call type colour. Elevated calls (URGENT and
 * EMERGENCY) fill the card with the call type colour."
 */
export function DisplayCallCard({ call, now, onOpen, canClose = false }: DisplayCallCardProps): ReactNode {
  const { t } = useTranslation();
  const color = call.call_type?.color || FALLBACK_COLOR;
  const elevated = isElevated(call.call_type?.urgency);
  const since = sinceLabel(call.opened_at, now);
  const dim = elevated ? undefined : "gray.7";
  const title = call.device_text_long || t("display.unknownCall");
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className={`${classes.card} ${onOpen ? classes.clickable : ""}`}
      data-testid={TESTIDS.display.call}
      data-id={call.id}
      data-device={call.number}
      data-section={call.section_id ?? ""}
      data-call-type={call.call_type?.id ?? ""}
      data-urgency={call.call_type?.urgency ?? ""}
      data-elevated={elevated ? "true" : "false"}
      // The whole card is the mouse target; the title button below is the keyboard one.
      onClick={onOpen ? () => onOpen(call) : undefined}
      style={{ borderBottom: `6px solid ${color}`, ...(elevated ? { background: color, color: textColorOn(color) } : {}) }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs" pr={canClose ? 28 : 0}>
        <Text fw={700} fz="1.4em" lh={1.2} style={{ overflowWrap: "anywhere" }}>
          {onOpen ? (
            <button
              type="button"
              className={classes.title}
              aria-label={t("display.openCall", { name: title })}
              onClick={(event) => {
                event.stopPropagation();
                onOpen(call);
              }}
            >
              {title}
            </button>
          ) : (
            title
          )}
        </Text>
        {call.call_source?.char && (
          <Text fw={700} fz="1.2em" aria-label={t("display.source", { char: call.call_source.char })}>
            {call.call_source.char}
          </Text>
        )}
      </Group>
      {call.section_name && (
        <Text fz="1em" c={dim}>
          {call.section_name}
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap" mt={4} gap="xs">
        <Text fz="0.9em" c={dim} truncate>
          {call.handled_by_app_username ? t("display.handledBy", { name: call.handled_by_app_username }) : (call.call_type?.name ?? "")}
        </Text>
        <Text fz="1em" fw={600} style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {since.kind === "just_now" ? t("display.justNow") : since.text}
        </Text>
      </Group>
      {canClose && (
        <Suspense fallback={null}>
          <CloseCallButton call={call} title={title} className={classes.close ?? ""} elevated={elevated} />
        </Suspense>
      )}
    </Paper>
  );
}
