import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { NOTIFICATION_DURATION_MS } from "@caresuite/domain";
import { i18n } from "../i18n";
import * as TESTIDS from "../testids";
import type { NotificationType, NotifyOptions } from "./notify";

export { Notifications } from "@mantine/notifications";

const COLORS: Record<NotificationType, string | undefined> = {
  none: undefined,
  success: "teal",
  error: "red",
  warning: "yellow",
};

/** Renders a notification of the spec's model through Mantine's store (lazy part of notify). */
export function showNotification(id: string, options: NotifyOptions): void {
  const type = options.type ?? "none";
  const { primary, dismiss } = options.actions ?? {};
  const close = (): void => {
    notifications.hide(id);
  };
  const message = (
    <Stack gap={6}>
      {/* Mantine dims a notification's message below WCAG AA contrast: our own colour. */}
      {options.text && (
        <Text size="sm" c="gray.7">
          {options.text}
        </Text>
      )}
      {(primary || dismiss) && (
        <Group gap="xs" justify="flex-end">
          {dismiss && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                dismiss.onClick?.();
                close();
              }}
            >
              {dismiss.label}
            </Button>
          )}
          {primary && (
            <Button
              size="compact-xs"
              onClick={() => {
                primary.onClick?.();
                close();
              }}
            >
              {primary.label}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
  notifications.show({
    id,
    title: options.title,
    message,
    color: COLORS[type],
    closeButtonProps: { "aria-label": i18n.t("common.close") },
    autoClose: options.persist ? false : (options.duration ?? NOTIFICATION_DURATION_MS),
    "data-testid": TESTIDS.notification,
    "data-type": type,
  });
}

export function hideNotification(id: string): void {
  notifications.hide(id);
}
