import type { ReactNode } from "react";
import { Group, Select, Text } from "@mantine/core";
import { IconServer2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isLoggedIn, showAuditLogButton, showSystemSelector } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { TESTIDS } from "../../testids";
import { AuditLogButton } from "../../features/audit/AuditLogButton";
import { CallSystemIndicator } from "./CallSystemIndicator";

/**
 * The top bar (spec "Application shell"): system selector, call-system badge (signed-in users) and
 * audit-log button now; the sync and
 * incident indicators join it with their features (see the `indicators` slot, whose rules are
 * showSyncIndicator / showIncidentIndicator / showAuditLogButton in the domain).
 */
export function TopBar({ committing }: { committing: boolean }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { systemId, switchSystem } = useSystemContext();
  const systems = data.systems;

  return (
    <Group justify="space-between" px="md" py={4} bg="var(--mantine-color-gray-1)" data-testid={TESTIDS.shell.topbar} data-committing={committing || undefined}>
      <Group gap="xs">
        {showSystemSelector(systems.length) ? (
          <Select
            size="xs"
            w={220}
            aria-label={t("shell.system")}
            leftSection={<IconServer2 size={14} aria-hidden="true" />}
            data={systems.map((system) => ({ value: String(system.id), label: system.name }))}
            value={String(systemId)}
            onChange={(value) => value && switchSystem(Number(value))}
            allowDeselect={false}
            data-testid={TESTIDS.shell.systemSelector}
          />
        ) : (
          <Text size="xs" c="dimmed" py={4}>
            {systems.find((system) => system.id === systemId)?.name}
          </Text>
        )}
      </Group>
      {/* indicators: call system, sync and incidents (added by their features), audit log */}
      <Group gap="xs">
        {isLoggedIn(data.user) && <CallSystemIndicator />}
        {showAuditLogButton({ user: data.user, committing }) && <AuditLogButton />}
      </Group>
    </Group>
  );
}
