import { useState, type ReactNode } from "react";
import { ActionIcon, Button, Group, Popover, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import type { BoardCall } from "./display-board";
import { useCloseCall } from "../../ui/useCloseCall";

/** The card's close (x): asks, then runs the spec's close-call flow and reports the outcome. */
export function CloseCallButton({ call, title, className, elevated }: { call: BoardCall; title: string; className: string; elevated: boolean }): ReactNode {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { closing, closeCall } = useCloseCall();

  const confirm = async () => {
    const result = await closeCall(call);
    setOpened(false);
    if (result.ok) notify({ type: "success", title: t("display.close.successTitle"), text: t("display.close.successText", { name: title }) });
    else
      notify({
        type: "error",
        title: t("display.close.errorTitle"),
        text: t(result.reason === "action_failed" ? "display.close.errorAction" : "display.close.errorStillOpen"),
      });
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus returnFocus>
      <Popover.Target>
        <ActionIcon
          className={className}
          variant={elevated ? "white" : "default"}
          color="dark"
          size="md"
          aria-label={t("display.close.button", { name: title })}
          data-testid={TESTIDS.display.closeCall}
          data-expanded={opened || undefined}
          onClick={(event) => {
            event.stopPropagation();
            setOpened((o) => !o);
          }}
        >
          <IconX size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={(event) => event.stopPropagation()} maw={280}>
        <Text fz="sm" mb="xs">
          {t("display.close.question", { name: title })}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button size="xs" variant="default" onClick={() => setOpened(false)} disabled={closing}>
            {t("display.close.cancel")}
          </Button>
          <Button size="xs" color="red" loading={closing} onClick={() => void confirm()} data-testid={TESTIDS.display.closeConfirm}>
            {t("display.close.confirm")}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
