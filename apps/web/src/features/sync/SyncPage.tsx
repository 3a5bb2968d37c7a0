import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Container, Group, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconCloudDownload, IconSend } from "@tabler/icons-react";
import { differenceSize, type SendStep } from "@caresuite/domain";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { useStore } from "../../api/store";
import { importProgress } from "../../app/config-sync";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useCommitting } from "../../app/shell/useCommitting";
import { useConfigSync } from "../../app/shell/useConfigSync";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { ChangelogGroups } from "./ChangelogGroups";
import { ConfirmSyncDialog } from "./ConfirmSyncDialog";
import { PublishProgress } from "./PublishProgress";
import { SyncErrorAlert } from "./SyncErrorAlert";
import { SYNC_LINK_STATUS, type SyncLinkStatus } from "./sync-status.graphql";
import { CONFIG_CHANGELOG, IMPORT_CONFIG_CHANGES, PUBLISH_CONFIG, type ChangelogEntry } from "./sync.graphql";
import { actionError, badgeText, describeSyncError, groupChangelog, isDataSyncStatus, isSendStep, statusColor, type SyncErrorView } from "./sync-view";

/** How often the page asks for the link state (the top bar's badge asks as often). */
const LINK_POLL_MS = 10_000;
/** How often the changelog is read while a publish runs (its steps; the pushes say when it ends). */
const PUBLISH_POLL_MS = 1_000;
/** How often the changelog is read while the call system is away or its configuration not yet read. */
const WAITING_POLL_MS = 3_000;
/** Statuses in which the call system cannot be asked. */
const UNREACHABLE = new Set(["offline", "unauthorized", "unknown"]);
const NO_ENTRIES: ChangelogEntry[] = [];

function LinkRow({ link, name }: { link: SyncLinkStatus; name: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Group gap="xs" data-testid={TESTIDS.sync.link} data-connected={link.connected}>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Badge color={link.connected ? "teal" : "red"} c={badgeText(link.connected ? "teal" : "red")} variant="light" size="sm">
        {t(link.connected ? "sync.connection.connected" : "sync.connection.disconnected")}
      </Badge>
      {link.firmware && (
        <Text size="xs" c="dimmed">
          {t("sync.connection.firmware", { version: link.firmware })}
        </Text>
      )}
    </Group>
  );
}

type Notice =
  { kind: "imported"; count: number } | { kind: "published" } | { kind: "failed"; error: SyncErrorView } | { kind: "refused"; error: SyncErrorView };

/**
 * /sync (systemtree::sync): the data sync status, the changelog of ours versus the call system's
 * configuration grouped by entity with field diffs, "import changes" and "publish" with the send
 * steps (spec "Sync route: import changes then publish the configuration"; docs/decisions/028 and
 * 029). The publish runs on the server: a page opened (or reloaded) meanwhile shows its progress,
 * and afterwards its result.
 */
export function SyncPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const { commitStart, syncJobCount } = useConfigSync();
  const committing = useCommitting(commitStart);
  const pushedProgress = useStore(importProgress);
  const [{ data, error: loadError, fetching }, refetch] = useQuery({ query: CONFIG_CHANGELOG, requestPolicy: "network-only" });
  const [{ data: linkData }, refetchLinks] = useQuery({ query: SYNC_LINK_STATUS, requestPolicy: "network-only" });
  const [importState, runImport] = useMutation(IMPORT_CONFIG_CHANGES);
  const [publishState, runPublish] = useMutation(PUBLISH_CONFIG);
  const [confirm, setConfirm] = useState<"import" | "publish" | null>(null);
  /** The last action asked about: the dialog keeps its texts while it closes. */
  const [dialogAction, setDialogAction] = useState<"import" | "publish">("publish");
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The stored error of an earlier publish the user closed (it shows again when another one is stored). */
  const [dismissed, setDismissed] = useState<string | null>(null);
  /** The last step seen of a publish followed on this page (a failure marks that step). */
  const [followed, setFollowed] = useState<{ step: SendStep | null; progress: number; result: "done" | "failed" | null } | null>(null);

  const view = data?.configChangelog;
  const entries = view?.changelog ?? NO_ENTRIES;
  const groups = useMemo(() => groupChangelog(entries), [entries]);
  const serverStatus = view?.status ?? "loading";
  const processing = serverStatus === "processing";
  const acting = importState.fetching || publishState.fetching;
  // spec "busy": the server never says it; this page does while its own request runs.
  const status = acting ? "busy" : isDataSyncStatus(serverStatus) ? serverStatus : "unknown";

  useEffect(() => {
    const timer = window.setInterval(() => refetchLinks({ requestPolicy: "network-only" }), LINK_POLL_MS);
    return () => window.clearInterval(timer);
  }, [refetchLinks]);

  // While a publish runs, its steps are read every second.
  useEffect(() => {
    if (!processing) return;
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), PUBLISH_POLL_MS);
    return () => window.clearInterval(timer);
  }, [processing, refetch]);

  // Without the call system (or before its configuration was read) the status changes on its own:
  // read again every few seconds, and at once when a link's connection changes.
  const waiting = serverStatus === "offline" || serverStatus === "unauthorized" || serverStatus === "loading";
  useEffect(() => {
    if (!waiting || view === undefined) return;
    const timer = window.setInterval(() => refetch({ requestPolicy: "network-only" }), WAITING_POLL_MS);
    return () => window.clearInterval(timer);
  }, [waiting, view, refetch]);
  const connectedKey = linkData ? linkData.callSystemStatus.map((l) => `${l.system_id}:${l.connected}`).join(",") : null;
  const lastConnectedKey = useRef<string | null>(null);
  useEffect(() => {
    const before = lastConnectedKey.current;
    lastConnectedKey.current = connectedKey;
    if (before !== null && connectedKey !== null && before !== connectedKey) refetch({ requestPolicy: "network-only" });
  }, [connectedKey, refetch]);

  // A commit started or ended, or a sync job came or went (pushes): read the changelog again.
  const firstPush = useRef(true);
  useEffect(() => {
    if (firstPush.current) {
      firstPush.current = false;
      return;
    }
    refetch({ requestPolicy: "network-only" });
  }, [commitStart, syncJobCount, refetch]);

  // Follow the publish: its step while it runs, its result once it ended.
  const followedRef = useRef(followed);
  followedRef.current = followed;
  useEffect(() => {
    if (!view) return;
    const current = followedRef.current;
    if (view.status === "processing") {
      const step = isSendStep(view.step) ? view.step : null;
      if (current?.step !== step || current.progress !== view.progress || current.result !== null) setFollowed({ step, progress: view.progress, result: null });
      return;
    }
    if (current !== null && current.result === null) {
      setFollowed({ step: current.step, progress: current.progress, result: view.error ? "failed" : "done" });
      setNotice(view.error ? { kind: "failed", error: describeSyncError(view.error) } : { kind: "published" });
    }
  }, [view]);

  const size = useMemo(
    () =>
      differenceSize(
        entries.map((e) => ({ ours: e.ours !== null, theirs: e.theirs !== null })),
        dialogAction,
      ),
    [entries, dialogAction],
  );

  const reachable = view !== undefined && !UNREACHABLE.has(serverStatus);
  const canPublish = reachable && !processing && !acting && !committing;
  const canImport = canPublish && entries.length > 0;

  const apply = async (action: "import" | "publish"): Promise<void> => {
    setConfirm(null);
    setNotice(null);
    if (action === "import") {
      const result = await runImport({});
      if (result.error) setNotice({ kind: "refused", error: actionError(result.error) ?? { key: "generic", detail: null, records: [] } });
      else setNotice({ kind: "imported", count: result.data?.importConfigChanges ?? 0 });
    } else {
      const result = await runPublish({});
      if (result.error) setNotice({ kind: "refused", error: actionError(result.error) ?? { key: "generic", detail: null, records: [] } });
      else setFollowed({ step: "init", progress: 0, result: null });
    }
    refetch({ requestPolicy: "network-only" });
  };

  const links = linkData?.callSystemStatus ?? [];
  const nameOf = (id: number): string => appData.systems.find((s) => s.id === id)?.name ?? `#${id}`;
  const lastCommit = view?.config.last_commit ?? null;
  // While it runs: the larger of the changelog's and the pushed percentage; after it: where it stopped.
  const progress = processing ? Math.max(view?.progress ?? 0, pushedProgress ?? 0) : (followed?.progress ?? 0);
  // A failure the page did not follow (the browser was closed, or another user published).
  const storedError = view?.error && notice === null && followed === null && dismissed !== view.error ? describeSyncError(view.error) : null;

  return (
    <Container size="lg" py="xl" data-testid={TESTIDS.sync.page}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t("sync.title")}
          </Title>
          <Text c="dimmed">{t("syncPage.intro")}</Text>
        </div>

        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={6} style={{ flex: "1 1 320px" }}>
              <Group gap="sm">
                <Title order={2} size="h4">
                  {t("syncPage.status.title")}
                </Title>
                <Badge
                  color={statusColor(status)}
                  c={badgeText(statusColor(status))}
                  variant="light"
                  size="lg"
                  data-testid={TESTIDS.sync.status}
                  data-status={status}
                >
                  {t(`syncPage.status.values.${status}`)}
                </Badge>
                {fetching && <Loader size="xs" aria-hidden="true" />}
              </Group>
              <Text size="sm">{t(`syncPage.status.hints.${status}`)}</Text>
              <Text size="sm" c="dimmed" data-testid={TESTIDS.sync.lastCommit}>
                {lastCommit ? t("syncPage.status.lastCommit", { time: formatDateTime(lastCommit) }) : t("syncPage.status.neverCommitted")}
              </Text>
              {view?.config.fetched_at && (
                <Text size="sm" c="dimmed">
                  {t("syncPage.status.lastFetched", { time: formatDateTime(view.config.fetched_at) })}
                </Text>
              )}
              {links.length === 0 && linkData && (
                <Text size="sm" data-testid={TESTIDS.sync.noLink}>
                  {t(appData.appState.configurator_set ? "sync.connection.noAccess" : "sync.connection.none")}
                </Text>
              )}
              {links.map((link) => (
                <LinkRow key={link.system_id} link={link} name={nameOf(link.system_id)} />
              ))}
            </Stack>
            <Stack gap="xs" style={{ flex: "0 1 300px" }}>
              <Button
                leftSection={<IconSend size={18} aria-hidden="true" />}
                disabled={!canPublish}
                loading={publishState.fetching}
                onClick={() => {
                  setDialogAction("publish");
                  setConfirm("publish");
                }}
                data-testid={TESTIDS.sync.publish}
              >
                {t("syncPage.actions.publish")}
              </Button>
              <Text size="xs" c="dimmed">
                {t("syncPage.actions.publishHint")}
              </Text>
              <Button
                variant="default"
                leftSection={<IconCloudDownload size={18} aria-hidden="true" />}
                disabled={!canImport}
                loading={importState.fetching}
                onClick={() => {
                  setDialogAction("import");
                  setConfirm("import");
                }}
                data-testid={TESTIDS.sync.import}
              >
                {t("syncPage.actions.import")}
              </Button>
              <Text size="xs" c="dimmed">
                {t("syncPage.actions.importHint")}
              </Text>
            </Stack>
          </Group>
        </Paper>

        {(processing || followed !== null) && (
          <PublishProgress
            step={followed?.step ?? (isSendStep(view?.step) ? view.step : null)}
            progress={progress}
            result={processing ? null : (followed?.result ?? null)}
          />
        )}

        {notice?.kind === "imported" && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />} data-testid={TESTIDS.sync.result} data-kind="imported">
            {t("syncPage.result.imported", { count: notice.count })}
          </Alert>
        )}
        {notice?.kind === "published" && (
          <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden="true" />} data-testid={TESTIDS.sync.result} data-kind="published">
            {t("syncPage.result.published")}
          </Alert>
        )}
        {notice?.kind === "failed" && <SyncErrorAlert title={t("syncPage.result.failedTitle")} error={notice.error} entries={entries} />}
        {notice?.kind === "refused" && <SyncErrorAlert title={t("syncPage.result.refusedTitle")} error={notice.error} entries={entries} />}
        {storedError && (
          <SyncErrorAlert
            title={t("syncPage.result.lastFailedTitle")}
            error={storedError}
            entries={entries}
            onClose={() => setDismissed(view?.error ?? null)}
          />
        )}

        <Stack gap="sm" data-testid={TESTIDS.sync.changelog} data-count={entries.length}>
          <Group gap="sm">
            <Title order={2} size="h4">
              {t("syncPage.changelog.title")}
            </Title>
            {view && <Text c="dimmed">{t("syncPage.changelog.count", { count: entries.length })}</Text>}
          </Group>
          {loadError && !view && (
            <Alert color="red" variant="light" data-testid={TESTIDS.sync.loadError}>
              <Group justify="space-between">
                <Text size="sm">{t("syncPage.status.loadFailed")}</Text>
                <Button size="xs" variant="default" onClick={() => refetch({ requestPolicy: "network-only" })}>
                  {t("syncPage.status.retry")}
                </Button>
              </Group>
            </Alert>
          )}
          {!view && !loadError && <Loader size="sm" aria-label={t("syncPage.status.values.loading")} />}
          {view && entries.length === 0 && (
            <Paper withBorder radius="md" p="md" data-testid={TESTIDS.sync.empty}>
              <Group gap="xs">
                <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden="true" />
                <Text size="sm">{t("syncPage.changelog.empty")}</Text>
              </Group>
            </Paper>
          )}
          {entries.length > 0 && <ChangelogGroups groups={groups} total={entries.length} />}
        </Stack>
      </Stack>

      <ConfirmSyncDialog
        opened={confirm !== null}
        action={dialogAction}
        size={size}
        onConfirm={() => void apply(dialogAction)}
        onCancel={() => setConfirm(null)}
      />
    </Container>
  );
}
