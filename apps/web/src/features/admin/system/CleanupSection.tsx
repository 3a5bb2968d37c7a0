import { useState, type ReactNode } from "react";
import { Alert, Button, Checkbox, Group, List, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconAlertCircle, IconEraser, IconSearch } from "@tabler/icons-react";
import { DateInput, DatesProvider } from "@mantine/dates";
import "@mantine/dates/styles.css";
// The picker's month and day names; English is dayjs's own.
import "dayjs/locale/de";
import "dayjs/locale/fr";
import "dayjs/locale/it";
import { useClient, useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { cleanupPhrase, WEEK_STARTS_ON } from "@caresuite/domain";
import { validationFieldErrors } from "../../../api/errors";
import { translateFieldError } from "../../../ui/field-error";
import { notify } from "../../../ui/notify";
import { CLEANUP_DATE_FORMAT, defaultCutoff, localDay, parseTypedDay, startOfLocalDay, type CleanupKinds } from "./cleanup-form";
import { SYSTEM_TESTIDS } from "./system-testids";
import { CLEANUP_MUTATION, CLEANUP_PREVIEW_QUERY } from "./system.graphql";

interface Counts {
  calls: number;
  audit_logs: number;
  exports: number;
}

const KINDS = ["calls", "audit", "exports"] as const;

/**
 * The cleanup (spec data §5 "Cleanup requires typing a confirmation phrase"): a date and what to
 * delete; a dry run shows the counts first; only then the phrase of the user's language unlocks
 * the deletion, which the server checks again (a mistyped phrase deletes nothing).
 */
export function CleanupSection(): ReactNode {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [day, setDay] = useState(() => defaultCutoff(new Date()));
  const [kinds, setKinds] = useState<CleanupKinds>({ calls: true, audit: true, exports: true });
  const [preview, setPreview] = useState<Counts | null>(null);
  const [counting, setCounting] = useState(false);
  const [phrase, setPhrase] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [{ fetching }, cleanup] = useMutation(CLEANUP_MUTATION);
  const expected = cleanupPhrase(i18n.language);

  const labelKey = (field: string): string =>
    field === "before" ? "systemOps.cleanup.before" : field === "confirmation" ? "systemOps.cleanup.run" : `systemOps.cleanup.${field}`;
  const showErrors = (error: Parameters<typeof validationFieldErrors>[0]): boolean => {
    const fields = validationFieldErrors(error);
    const names = Object.keys(fields);
    setErrors(Object.fromEntries(names.map((name) => [name, translateFieldError(t, fields[name], labelKey)])));
    return names.length > 0;
  };
  const reset = (): void => {
    setPreview(null);
    setPhrase("");
    setErrors({});
  };

  const scope = (): ({ before: number } & CleanupKinds) | null => {
    const before = startOfLocalDay(day);
    if (before === null) {
      setErrors({ before: t("validation.required", { field: t("systemOps.cleanup.before") }) });
      return null;
    }
    return { before, ...kinds };
  };

  const dryRun = async (): Promise<void> => {
    const data = scope();
    if (!data) return;
    setCounting(true);
    const result = await client.query(CLEANUP_PREVIEW_QUERY, { data }, { requestPolicy: "network-only" }).toPromise();
    setCounting(false);
    setPhrase("");
    if (result.data?.cleanupPreview) {
      setErrors({});
      setPreview(result.data.cleanupPreview);
    } else if (!showErrors(result.error)) {
      notify({ type: "error", title: t("systemOps.failedTitle"), text: t("systemOps.loadErrorText") });
    }
  };

  const run = async (): Promise<void> => {
    const data = scope();
    if (!data) return;
    const result = await cleanup({ data: { ...data, confirmation: phrase } });
    const done = result.data?.cleanup;
    if (!done) {
      if (!showErrors(result.error)) notify({ type: "error", title: t("systemOps.failedTitle"), text: t("systemOps.loadErrorText") });
      return;
    }
    notify({
      type: "success",
      title: t("systemOps.cleanup.doneTitle"),
      text: t("systemOps.cleanup.doneText", { calls: done.calls, audit: done.audit_logs, exports: done.exports }),
    });
    reset();
  };

  const otherError = errors["calls"] ?? errors["audit"] ?? errors["exports"];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="cleanup-title" data-testid={SYSTEM_TESTIDS.cleanup}>
      <Stack gap="sm">
        <Title order={3} size="h4" id="cleanup-title">
          {t("systemOps.cleanup.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("systemOps.cleanup.intro")}
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {/* The UI kit's picker speaks the spec's dd.MM.yyyy in every language (the browser's date input follows the browser's). */}
          <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: WEEK_STARTS_ON }}>
            <DateInput
              label={t("systemOps.cleanup.before")}
              value={day === "" ? null : day}
              valueFormat={CLEANUP_DATE_FORMAT}
              dateParser={parseTypedDay}
              maxDate={localDay(new Date())}
              onChange={(next) => {
                setDay(next ?? "");
                reset();
              }}
              error={errors["before"]}
              w={200}
              data-testid={SYSTEM_TESTIDS.cleanupBefore}
            />
          </DatesProvider>
          <Checkbox.Group
            label={t("systemOps.cleanup.kinds")}
            error={otherError}
            value={KINDS.filter((kind) => kinds[kind])}
            onChange={(chosen) => {
              setKinds({ calls: chosen.includes("calls"), audit: chosen.includes("audit"), exports: chosen.includes("exports") });
              reset();
            }}
          >
            <Stack gap={6} mt={6}>
              {KINDS.map((kind) => (
                <Checkbox key={kind} value={kind} label={t(`systemOps.cleanup.${kind}`)} data-testid={SYSTEM_TESTIDS.cleanupKind(kind)} />
              ))}
            </Stack>
          </Checkbox.Group>
        </Group>
        <Group>
          <Button
            variant="light"
            leftSection={<IconSearch size={16} />}
            loading={counting}
            onClick={() => void dryRun()}
            data-testid={SYSTEM_TESTIDS.cleanupDryRun}
          >
            {t("systemOps.cleanup.dryRun")}
          </Button>
        </Group>
        {preview && (
          <Alert
            color="orange"
            icon={<IconAlertCircle size={18} />}
            title={t("systemOps.cleanup.countsTitle")}
            role="status"
            data-testid={SYSTEM_TESTIDS.cleanupCounts}
          >
            <List size="sm" spacing={2}>
              {kinds.calls && (
                <List.Item data-testid={SYSTEM_TESTIDS.cleanupCount("calls")}>{t("systemOps.cleanup.countCalls", { count: preview.calls })}</List.Item>
              )}
              {kinds.audit && (
                <List.Item data-testid={SYSTEM_TESTIDS.cleanupCount("audit")}>{t("systemOps.cleanup.countAudit", { count: preview.audit_logs })}</List.Item>
              )}
              {kinds.exports && (
                <List.Item data-testid={SYSTEM_TESTIDS.cleanupCount("exports")}>{t("systemOps.cleanup.countExports", { count: preview.exports })}</List.Item>
              )}
            </List>
          </Alert>
        )}
        {preview && (
          <Stack gap="xs">
            <TextInput
              label={t("systemOps.cleanup.phraseLabel", { phrase: expected })}
              description={t("systemOps.cleanup.phraseHelp")}
              value={phrase}
              onChange={(event) => setPhrase(event.currentTarget.value)}
              error={errors["confirmation"] && <span data-testid={SYSTEM_TESTIDS.cleanupError}>{errors["confirmation"]}</span>}
              autoComplete="off"
              spellCheck={false}
              maw={420}
              data-testid={SYSTEM_TESTIDS.cleanupPhrase}
            />
            <Group>
              <Button
                color="red"
                leftSection={<IconEraser size={16} />}
                loading={fetching}
                disabled={phrase === ""}
                onClick={() => void run()}
                data-testid={SYSTEM_TESTIDS.cleanupRun}
              >
                {t("systemOps.cleanup.run")}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
