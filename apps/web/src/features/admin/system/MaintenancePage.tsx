import { type ReactNode } from "react";
import { Alert, Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconDatabaseImport, IconLock, IconPlugConnected, IconRefresh } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasPermission, hasWritePermission, seesAllSystems } from "@caresuite/domain";
import { hasErrorCode } from "../../../api/errors";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { formatDateTime, formatFileSize } from "../../../i18n/format";
import { notify } from "../../../ui/notify";
import { CleanupSection } from "./CleanupSection";
import { SYSTEM_TESTIDS } from "./system-testids";
import { MAINTENANCE_STATUS_QUERY, REIMPORT_MUTATION, RESTART_LINK_MUTATION } from "./system.graphql";

function HealthItem({ label, children, testId, ok }: { label: string; children: ReactNode; testId: string; ok: boolean | null }): ReactNode {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId} data-ok={ok ?? undefined}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        {ok !== null && (
          <Badge color={ok ? "teal" : "red"} variant="light" size="sm">
            {t(ok ? "systemOps.health.connected" : "systemOps.health.disconnected")}
          </Badge>
        )}
      </Group>
      <Stack gap={2} mt={4}>
        {children}
      </Stack>
    </Paper>
  );
}

function HealthSection(): ReactNode {
  const { t } = useTranslation();
  const [{ data, error, fetching }, reexecute] = useQuery({ query: MAINTENANCE_STATUS_QUERY, variables: {}, requestPolicy: "network-only" });
  const status = data?.maintenanceStatus;
  const refresh = (): void => reexecute({ requestPolicy: "network-only" });

  let body: ReactNode;
  if (!status && error) {
    body = (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("systemOps.loadErrorTitle")}>
        <Text size="sm">{t("systemOps.loadErrorText")}</Text>
      </Alert>
    );
  } else if (!status) {
    body = (
      <Center mih={120} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  } else {
    const line = (text: string): ReactNode => (
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    );
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <HealthItem label={t("systemOps.health.database")} testId={SYSTEM_TESTIDS.healthDatabase} ok={null}>
          <Text size="sm" c={status.database_ok ? "teal.8" : "red.8"} fw={600}>
            {status.database_ok ? t("systemOps.health.databaseOk", { ms: status.database_latency_ms ?? 0 }) : t("systemOps.health.databaseDown")}
          </Text>
        </HealthItem>
        {status.links.length === 0 ? (
          <HealthItem label={t("systemOps.health.links")} testId={SYSTEM_TESTIDS.healthLinks} ok={null}>
            {line(t("systemOps.health.noLinks"))}
          </HealthItem>
        ) : (
          status.links.map((link) => (
            <HealthItem key={link.system_id} label={`${t("systemOps.health.links")}: ${link.name}`} testId={SYSTEM_TESTIDS.healthLinks} ok={link.connected}>
              {line(link.last_event_at ? t("systemOps.health.lastEvent", { time: formatDateTime(link.last_event_at) }) : t("systemOps.health.noEvent"))}
              {link.last_error && !link.connected && line(link.last_error)}
            </HealthItem>
          ))
        )}
        <HealthItem label={t("systemOps.health.disk")} testId={SYSTEM_TESTIDS.healthDisk} ok={null}>
          {line(
            status.disk_free_bytes !== null && status.disk_total_bytes !== null
              ? t("systemOps.health.diskFree", { free: formatFileSize(status.disk_free_bytes), total: formatFileSize(status.disk_total_bytes) })
              : t("systemOps.health.diskUnknown"),
          )}
        </HealthItem>
        <HealthItem label={t("systemOps.health.backups")} testId={SYSTEM_TESTIDS.healthBackups} ok={null}>
          {line(
            status.backup_count > 0 && status.last_backup_at
              ? t("systemOps.health.backupAge", { count: status.backup_count, time: formatDateTime(status.last_backup_at) })
              : t("systemOps.health.noBackups"),
          )}
        </HealthItem>
        <HealthItem label={t("systemOps.health.lastPublish")} testId={SYSTEM_TESTIDS.healthPublish} ok={null}>
          {line(status.last_publish_at ? formatDateTime(status.last_publish_at) : t("systemOps.health.noPublish"))}
        </HealthItem>
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="health-title" data-testid={SYSTEM_TESTIDS.health}>
      <Group justify="space-between">
        <Title order={3} size="h4" id="health-title">
          {t("systemOps.health.title")}
        </Title>
        <Button variant="subtle" size="xs" leftSection={<IconRefresh size={14} />} loading={fetching} onClick={refresh}>
          {t("systemOps.maintenance.refresh")}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

function ToolsSection(): ReactNode {
  const { t } = useTranslation();
  const [{ fetching: restarting }, restart] = useMutation(RESTART_LINK_MUTATION);
  const [{ fetching: importing }, reimport] = useMutation(REIMPORT_MUTATION);
  const failed = (error: Parameters<typeof hasErrorCode>[0]): void => {
    notify({
      type: "error",
      title: t("systemOps.failedTitle"),
      text: t(hasErrorCode(error, "CONFLICT") ? "systemOps.tools.notConnected" : "systemOps.loadErrorText"),
    });
  };

  const tool = (label: string, help: string, icon: ReactNode, loading: boolean, onClick: () => void, testId: string): ReactNode => (
    <Paper withBorder p="sm" radius="md">
      <Stack gap={6} align="flex-start">
        <Text size="sm" c="dimmed">
          {help}
        </Text>
        {/* Long labels wrap on a phone instead of running out of the card. */}
        <Button
          variant="light"
          leftSection={icon}
          loading={loading}
          onClick={onClick}
          h="auto"
          mih={36}
          py={6}
          maw="100%"
          styles={{ label: { whiteSpace: "normal", textAlign: "start" } }}
          data-testid={testId}
        >
          {label}
        </Button>
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="tools-title">
      <Title order={3} size="h4" id="tools-title">
        {t("systemOps.tools.title")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {tool(
          t("systemOps.tools.restartLink"),
          t("systemOps.tools.restartLinkHelp"),
          <IconPlugConnected size={16} />,
          restarting,
          () =>
            void restart({}).then((result) => {
              if (result.data?.restartCallSystemLink)
                notify({ type: "success", title: t("systemOps.tools.restartLink"), text: t("systemOps.tools.restartLinkDone") });
              else failed(result.error);
            }),
          SYSTEM_TESTIDS.restartLink,
        )}
        {tool(
          t("systemOps.tools.reimport"),
          t("systemOps.tools.reimportHelp"),
          <IconDatabaseImport size={16} />,
          importing,
          () =>
            void reimport({}).then((result) => {
              const count = result.data?.reimportConfiguration;
              if (typeof count === "number")
                notify({ type: "success", title: t("systemOps.tools.reimport"), text: t("systemOps.tools.reimportDone", { count }) });
              else failed(result.error);
            }),
          SYSTEM_TESTIDS.reimport,
        )}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * /admin/maintenance (route table: "not shown beyond admin area"): the server's health, the
 * tools and the cleanup, for who may manage the system (docs/decisions/044-cleanup-logs-maintenance.md).
 */
export function MaintenancePage(): ReactNode {
  const { t } = useTranslation();
  const { data } = useAppData();
  const user = data.user;
  const canRead = hasPermission(user, "admin::manage_system");
  const canWrite = hasWritePermission(user, "admin::manage_system");
  return (
    <Stack gap="lg" data-testid={SYSTEM_TESTIDS.maintenance}>
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t("systemOps.maintenance.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("systemOps.maintenance.intro")}
        </Text>
      </Stack>
      {!canRead && (
        <Alert color="gray" icon={<IconLock size={18} />}>
          {t("systemOps.maintenance.noPermission")}
        </Alert>
      )}
      {canRead && <HealthSection />}
      {canWrite && <ToolsSection />}
      {canWrite && seesAllSystems(user) && <CleanupSection />}
    </Stack>
  );
}
