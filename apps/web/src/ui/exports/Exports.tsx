import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Alert, Anchor, Button, Group, Menu, Progress, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useMutation, useQuery, type CombinedError } from "urql";
import type { VariablesOf } from "../../api/graphql";
import { validationFieldErrors } from "../../api/errors";
import { formatDateTime } from "../../i18n/format";
import * as TESTIDS from "../../testids";
import { translateFieldError } from "../field-error";
import { CANCEL_EXPORT, EXPORT_JOBS, RESTART_EXPORT, START_EXPORT } from "./exports.graphql";

export const EXPORT_FORMATS = ["CSV", "XLSX", "PDF"] as const;
export type ExportFormatName = (typeof EXPORT_FORMATS)[number];
/** spec data §3.1 "Export source: Calls, SystemTree". */
export type ExportSourceName = "Calls" | "SystemTree";
/** A running export's progress is read again this often. */
const POLL_MS = 2000;
const ACTIVE = new Set(["new", "running"]);
/** States the server starts again (restartExport). */
const RESTARTABLE = new Set(["canceled", "interrupted", "failed"]);
/** The newest jobs shown. */
const SHOWN = 5;

type Filter = VariablesOf<typeof START_EXPORT>["filter"];

export interface ExportsState {
  source: ExportSourceName;
  jobs: {
    id: number;
    format: string;
    state: string;
    progress: number | null;
    row_count: number;
    error: string | null;
    created_at: string;
    file_name: string | null;
  }[];
  starting: boolean;
  busy: boolean;
  /** "started" after a start, while a job of the source is new or running. */
  message: "started" | null;
  lastAction: "start" | "cancel" | "restart";
  actionError: CombinedError | undefined;
  start: (format: ExportFormatName) => Promise<void>;
  act: (action: "cancel" | "restart", id: number) => Promise<void>;
}

/**
 * A screen's exports (docs/decisions/025-call-log-exports.md, 037-system-tree-export.md): the
 * user's jobs of the source, polled while one runs; starting one (Calls with the filter on
 * screen), canceling and starting again.
 */
export function useExports(source: ExportSourceName, filter?: () => Filter, pause = false): ExportsState {
  const [{ data }, reexecute] = useQuery({ query: EXPORT_JOBS, variables: { source }, requestPolicy: "cache-and-network", pause });
  const [started, startMutation] = useMutation(START_EXPORT);
  const [canceled, cancel] = useMutation(CANCEL_EXPORT);
  const [restarted, restart] = useMutation(RESTART_EXPORT);
  /** The last action's error is shown; a new action clears the others'. */
  const [lastAction, setLastAction] = useState<"start" | "cancel" | "restart">("start");
  const [message, setMessage] = useState<"started" | null>(null);
  const jobs = (data?.exports ?? []).slice(0, SHOWN);
  const active = !pause && jobs.some((job) => ACTIVE.has(job.state));
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => reexecute({ requestPolicy: "network-only" }), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reexecute]);

  const start = useCallback(
    async (format: ExportFormatName): Promise<void> => {
      setMessage(null);
      setLastAction("start");
      const result = await startMutation({ source, filter: filter?.(), format });
      if (!result.error) {
        setMessage("started");
        reexecute({ requestPolicy: "network-only" });
      }
    },
    [source, filter, startMutation, reexecute],
  );
  const act = useCallback(
    async (action: "cancel" | "restart", id: number): Promise<void> => {
      setMessage(null);
      setLastAction(action);
      const result = await (action === "cancel" ? cancel({ id }) : restart({ id }));
      if (!result.error) reexecute({ requestPolicy: "network-only" });
    },
    [cancel, restart, reexecute],
  );
  return {
    source,
    jobs,
    starting: started.fetching,
    busy: canceled.fetching || restarted.fetching,
    message: active ? message : null,
    lastAction,
    actionError: { start: started.error, cancel: canceled.error, restart: restarted.error }[lastAction],
    start,
    act,
  };
}

/** The export button: a menu of the formats (under the hint, when given, of what is exported); each starts a background job. */
export function ExportMenu({ exports, hint }: { exports: ExportsState; hint?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Button variant="light" size="sm" loading={exports.starting} leftSection={<IconDownload size={16} aria-hidden />} data-testid={TESTIDS.exports.menu}>
          {t("exports.menu")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={320}>
        {hint ? <Menu.Label style={{ whiteSpace: "normal" }}>{hint}</Menu.Label> : null}
        {EXPORT_FORMATS.map((format) => (
          <Menu.Item key={format} onClick={() => void exports.start(format)} data-testid={TESTIDS.exports.format(format)}>
            {t(`exports.format.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * What became of the last action (started, or its error) and the user's newest jobs of the source:
 * state, progress, and when done the download; a running job can be canceled, a canceled,
 * interrupted or failed one started again. `fieldLabelKey` names a field of an error (the log's
 * filter fields).
 */
export function ExportJobs({
  exports,
  fieldLabelKey = (name) => `exports.fields.${name}`,
}: {
  exports: ExportsState;
  fieldLabelKey?: (name: string) => string;
}): ReactNode {
  const { t } = useTranslation();
  const { jobs, actionError, lastAction, busy, source } = exports;
  const firstError = Object.entries(validationFieldErrors(actionError))[0];
  const errorText = firstError
    ? translateFieldError(t, firstError[1], fieldLabelKey)
    : actionError
      ? t(lastAction === "start" ? "exports.startError" : "exports.actionError")
      : null;
  if (jobs.length === 0 && !errorText && !exports.message) return null;
  const rows = (count: number): string => t(`exports.rows.${source}`, { count });

  return (
    <Stack gap="xs">
      {exports.message && !errorText ? (
        <Text size="sm" c="dimmed">
          {t("exports.started")}
        </Text>
      ) : null}
      {errorText ? (
        <Alert color="red" variant="light">
          {errorText}
        </Alert>
      ) : null}
      {jobs.length > 0 ? (
        <Stack gap={4} aria-label={t("exports.jobs")}>
          {jobs.map((job) => (
            <Group
              key={job.id}
              gap="sm"
              wrap="wrap"
              data-testid={TESTIDS.exports.job}
              data-id={job.id}
              data-source={source}
              data-state={job.state}
              data-format={job.format}
            >
              <Text size="sm" miw={190}>
                {formatDateTime(job.created_at)} · {job.format}
              </Text>
              <Text size="sm" w={110}>
                {t(`exports.states.${job.state}`, { defaultValue: job.state })}
              </Text>
              {ACTIVE.has(job.state) && job.progress !== null ? (
                <Group gap={6} wrap="nowrap">
                  <Progress value={job.progress} w={120} aria-label={t("exports.progress", { percent: job.progress })} />
                  <Text size="sm" c="dimmed">
                    {job.progress} %
                  </Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed" miw={ACTIVE.has(job.state) ? 120 : undefined}>
                  {rows(job.row_count)}
                </Text>
              )}
              {ACTIVE.has(job.state) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  disabled={busy}
                  onClick={() => void exports.act("cancel", job.id)}
                  data-testid={TESTIDS.exports.cancel}
                >
                  {t("exports.cancel")}
                </Button>
              ) : null}
              {RESTARTABLE.has(job.state) ? (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  disabled={busy}
                  onClick={() => void exports.act("restart", job.id)}
                  data-testid={TESTIDS.exports.restart}
                >
                  {t("exports.restart")}
                </Button>
              ) : null}
              {job.state === "done" && job.file_name ? (
                <Anchor size="sm" href={`/backend/exports/${job.id}/download`} download={job.file_name}>
                  {t("exports.download")}
                </Anchor>
              ) : null}
              {job.error ? (
                <Text size="sm" c="red">
                  {job.error === "validation.max_rows_exceeded" ? t(`exports.tooManyRows.${source}`) : t("exports.failed")}
                </Text>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
