import { useEffect, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Center, Group, Loader, Modal, Paper, Progress, Stack, Table, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconDatabaseExport, IconRestore } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { formatDateTime, formatFileSize } from "../../../i18n/format";
import { notify } from "../../../ui/notify";
import { BackupSettingsForm } from "./BackupSettingsForm";
import { OnlineBackupSection } from "./OnlineBackupSection";
import { BACKUPS_TESTIDS } from "./backups-testids";
import { BACKUP_OVERVIEW_QUERY, RESTORE_BACKUP, START_BACKUP } from "./backups.graphql";
import { backupFailureKey, lastBackupAgeHours, mutationReason, runningJob } from "./backups-view";

/** How often the page asks for the progress of a running backup. */
const POLL_MS = 1000;

function ConfirmRestore({ name, busy, onCancel, onConfirm }: { name: string | null; busy: boolean; onCancel: () => void; onConfirm: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Modal
      opened={name !== null}
      onClose={busy ? () => undefined : onCancel}
      title={t("backups.confirmTitle")}
      centered
      closeButtonProps={{ "aria-label": t("backups.cancel") }}
    >
      <Stack gap="md">
        <Text size="sm">{t("backups.confirmText", { name: name ?? "" })}</Text>
        {busy && (
          <Stack gap={4}>
            <Text size="sm">{t("backups.restoring")}</Text>
            <Progress value={100} striped animated aria-label={t("backups.restoring")} />
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t("backups.cancel")}
          </Button>
          <Button color="red.8" leftSection={<IconRestore size={16} aria-hidden />} loading={busy} onClick={onConfirm} data-testid={BACKUPS_TESTIDS.confirm}>
            {t("backups.confirm")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /admin/backups: backups now and nightly, their list, and restore (route table: admin::manage_backups and the management licence). */
export function BackupsPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const canWrite = hasWritePermission(appData.user, "admin::manage_backups");
  const [{ data, error }, reexecute] = useQuery({ query: BACKUP_OVERVIEW_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  const [{ fetching: starting }, start] = useMutation(START_BACKUP);
  const [{ fetching: restoring }, restore] = useMutation(RESTORE_BACKUP);
  const [failure, setFailure] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const [restored, setRestored] = useState<string | null>(null);
  const overview = data?.backupOverview;
  const running = overview ? runningJob(overview.jobs) : null;
  const latest = overview?.jobs[0];

  // Polled while a job runs: the progress bar follows it.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => reexecute({ requestPolicy: "network-only" }), POLL_MS);
    return () => clearInterval(timer);
  }, [running, reexecute]);

  const startNow = async (): Promise<void> => {
    setFailure(null);
    setRestored(null);
    const result = await start({});
    if (result.error || !result.data) setFailure(backupFailureKey(mutationReason(result.error)));
    reexecute({ requestPolicy: "network-only" });
  };

  const confirmRestore = async (): Promise<void> => {
    if (!target) return;
    setFailure(null);
    const result = await restore({ name: target });
    setTarget(null);
    if (result.error || !result.data) {
      setFailure(backupFailureKey(mutationReason(result.error)));
      return;
    }
    setRestored(result.data.restoreBackup.name);
    notify({ type: "success", title: t("backups.restoredTitle"), text: t("backups.restoredText", { name: result.data.restoreBackup.name }) });
    reexecute({ requestPolicy: "network-only" });
  };

  if (!overview) {
    return (
      <Stack gap="md" data-testid={BACKUPS_TESTIDS.page}>
        <Title order={2} size="h3">
          {t("backups.title")}
        </Title>
        {error ? (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("backups.loadErrorTitle")}>
            <Button size="xs" variant="light" color="yellow" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("common.retry")}
            </Button>
          </Alert>
        ) : (
          <Center mih={200} aria-busy="true">
            <Loader size="sm" aria-label={t("common.loading")} />
          </Center>
        )}
      </Stack>
    );
  }

  const age = lastBackupAgeHours(overview.backups, Date.now());
  // A finished job that failed says why (the mutation answered before the failure).
  const jobFailure =
    latest && (latest.status === "failed" || latest.status === "interrupted") && latest.kind === "backup" ? backupFailureKey(latest.error) : null;
  const shownFailure = failure ?? jobFailure;

  return (
    <Stack gap="md" data-testid={BACKUPS_TESTIDS.page}>
      <Group justify="space-between" align="center">
        <Title order={2} size="h3">
          {t("backups.title")}
        </Title>
        <Badge color={age === null || age > 26 ? "red" : "green"} variant="light">
          {age === null ? t("backups.noneYet") : t("backups.lastAge", { count: age })}
        </Badge>
      </Group>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t("backups.destination", { path: overview.destination })}
            </Text>
            {canWrite && (
              <Button
                leftSection={<IconDatabaseExport size={16} aria-hidden />}
                loading={starting}
                disabled={running !== null || restoring}
                onClick={() => void startNow()}
                data-testid={BACKUPS_TESTIDS.start}
              >
                {t("backups.start")}
              </Button>
            )}
          </Group>
          {running && (
            <Stack gap={4} data-testid={BACKUPS_TESTIDS.progress}>
              <Text size="sm">{t(running.kind === "restore" ? "backups.restoring" : "backups.running", { progress: running.progress })}</Text>
              <Progress value={running.progress} animated aria-label={t("backups.progressLabel")} />
            </Stack>
          )}
          {shownFailure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("backups.failedTitle")} data-testid={BACKUPS_TESTIDS.error}>
              {t(shownFailure)}
            </Alert>
          )}
          {restored && (
            <Alert color="green" title={t("backups.restoredTitle")} data-testid={BACKUPS_TESTIDS.restored}>
              {t("backups.restoredText", { name: restored })}
            </Alert>
          )}
        </Stack>
      </Paper>
      {overview.backups.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t("backups.empty")}
        </Text>
      ) : (
        <Table striped data-testid={BACKUPS_TESTIDS.list}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("backups.columns.created")}</Table.Th>
              <Table.Th>{t("backups.columns.folder")}</Table.Th>
              <Table.Th>{t("backups.columns.trigger")}</Table.Th>
              <Table.Th>{t("backups.columns.size")}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t("backups.columns.actions")}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {overview.backups.map((backup) => (
              <Table.Tr key={backup.name} data-testid={BACKUPS_TESTIDS.row(backup.name)}>
                <Table.Td>{formatDateTime(backup.created_at)}</Table.Td>
                <Table.Td>{backup.name}</Table.Td>
                <Table.Td>{t(backup.trigger === "scheduled" ? "backups.trigger.scheduled" : "backups.trigger.manual")}</Table.Td>
                <Table.Td>{formatFileSize(backup.size)}</Table.Td>
                <Table.Td>
                  {canWrite && (
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      leftSection={<IconRestore size={14} aria-hidden />}
                      disabled={running !== null}
                      onClick={() => setTarget(backup.name)}
                      aria-label={t("backups.restoreLabel", { name: backup.name })}
                      data-testid={BACKUPS_TESTIDS.restore(backup.name)}
                    >
                      {t("backups.restore")}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <BackupSettingsForm stored={overview.settings} canWrite={canWrite} />
      <OnlineBackupSection canWrite={canWrite} />
      <ConfirmRestore name={target} busy={restoring} onCancel={() => setTarget(null)} onConfirm={() => void confirmRestore()} />
    </Stack>
  );
}
