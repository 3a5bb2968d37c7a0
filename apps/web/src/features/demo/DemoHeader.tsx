import type { ReactNode } from "react";
import { ActionIcon, Badge, Group, Menu, Title } from "@mantine/core";
import { IconBellOff, IconDotsVertical, IconRefresh } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import * as TESTIDS from "../../testids";
import { Logo } from "../../ui/Logo";

/** spec: "A header menu with Close all calls and Reset demo". */
export function DemoHeader({ onCloseAll, onReset, disabled }: { onCloseAll: () => void; onReset: () => void; disabled: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Group component="header" justify="space-between" px="md" py="xs" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
      <Group gap="sm">
        <Logo />
        <Title order={1} size="h4">
          {t("demo.title")}
        </Title>
        <Badge variant="light">{t("demo.badge")}</Badge>
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label={t("demo.menu.label")} disabled={disabled} data-testid={TESTIDS.demo.menu}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconBellOff size={16} />} onClick={onCloseAll} data-testid={TESTIDS.demo.closeAll}>
            {t("demo.menu.closeAll")}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconRefresh size={16} />} onClick={onReset} data-testid={TESTIDS.demo.reset}>
            {t("demo.menu.reset")}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
