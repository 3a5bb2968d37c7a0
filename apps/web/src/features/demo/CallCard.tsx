import type { ReactNode } from "react";
import { Group, Paper, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isElevated, textColorOn } from "@caresuite/domain";
import * as TESTIDS from "../../testids";
import type { DemoCall } from "./demo.graphql";
import { elapsedSince } from "./elapsed";

const FALLBACK_COLOR = "var(--mantine-color-gray-5)";

/**
 * An open call as the display shows one: device, call type, section and time since opened, a line
 * in the call type's colour; elevated calls (spec: "URGENT and EMERGENCY") filled with it.
 */
export function CallCard({ call, now, compact = false }: { call: DemoCall; now: number; compact?: boolean }): ReactNode {
  const { t } = useTranslation();
  const color = call.call_type?.color ?? FALLBACK_COLOR;
  const elevated = isElevated(call.call_type?.urgency);
  const { key, ...values } = elapsedSince(call.opened_at, now);
  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 6 : "sm"}
      data-testid={TESTIDS.demo.call}
      data-id={call.id}
      data-device={call.number}
      data-call-type={call.call_type_id}
      data-urgency={call.call_type?.urgency ?? ""}
      style={{
        borderBottom: `4px solid ${color}`,
        ...(elevated ? { background: color, color: textColorOn(color) } : {}),
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} size={compact ? "sm" : "md"} truncate>
          {call.device_text_long}
        </Text>
        <Text size="xs" c={elevated ? undefined : "gray.7"} style={{ whiteSpace: "nowrap" }}>
          {t(key, values)}
        </Text>
      </Group>
      <Text size={compact ? "xs" : "sm"}>{call.call_type_text || call.call_type?.name}</Text>
      {!compact && (
        <Text size="xs" c={elevated ? undefined : "gray.7"}>
          {call.section_name}
        </Text>
      )}
    </Paper>
  );
}
