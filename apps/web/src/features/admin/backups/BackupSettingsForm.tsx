import { useState, type FormEvent, type ReactNode } from "react";
import { Button, Fieldset, Group, NumberInput, Stack, Switch, TextInput } from "@mantine/core";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { BACKUP_RETENTION_MAX, backupSettingsSchema, fieldErrors, type BackupSettingsInput } from "@caresuite/domain";
import { firstFieldErrors, type FieldError } from "../../../api/errors";
import { FailureAlert } from "../../../entity-admin/FormAlerts";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import { translateFieldError } from "../../../ui/field-error";
import { BACKUPS_TESTIDS } from "./backups-testids";
import { UPDATE_BACKUP_SETTINGS } from "./backups.graphql";

const FIELDS = new Set(["enabled", "time", "retention"]);
const labelKey = (field: string): string => `backups.fields.${field}`;

/** The client check: the server's schema (packages/domain backups.ts). */
export function backupSettingsErrors(input: BackupSettingsInput): Record<string, FieldError> {
  const parsed = backupSettingsSchema.safeParse(input);
  return parsed.success ? {} : firstFieldErrors(fieldErrors(parsed.error));
}

/** The nightly backup: on/off, its time (the site's zone) and how many good backups stay. */
export function BackupSettingsForm({ stored, canWrite }: { stored: BackupSettingsInput; canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const [values, setValues] = useState<BackupSettingsInput>(stored);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: FIELDS });
  const [{ fetching }, save] = useMutation(UPDATE_BACKUP_SETTINGS);
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!check(backupSettingsErrors(values))) return;
    const result = await save({ data: values });
    const saved = result.data?.updateBackupSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("backups.savedTitle"), text: t("backups.savedText") }))) return;
    setValues(saved);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Fieldset legend={t("backups.settingsTitle")} disabled={!canWrite}>
        <Stack gap="sm">
          <Switch
            label={t("backups.fields.enabled")}
            checked={values.enabled}
            onChange={(event) => {
              // Read now: React clears currentTarget before a deferred updater runs.
              const enabled = event.currentTarget.checked;
              setValues((v) => ({ ...v, enabled }));
            }}
            data-testid={BACKUPS_TESTIDS.field("enabled")}
          />
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label={t("backups.fields.time")}
              description={t("backups.timeHint")}
              value={values.time}
              error={errorOf("time")}
              onChange={(event) => {
                const time = event.currentTarget.value;
                setValues((v) => ({ ...v, time }));
              }}
              data-testid={BACKUPS_TESTIDS.field("time")}
            />
            <NumberInput
              label={t("backups.fields.retention")}
              description={t("backups.retentionHint")}
              min={1}
              max={BACKUP_RETENTION_MAX}
              allowDecimal={false}
              value={values.retention}
              error={errorOf("retention")}
              onChange={(value) => setValues((v) => ({ ...v, retention: typeof value === "number" ? value : Number(value) }))}
              data-testid={BACKUPS_TESTIDS.field("retention")}
            />
          </Group>
          {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
          {canWrite && (
            <Group justify="flex-end">
              <Button type="submit" loading={fetching} data-testid={BACKUPS_TESTIDS.settingsSave}>
                {t("common.save")}
              </Button>
            </Group>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
