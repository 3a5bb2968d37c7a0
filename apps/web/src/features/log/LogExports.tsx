import { useEffect, useState, type ReactNode } from "react";
import { Alert, Anchor, Button, Group, Menu, Progress, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery } from "urql";
import { validationFieldErrors } from "../../api/errors";
import { formatDateTime } from "../../i18n/format";
import { TESTIDS } from "../../testids";
import { translateFieldError } from "../../ui/field-error";
import { filterToQuery, type LogFilterState } from "./log-filter";
import { CANCEL_LOG_EXPORT, LOG_EXPORTS, RESTART_LOG_EXPORT, START_LOG_EXPORT } from "./log.graphql";

const FORMATS = ["CSV", "XLSX", "PDF"] as const;
/** A running export's progress is read again this often. */
const POLL_MS = 2000;
const ACTIVE = new Set(["new", "running"]);
/** States the server starts again (restartExport). */
const RESTARTABLE = new Set(["canceled", "interrupted", "failed"]);

/**
 * The export of /log (docs/decisions/025-call-log-exports.md): a menu starts a background job for
 * the filter on screen; the user's jobs list their state, progress and, when done, the download. A
 * running job can be canceled, a canceled, interrupted or failed one started again.
 */
export function LogExports({ filter }: { filter: LogFilterState }): ReactNode {
  const { t } = useTranslation();
  const [{ data }, reexecute] = useQuery({ query: LOG_EXPORTS, requestPolicy: "cache-and-network" });
  const [started, start] = useMutation(START_LOG_EXPORT);
  const [canceled, cancel] = useMutation(CANCEL_LOG_EXPORT);
  const [restarted, restart] = useMutation(RESTART_LOG_EXPORT);
  /** The last action's error is shown; a new action clears the others'. */
  const [lastAction, setLastAction] = useState<"start" | "cancel" | "restart">("start");
  const [message, setMessage] = useState<"started" | null>(null);
  const jobs = (data?.exports ?? []).slice(0, 5);
  const active = jobs.some((job) => ACTIVE.has(job.state));
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => reexecute({ requestPolicy: "network-only" }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reexecute]);

  const onStart = async (format: (typeof FORMATS)[number]): Promise<void> => {
    setMessage(null);
    setLastAction("start");
    const result = await start({ filter: filterToQuery(filter), format });
    if (!result.error) {
      setMessage("started");
      reexecute({ requestPolicy: "network-only" });
    }
  };
  const onJob = async (action: "cancel" | "restart", id: number): Promise<void> => {
    setMessage(null);
    setLastAction(action);
    const result = await (action === "cancel" ? cancel({ id }) : restart({ id }));
    if (!result.error) reexecute({ requestPolicy: "network-only" });
  };
  const actionError = { start: started.error, cancel: canceled.error, restart: restarted.error }[lastAction];
  const errors = validationFieldErrors(actionError);
  const firstError = Object.entries(errors)[0];
  const errorText = firstError
    ? translateFieldError(t, firstError[1], (name) => `log.fields.${name}`)
    : actionError
      ? t(lastAction === "start" ? "log.export.startError" : "log.export.actionError")
      : null;
  const busy = canceled.fetching || restarted.fetching;

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="light" loading={started.fetching} leftSection={<IconDownload size={16} />} data-testid={TESTIDS.log.exportMenu}>
              {t("log.export.menu")}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {FORMATS.map((format) => (
              <Menu.Item key={format} onClick={() => void onStart(format)} data-testid={TESTIDS.log.exportFormat(format)}>
                {t(`log.export.format.${format}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        {message && !errorText ? (
          <Text size="sm" c="dimmed">
            {t("log.export.started")}
          </Text>
        ) : null}
      </Group>
      {errorText ? (
        <Alert color="red" variant="light">
          {errorText}
        </Alert>
      ) : null}
      {jobs.length > 0 ? (
        <Stack gap={4} aria-label={t("log.export.jobs")}>
          {jobs.map((job) => (
            <Group key={job.id} gap="sm" wrap="nowrap" data-testid={TESTIDS.log.exportJob} data-id={job.id} data-state={job.state} data-format={job.format}>
              <Text size="sm" miw={170}>
                {formatDateTime(job.created_at)} · {job.format}
              </Text>
              <Text size="sm" w={110}>
                {t(`log.export.states.${job.state}`, { defaultValue: job.state })}
              </Text>
              {ACTIVE.has(job.state) ? (
                job.progress === null ? (
                  <Text size="sm" c="dimmed" w={120}>
                    {t("log.export.rows", { count: job.row_count })}
                  </Text>
                ) : (
                  <Group gap={6} wrap="nowrap">
                    <Progress value={job.progress} w={120} aria-label={t("log.export.progress", { percent: job.progress })} />
                    <Text size="sm" c="dimmed">
                      {job.progress} %
                    </Text>
                  </Group>
                )
              ) : (
                <Text size="sm" c="dimmed">
                  {t("log.export.rows", { count: job.row_count })}
                </Text>
              )}
              {ACTIVE.has(job.state) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  onClick={() => void onJob("cancel", job.id)}
                  data-testid={TESTIDS.log.exportCancel}
                >
                  {t("log.export.cancel")}
                </Button>
              ) : null}
              {RESTARTABLE.has(job.state) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  disabled={busy}
                  onClick={() => void onJob("restart", job.id)}
                  data-testid={TESTIDS.log.exportRestart}
                >
                  {t("log.export.restart")}
                </Button>
              ) : null}
              {job.state === "done" && job.file_name ? (
                <Anchor size="sm" href={`/backend/exports/${job.id}/download`} download={job.file_name}>
                  {t("log.export.download")}
                </Anchor>
              ) : null}
              {job.error ? (
                <Text size="sm" c="red">
                  {job.error === "validation.max_rows_exceeded" ? t("log.export.tooManyRows") : t("log.export.failed")}
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
