import { Suspense, type ReactNode } from "react";
import { Group, Select, Text } from "@mantine/core";
import { IconServer2 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { findRouteChain, isLoggedIn, showAuditLogButton, showIncidentIndicator, showSyncIndicator, showSystemSelector } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import * as TESTIDS from "../../testids";
import { AuditLogButton } from "../../features/audit/AuditLogButton";
import { lazyPage } from "../lazy-page";
import { CallSystemIndicator } from "./CallSystemIndicator";
import { SyncIndicator } from "./SyncIndicator";

// Loaded only for a signed-in user who may see it, with its texts (not in the /login bundle).
const HeaderBarOpenIncidents = lazyPage(
  async () => (await import("../../features/incidents/incident-indicator-module")).loadIncidentIndicator(),
  "HeaderBarOpenIncidents",
);

/**
 * The top bar (spec "Application shell"): system selector, call-system badge (signed-in users),
 * sync indicator, incident indicator and audit-log button (rules: showSyncIndicator /
 * showIncidentIndicator / showAuditLogButton in the domain).
 */
export function TopBar({ committing }: { committing: boolean }): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const { systemId, switchSystem } = useSystemContext();
  const systems = data.systems;
  const { pathname } = useLocation();
  const routeName = findRouteChain(pathname)?.[0]?.name ?? null;

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
      {/* indicators: call system, sync, incidents, audit log */}
      {/* On a phone the indicators wrap: they stay at the right edge, under one another. */}
      <Group gap="xs" justify="flex-end" style={{ flex: "1 1 auto" }}>
        {isLoggedIn(data.user) && <CallSystemIndicator />}
        {showSyncIndicator({ user: data.user, licence: data.licence, routeName }) && <SyncIndicator />}
        {showIncidentIndicator({ user: data.user, licence: data.licence, committing, incidentsFeature: data.appState.features.incidents }) && (
          <Suspense fallback={null}>
            <HeaderBarOpenIncidents />
          </Suspense>
        )}
        {showAuditLogButton({ user: data.user, committing }) && <AuditLogButton />}
      </Group>
    </Group>
  );
}
