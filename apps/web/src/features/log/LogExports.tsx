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
import { LOG_EXPORTS, START_LOG_EXPORT } from "./log.graphql";

const FORMATS = ["CSV", "XLSX", "PDF"] as const;
/** A running export's progress is read again this often. */
const POLL_MS = 2000;
const ACTIVE = new Set(["new", "running"]);

/**
 * The export of /log (docs/decisions/025-call-log-exports.md): a menu starts a background job for
 * the filter on screen; the user's jobs list their state, progress and, when done, the download.
 */
export function LogExports({ filter }: { filter: LogFilterState }): ReactNode {
  const { t } = useTranslation();
  const [{ data }, reexecute] = useQuery({ query: LOG_EXPORTS, requestPolicy: "cache-and-network" });
  const [started, start] = useMutation(START_LOG_EXPORT);
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
    const result = await start({ filter: filterToQuery(filter), format });
    if (!result.error) {
      setMessage("started");
      reexecute({ requestPolicy: "network-only" });
    }
  };
  const errors = validationFieldErrors(started.error);
  const firstError = Object.entries(errors)[0];
  const errorText = firstError ? translateFieldError(t, firstError[1], (name) => `log.fields.${name}`) : started.error ? t("log.export.startError") : null;

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
            <Group key={job.id} gap="sm" wrap="nowrap" data-testid={TESTIDS.log.exportJob} data-state={job.state}>
              <Text size="sm" miw={170}>
                {formatDateTime(job.created_at)} · {job.format}
              </Text>
              <Text size="sm" w={110}>
                {t(`log.export.states.${job.state}`, { defaultValue: job.state })}
              </Text>
              {ACTIVE.has(job.state) ? (
                <Progress value={job.progress ?? 0} animated={job.progress === null} w={120} />
              ) : (
                <Text size="sm" c="dimmed">
                  {t("log.export.rows", { count: job.row_count })}
                </Text>
              )}
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
