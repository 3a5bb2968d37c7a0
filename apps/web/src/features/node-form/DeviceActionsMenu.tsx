import { useState, type ReactNode } from "react";
import { Button, Group, Menu, Modal, Text } from "@mantine/core";
import { IconBell, IconBellOff, IconChevronDown, IconPlayerStop, IconRefresh, IconShieldOff, type Icon } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useClient } from "urql";
import { SEND_DEVICE_ACTION } from "../../api/device-actions.graphql";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";

/** spec data §3.1 "Control actions: EndCalls, IgnoreDefects, Mute, Restart, Unmute". */
export type DeviceAction = "EndCalls" | "IgnoreDefects" | "Mute" | "Unmute" | "Restart";

const ICONS: Record<DeviceAction, Icon> = {
  EndCalls: IconPlayerStop,
  IgnoreDefects: IconShieldOff,
  Mute: IconBellOff,
  Unmute: IconBell,
  Restart: IconRefresh,
};

// Above the node form's modal (route modals start at 200).
const CONFIRM_Z_INDEX = 290;

/**
 * The device actions of a node (spec: "device actions (systemtree::trigger_device_actions:
 * EndCalls, IgnoreDefects, Mute, Unmute, Restart)"): each asks first, then says what the call
 * system answered. Which actions show is the caller's decision (permission and close rule).
 */
export function DeviceActionsMenu({
  node,
  actions,
}: {
  node: { id: number; name: string; section_id: number | null };
  actions: readonly DeviceAction[];
}): ReactNode {
  const { t } = useTranslation();
  const client = useClient();
  const [asking, setAsking] = useState<DeviceAction | null>(null);
  const [sending, setSending] = useState(false);
  if (actions.length === 0) return null;

  const run = async (action: DeviceAction): Promise<void> => {
    setSending(true);
    const result = await client.mutation(SEND_DEVICE_ACTION, { action: { action, deviceID: node.id, sectionID: node.section_id } }).toPromise();
    setSending(false);
    setAsking(null);
    const label = t(`nodeForm.actions.${action}`);
    if (!result.error && result.data?.sendDeviceAction.success === true) {
      notify({ type: "success", title: t("nodeForm.actions.successTitle"), text: t("nodeForm.actions.successText", { action: label, name: node.name }) });
    } else {
      notify({ type: "error", title: t("nodeForm.actions.errorTitle"), text: t("nodeForm.actions.errorText", { action: label }) });
    }
  };

  return (
    <>
      <Menu position="bottom-end" withinPortal zIndex={CONFIRM_Z_INDEX}>
        <Menu.Target>
          <Button variant="default" size="xs" rightSection={<IconChevronDown size={14} />} data-testid={TESTIDS.nodeForm.actions}>
            {t("nodeForm.actions.menu")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => {
            const ActionIcon = ICONS[action];
            return (
              <Menu.Item key={action} leftSection={<ActionIcon size={16} />} onClick={() => setAsking(action)} data-testid={TESTIDS.nodeForm.action(action)}>
                {t(`nodeForm.actions.${action}`)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t("nodeForm.actions.menu")} zIndex={CONFIRM_Z_INDEX} size="sm" centered>
        {asking && (
          <>
            <Text size="sm">{t("nodeForm.actions.question", { action: t(`nodeForm.actions.${asking}`), name: node.name })}</Text>
            <Group justify="flex-end" gap="xs" mt="md">
              <Button variant="default" onClick={() => setAsking(null)} disabled={sending}>
                {t("common.cancel")}
              </Button>
              <Button
                color={asking === "EndCalls" || asking === "Restart" ? "red" : undefined}
                loading={sending}
                onClick={() => void run(asking)}
                data-testid={TESTIDS.nodeForm.actionConfirm}
              >
                {t("nodeForm.actions.confirm")}
              </Button>
            </Group>
          </>
        )}
      </Modal>
    </>
  );
}
