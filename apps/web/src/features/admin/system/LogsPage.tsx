import { useEffect, useRef, useState, type ReactNode } from "react";
import { Alert, Badge, Box, Button, Center, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { IconAlertTriangle, IconDownload, IconSearch } from "@tabler/icons-react";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { LOG_LEVELS } from "@caresuite/domain";
import { formatDateTime, formatFileSize, formatTime } from "../../../i18n/format";
import { SYSTEM_TESTIDS } from "./system-testids";
import { LOG_FILE_LINES_QUERY, LOG_FILES_QUERY } from "./system.graphql";

/** How often a followed file is read again. */
const FOLLOW_MS = 2000;
const LIMIT = 500;
const LEVEL_COLORS: Record<string, string> = { trace: "gray", debug: "gray", info: "blue", warn: "orange", error: "red", fatal: "red" };

function LogLines({ name, level, text, follow }: { name: string; level: string | null; text: string; follow: boolean }): ReactNode {
  const { t } = useTranslation();
  const [{ data, error }, reexecute] = useQuery({
    query: LOG_FILE_LINES_QUERY,
    variables: { name, level, text, limit: LIMIT },
    requestPolicy: "network-only",
  });
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!follow) return undefined;
    const timer = setInterval(() => reexecute({ requestPolicy: "network-only" }), FOLLOW_MS);
    return () => clearInterval(timer);
  }, [follow, reexecute]);
  const read = data?.logFileLines;
  useEffect(() => {
    if (follow && box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [follow, read]);

  if (!read && error) {
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("systemOps.loadErrorTitle")}>
        <Text size="sm">{t("systemOps.loadErrorText")}</Text>
      </Alert>
    );
  }
  if (!read) {
    return (
      <Center mih={160} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }
  return (
    <Stack gap="xs">
      {read.truncated && (
        <Text size="xs" c="dimmed">
          {t("systemOps.logs.truncated", { count: LIMIT })}
        </Text>
      )}
      <Box
        ref={box}
        role="log"
        aria-live={follow ? "polite" : "off"}
        aria-label={t("systemOps.logs.linesLabel")}
        tabIndex={0}
        data-testid={SYSTEM_TESTIDS.logLines}
        data-count={read.lines.length}
        style={{ maxHeight: "60vh", overflow: "auto", fontFamily: "var(--mantine-font-family-monospace)", fontSize: "var(--mantine-font-size-xs)" }}
      >
        {read.lines.length === 0 ? (
          <Text size="sm" p="sm">
            {t("systemOps.logs.empty")}
          </Text>
        ) : (
          read.lines.map((line) => (
            <Group
              key={line.n}
              gap={8}
              wrap="nowrap"
              align="flex-start"
              py={2}
              px={4}
              style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
              data-level={line.level ?? ""}
            >
              <Text
                component="span"
                size="xs"
                c="dimmed"
                style={{ whiteSpace: "nowrap" }}
                title={line.time ? formatDateTime(line.time, { seconds: true }) : undefined}
              >
                {line.time ? formatTime(line.time, { seconds: true }) : ""}
              </Text>
              {line.level && (
                <Badge size="xs" variant="light" color={LEVEL_COLORS[line.level] ?? "gray"} style={{ flexShrink: 0 }}>
                  {t(`systemOps.logs.levels.${line.level}`)}
                </Badge>
              )}
              <Text component="span" size="xs" style={{ wordBreak: "break-word" }} title={line.raw}>
                {line.msg || line.raw}
                {line.context && (
                  <Text component="span" size="xs" c="dimmed">
                    {` · ${line.context}`}
                  </Text>
                )}
              </Text>
            </Group>
          ))
        )}
      </Box>
    </Stack>
  );
}

/**
 * /admin/logs (route table: admin::manage_system and the management licence): the server's
 * rotated log files, read with a level and a text filter, followed live, downloaded
 * (docs/decisions/044-cleanup-logs-maintenance.md).
 */
export function LogsPage(): ReactNode {
  const { t } = useTranslation();
  const [{ data, error }] = useQuery({ query: LOG_FILES_QUERY, variables: {}, requestPolicy: "network-only" });
  const files = data?.logFiles;
  const [chosen, setChosen] = useState<string | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [text, setText] = useState("");
  const [debounced] = useDebouncedValue(text, 300);
  const [follow, setFollow] = useState(false);
  const name = chosen ?? files?.[0]?.name ?? null;

  let body: ReactNode;
  if (!files && error) {
    body = (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("systemOps.loadErrorTitle")}>
        <Text size="sm">{t("systemOps.loadErrorText")}</Text>
      </Alert>
    );
  } else if (!files) {
    body = (
      <Center mih={160} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  } else if (!name) {
    body = <Text size="sm">{t("systemOps.logs.noFiles")}</Text>;
  } else {
    body = (
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label={t("systemOps.logs.file")}
              data={files.map((file) => ({
                value: file.name,
                label: t("systemOps.logs.fileOption", { name: file.name, size: formatFileSize(file.size), time: formatDateTime(file.modified_at) }),
              }))}
              value={name}
              onChange={(value) => setChosen(value)}
              allowDeselect={false}
              w={{ base: "100%", sm: 320 }}
              data-testid={SYSTEM_TESTIDS.logFile}
            />
            <Select
              label={t("systemOps.logs.level")}
              data={[
                { value: "", label: t("systemOps.logs.levelAll") },
                ...Object.keys(LOG_LEVELS).map((value) => ({ value, label: t(`systemOps.logs.levels.${value}`) })),
              ]}
              value={level ?? ""}
              onChange={(value) => setLevel(value ? value : null)}
              allowDeselect={false}
              w={{ base: "100%", sm: 180 }}
              data-testid={SYSTEM_TESTIDS.logLevel}
            />
            <TextInput
              label={t("systemOps.logs.text")}
              leftSection={<IconSearch size={14} />}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              maxLength={200}
              w={{ base: "100%", sm: 240 }}
              data-testid={SYSTEM_TESTIDS.logText}
            />
            <Switch
              label={t("systemOps.logs.follow")}
              checked={follow}
              onChange={(event) => setFollow(event.currentTarget.checked)}
              mb={8}
              data-testid={SYSTEM_TESTIDS.logFollow}
            />
            <Button
              component="a"
              href={`/backend/logs/${encodeURIComponent(name)}/download`}
              download={name}
              variant="light"
              leftSection={<IconDownload size={16} />}
              ml={{ base: 0, sm: "auto" }}
              data-testid={SYSTEM_TESTIDS.logDownload}
            >
              {t("systemOps.logs.download")}
            </Button>
          </Group>
        </Paper>
        <LogLines name={name} level={level} text={debounced} follow={follow} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" data-testid={SYSTEM_TESTIDS.logs}>
      <Title order={2} size="h3">
        {t("systemOps.logs.title")}
      </Title>
      {body}
    </Stack>
  );
}
