import { Suspense, lazy, useLayoutEffect, useRef, type ReactNode } from "react";
import { Group, Paper, Text } from "@mantine/core";
import { IconAlertTriangleFilled } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isElevated, textColorOn } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
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
  /** Changes when the card's size changes: the name is fitted again. */
  fitKey?: string;
}

/**
 * A word wider than the card (a long ward name) shrinks until it fits instead of breaking in the
 * middle ("Long names fit without wrapping in the middle of a word, or shrink to fit").
 */
function useFitName(ref: React.RefObject<HTMLDivElement | null>, text: string, fitKey: string): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.fontSize = "";
    const overflow = element.scrollWidth / Math.max(1, element.clientWidth);
    if (overflow > 1.01) element.style.fontSize = `${Math.floor(Number.parseFloat(getComputedStyle(element).fontSize) / overflow)}px`;
  }, [ref, text, fitKey]);
}

/**
 * spec: "Call card: title and optional subtitle, call source char, handling app username, time
 * since opened, a coloured bottom line in the call type colour. Elevated calls (URGENT and
 * EMERGENCY) fill the card with the call type colour." Emergencies flash, urgent calls pulse
 * (DisplayCallCard.module.css).
 */
export function DisplayCallCard({ call, now, onOpen, canClose = false, fitKey = "" }: DisplayCallCardProps): ReactNode {
  const { t } = useTranslation();
  const nameRef = useRef<HTMLDivElement>(null);
  const color = call.call_type?.color || FALLBACK_COLOR;
  const urgency = call.call_type?.urgency;
  const elevated = isElevated(urgency);
  const since = sinceLabel(call.opened_at, now);
  const dim = elevated ? undefined : "gray.7";
  const title = call.device_text_long || t("display.unknownCall");
  const text = textColorOn(color);
  useFitName(nameRef, title, fitKey);
  const motion = urgency === "EMERGENCY" ? classes.emergency : elevated ? classes.urgent : "";
  const sourceChar = call.call_source?.char;
  const sourceLabel = sourceChar
    ? call.call_source_text
      ? t("display.sourceTitle", { char: sourceChar, text: call.call_source_text })
      : t("display.source", { char: sourceChar })
    : "";
  return (
    <Paper
      withBorder
      radius="md"
      p="0.6em"
      className={`${classes.card} ${motion} ${onOpen ? classes.clickable : ""}`}
      data-testid={TESTIDS.display.call}
      data-id={call.id}
      data-device={call.number}
      data-section={call.section_id ?? ""}
      data-call-type={call.call_type?.id ?? ""}
      data-urgency={urgency ?? ""}
      data-elevated={elevated ? "true" : "false"}
      // The whole card is the mouse target; the title button below is the keyboard one.
      onClick={onOpen ? () => onOpen(call) : undefined}
      style={{
        borderBottom: `6px solid ${color}`,
        ["--card-color" as string]: color,
        ["--card-text" as string]: text,
        ...(elevated ? { background: color, color: text } : {}),
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="0.4em" pr={canClose ? 28 : 0}>
        <div ref={nameRef} className={classes.name} data-testid={TESTIDS.display.callName}>
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
        </div>
      </Group>
      {call.section_name && (
        <Text fz="1em" c={dim} lh={1.2}>
          {call.section_name}
        </Text>
      )}
      <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.type}>
        {/* Beside the call type, not the name: the name keeps its full width. */}
        {elevated && (
          <span className={classes.motionIcon} data-testid={TESTIDS.display.callAlarmIcon}>
            <IconAlertTriangleFilled size="1.1em" aria-hidden />
          </span>
        )}
        <Text fz="1em" fw={600} c={dim} truncate flex={1} data-testid={TESTIDS.display.callType}>
          {call.handled_by_app_username ? t("display.handledBy", { name: call.handled_by_app_username }) : (call.call_type?.name ?? "")}
        </Text>
        <Text fz="1em" fw={600} style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
          {since.kind === "just_now" ? t("display.justNow") : since.text}
        </Text>
        {sourceChar && (
          // A caption and a tooltip: "A" is a call source here, not the presence call type.
          <span className={classes.source} title={sourceLabel} aria-label={sourceLabel} role="img" data-testid={TESTIDS.display.callSource}>
            <span className={classes.sourceCaption} aria-hidden>
              {t("display.sourceCaption")}
            </span>
            <span className={classes.sourceChar} aria-hidden>
              {sourceChar}
            </span>
          </span>
        )}
      </Group>
      {canClose && (
        <Suspense fallback={null}>
          <CloseCallButton call={call} title={title} className={classes.close ?? ""} elevated={elevated} />
        </Suspense>
      )}
    </Paper>
  );
}
