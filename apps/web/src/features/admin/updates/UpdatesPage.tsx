import { useEffect, useState, type ReactNode } from "react";
import { Alert, Badge, Button, Card, Center, FileButton, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconLock, IconRefresh, IconUpload } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission, UPDATE_PACKAGE_MAX_BYTES, updateProgress, type UpdateProgress, type UpdateState } from "@caresuite/domain";
import type { CombinedError } from "urql";
import type { TFunction } from "i18next";
import { validationFieldErrors } from "../../../api/errors";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { translateFieldError } from "../../../ui/field-error";
import { notify } from "../../../ui/notify";
import { INSTALL_UPDATE, UPDATE_STATUS_QUERY, UPLOAD_UPDATE_PACKAGE } from "./updates.graphql";
import { UPDATES_TESTIDS } from "./updates-testids";

/** How often the page asks while an update is in progress (the server is away for a while). */
const POLL_MS = 2_000;

const STATE_COLOURS: Record<UpdateState, string> = { available: "blue", in_progress: "yellow", done: "green", error: "red", timeout: "red" };

interface Status {
  running_version: string;
  state: UpdateState | null;
  slow: boolean;
  to_version: string | null;
  from_version: string | null;
  started_at: string | null;
  error: string | null;
  supervised: boolean;
}

/**
 * What to show of the last known status now: while the server restarts it cannot answer, so the
 * domain rule runs here on what it said last ("Restart slower than usual"; "update up to 5 min").
 */
function progressOf(status: Status, now: number): UpdateProgress | null {
  if (!status.state) return null;
  if (status.state !== "in_progress") return { state: status.state, slow: status.slow };
  const record = {
    state: status.state,
    to_version: status.to_version ?? "",
    from_version: status.from_version ?? "",
    started_at: status.started_at === null ? null : Date.parse(status.started_at),
    error: status.error,
  };
  return updateProgress(record, status.running_version, now);
}

/** The message of a refused upload or install: the server's key when it sent one, else its text. */
function refusalText(t: TFunction, error: CombinedError): string {
  const field = validationFieldErrors(error)["file"];
  if (field) return translateFieldError(t, field) ?? "";
  const reason = error.graphQLErrors[0]?.extensions["reason"];
  if (typeof reason === "string" && reason.startsWith("updates.")) return t(reason);
  return error.graphQLErrors[0]?.message ?? t("updates.uploadFailed");
}

function StatusCard({ status, progress, restarting }: { status: Status; progress: UpdateProgress | null; restarting: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Table variant="vertical" layout="fixed" withRowBorders={false}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={220}>{t("updates.runningVersion")}</Table.Th>
            <Table.Td data-testid={UPDATES_TESTIDS.runningVersion}>{status.running_version}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t("updates.packageVersion")}</Table.Th>
            <Table.Td data-testid={UPDATES_TESTIDS.packageVersion}>{status.to_version ?? t("updates.noPackage")}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>{t("updates.state")}</Table.Th>
            <Table.Td>
              {progress ? (
                <Badge color={STATE_COLOURS[progress.state]} variant="light" data-testid={UPDATES_TESTIDS.state} data-state={progress.state}>
                  {t(`updates.states.${progress.state}`)}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("updates.noUpdate")}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {progress?.state === "in_progress" && (
        <Text size="sm" mt="sm" role="status">
          {t(restarting ? "updates.restarting" : "updates.installing")}
        </Text>
      )}
      {progress?.slow && (
        <Alert mt="sm" color="yellow" icon={<IconAlertTriangle size={18} />} data-testid={UPDATES_TESTIDS.slow}>
          {t("updates.slow")}
        </Alert>
      )}
      {(progress?.state === "error" || progress?.state === "timeout") && (
        <Alert mt="sm" color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid={UPDATES_TESTIDS.failed}>
          {t(progress.state === "timeout" ? "updates.timed_out" : (status.error ?? "updates.start_failed"))} {t("updates.rolledBack")}
        </Alert>
      )}
    </Card>
  );
}

/** /admin/updates: upload a signed update package, install it (spec: "Update: available, in progress, done, error, timeout"). */
export function UpdatesPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const canWrite = hasWritePermission(appData.user, "admin::manage_system");
  const [{ data, error }, reexecute] = useQuery({ query: UPDATE_STATUS_QUERY, variables: {}, requestPolicy: "network-only" });
  const [{ fetching: uploading }, upload] = useMutation(UPLOAD_UPDATE_PACKAGE);
  const [{ fetching: installing }, install] = useMutation(INSTALL_UPDATE);
  const [known, setKnown] = useState<Status | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (data?.updateStatus) setKnown(data.updateStatus);
  }, [data]);
  const status = known;
  const progress = status ? progressOf(status, now) : null;
  const inProgress = progress?.state === "in_progress";

  // While in progress: ask again every few seconds; the answer comes from the new server once up.
  useEffect(() => {
    if (!inProgress) return undefined;
    const timer = setInterval(() => {
      setNow(Date.now());
      reexecute({ requestPolicy: "network-only" });
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [inProgress, reexecute]);

  const choose = async (file: File | null): Promise<void> => {
    if (!file) return;
    setRefusal(null);
    if (file.size > UPDATE_PACKAGE_MAX_BYTES) {
      setRefusal(t("updates.too_big", { max: `${UPDATE_PACKAGE_MAX_BYTES / (1024 * 1024)} MB` }));
      return;
    }
    const result = await upload({ file });
    if (result.error || !result.data?.uploadUpdatePackage) {
      setRefusal(result.error ? refusalText(t, result.error) : t("updates.uploadFailed"));
      return;
    }
    setKnown(result.data.uploadUpdatePackage);
    notify({
      type: "success",
      title: t("updates.uploadedTitle"),
      text: t("updates.uploadedText", { version: result.data.uploadUpdatePackage.to_version ?? "" }),
    });
  };

  const start = async (): Promise<void> => {
    setRefusal(null);
    const result = await install({});
    if (result.error || !result.data?.installUpdate) {
      setRefusal(result.error ? refusalText(t, result.error) : t("updates.uploadFailed"));
      return;
    }
    setNow(Date.now());
    setKnown(result.data.installUpdate);
  };

  const body = (): ReactNode => {
    if (!status && error) {
      return (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("updates.loadErrorTitle")} data-testid={UPDATES_TESTIDS.loadError}>
          <Button size="xs" variant="light" color="yellow" onClick={() => reexecute({ requestPolicy: "network-only" })}>
            {t("common.retry")}
          </Button>
        </Alert>
      );
    }
    if (!status) {
      return (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" aria-label={t("common.loading")} />
        </Center>
      );
    }
    return (
      <>
        <StatusCard status={status} progress={progress} restarting={inProgress && Boolean(error)} />
        {!canWrite ? (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t("updates.readOnly")}
          </Alert>
        ) : (
          <Group gap="sm">
            <FileButton
              onChange={(file) => void choose(file)}
              accept=".update,application/x-tar"
              disabled={inProgress}
              inputProps={{ "data-testid": UPDATES_TESTIDS.uploadInput } as Record<string, string>}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading} data-testid={UPDATES_TESTIDS.upload}>
                  {t("updates.upload")}
                </Button>
              )}
            </FileButton>
            {progress?.state === "available" && (
              <Button
                leftSection={<IconRefresh size={16} />}
                loading={installing}
                disabled={!status.supervised}
                onClick={() => void start()}
                data-testid={UPDATES_TESTIDS.install}
              >
                {t("updates.install", { version: status.to_version ?? "" })}
              </Button>
            )}
          </Group>
        )}
        {canWrite && progress?.state === "available" && !status.supervised && (
          <Text size="sm" c="dimmed">
            {t("updates.no_supervisor")}
          </Text>
        )}
        {refusal && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid={UPDATES_TESTIDS.error}>
            {refusal}
          </Alert>
        )}
      </>
    );
  };

  return (
    <Stack gap="md" data-testid={UPDATES_TESTIDS.page}>
      <Title order={2} size="h3">
        {t("updates.title")}
      </Title>
      <Text size="sm">{t("updates.intro")}</Text>
      {body()}
    </Stack>
  );
}
