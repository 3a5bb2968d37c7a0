import type { ReactNode } from "react";
import { Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isElevated, textColorOn } from "@caresuite/domain";
import { TESTIDS } from "../../testids";
import { sinceLabel, type BoardCall } from "./display-board";

const FALLBACK_COLOR = "#868e96";

/**
 * spec: "Call card: title and optional subtitle, call source char, handling app username, time
 * since opened, a coloured bottom line in the call type colour. Elevated calls (URGENT and
 * EMERGENCY) fill the card with the call type colour."
 */
export function DisplayCallCard({ call, now }: { call: BoardCall; now: number }): ReactNode {
  const { t } = useTranslation();
  const color = call.call_type?.color || FALLBACK_COLOR;
  const elevated = isElevated(call.call_type?.urgency);
  const since = sinceLabel(call.opened_at, now);
  const dim = elevated ? undefined : "gray.7";
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid={TESTIDS.display.call}
      data-id={call.id}
      data-device={call.number}
      data-call-type={call.call_type?.id ?? ""}
      data-urgency={call.call_type?.urgency ?? ""}
      data-elevated={elevated ? "true" : "false"}
      style={{ borderBottom: `6px solid ${color}`, ...(elevated ? { background: color, color: textColorOn(color) } : {}) }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={700} fz="1.4em" lh={1.2} style={{ overflowWrap: "anywhere" }}>
          {call.device_text_long || t("display.unknownCall")}
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
    </Paper>
  );
}

/** spec: "Presence tile: short device text, section name, handler username, short time since." */
export function PresenceTile({ call, now }: { call: BoardCall; now: number }): ReactNode {
  const { t } = useTranslation();
  const since = sinceLabel(call.opened_at, now);
  return (
    <Paper withBorder radius="sm" p={6} data-testid={TESTIDS.display.presence} data-id={call.id} data-device={call.number} style={{ borderLeft: `4px solid ${call.call_type?.color || FALLBACK_COLOR}` }}>
      <Text fw={700} fz="0.9em" truncate>
        {call.device_text_short || call.device_text_long}
      </Text>
      <Text fz="0.75em" c="gray.7" truncate>
        {[call.section_name, call.handled_by_app_username].filter(Boolean).join(" · ")}
      </Text>
      <Text fz="0.75em" c="gray.7">
        {since.kind === "just_now" ? t("display.justNow") : since.text}
      </Text>
    </Paper>
  );
}
