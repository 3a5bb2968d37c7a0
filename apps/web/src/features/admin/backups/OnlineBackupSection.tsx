import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Badge, Button, Fieldset, Group, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import type { OnlineBackupSettingsInput } from "@caresuite/domain";
import { FailureAlert } from "../../../entity-admin/FormAlerts";
import { mutationFailure } from "../../../entity-admin/entity-errors";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import { formatDateTime } from "../../../i18n/format";
import { translateFieldError } from "../../../ui/field-error";
import { BACKUPS_TESTIDS } from "./backups-testids";
import {
  ONLINE_BACKUP_FIELDS,
  onlineBackupErrors,
  onlineBackupFailureKey,
  onlineBackupStateKey,
  onlineBackupValues,
  refusedOffLocalhost,
} from "./online-backup-form";
import { ONLINE_BACKUP_QUERY, UPDATE_ONLINE_BACKUP } from "./online-backup.graphql";
import { useOnlineBackupPushes } from "./online-backup-pushes";

const labelKey = (field: string): string => `backups.online.fields.${field}`;
const STATE_COLORS: Record<string, string> = { enabled: "green", disabled: "gray", in_progress: "blue", error: "red", unconfigured: "yellow" };

/** Online backup over SFTP on /admin/backups (docs/decisions/045-online-backup.md): settings, state, last result. */
export function OnlineBackupSection({ canWrite }: { canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const [{ data }, reexecute] = useQuery({ query: ONLINE_BACKUP_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  // A pushed result or token change (spec §7) reloads the state shown.
  const { count } = useOnlineBackupPushes();
  useEffect(() => {
    if (count > 0) reexecute({ requestPolicy: "network-only" });
  }, [count, reexecute]);
  const stored = data?.onlineBackupSettings;
  const status = data?.onlineBackupStatus;
  if (!stored || !status) return null;
  return (
    <Fieldset legend={t("backups.online.title")} data-testid={BACKUPS_TESTIDS.online}>
      <Stack gap="sm">
        <Group gap="sm">
          <Badge color={STATE_COLORS[status.state] ?? "gray"} variant="light" data-testid={BACKUPS_TESTIDS.onlineState}>
            {t(onlineBackupStateKey(status.state))}
          </Badge>
          {status.last_at && status.last_name && (
            <Text size="sm" c={status.last_ok ? "dimmed" : "red.8"}>
              {status.last_ok
                ? t("backups.online.lastOk", { name: status.last_name, at: formatDateTime(status.last_at) })
                : t("backups.online.lastFailed", {
                    name: status.last_name,
                    at: formatDateTime(status.last_at),
                    reason: t(onlineBackupFailureKey(status.error)),
                  })}
            </Text>
          )}
        </Group>
        <OnlineBackupForm
          key={`${stored.path}|${stored.has_token}`}
          stored={stored}
          canWrite={canWrite}
          onSaved={() => reexecute({ requestPolicy: "network-only" })}
        />
      </Stack>
    </Fieldset>
  );
}

function OnlineBackupForm({
  stored,
  canWrite,
  onSaved,
}: {
  stored: Parameters<typeof onlineBackupValues>[0];
  canWrite: boolean;
  onSaved: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const [values, setValues] = useState<OnlineBackupSettingsInput>(onlineBackupValues(stored));
  const [hasToken, setHasToken] = useState(stored.has_token);
  const { errors, failure, check, succeeded } = useFormMutation({
    fields: ONLINE_BACKUP_FIELDS,
    failureOf: (error, action) =>
      refusedOffLocalhost(error)
        ? { titleKey: "backups.online.localhostTitle", textKey: "backups.online.localhostText", fieldErrors: {}, otherErrors: {} }
        : mutationFailure(error, action, ONLINE_BACKUP_FIELDS),
  });
  const [{ fetching }, save] = useMutation(UPDATE_ONLINE_BACKUP);
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!check(onlineBackupErrors(values))) return;
    const result = await save({ data: values });
    const saved = result.data?.updateOnlineBackupSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("backups.savedTitle"), text: t("backups.online.savedText") }))) return;
    setValues(onlineBackupValues(saved));
    setHasToken(saved.has_token);
    onSaved();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("backups.online.localhostHint")}
        </Text>
        <Switch
          label={t("backups.online.fields.enabled")}
          checked={values.enabled}
          disabled={!canWrite}
          onChange={(event) => setValues((v) => ({ ...v, enabled: event.currentTarget.checked }))}
          data-testid={BACKUPS_TESTIDS.field("online.enabled")}
        />
        <TextInput
          label={t("backups.online.fields.path")}
          description={t("backups.online.pathHint")}
          placeholder="sftp://backup@nas.example.com:22/caresuite"
          value={values.path}
          disabled={!canWrite}
          error={errorOf("path")}
          onChange={(event) => setValues((v) => ({ ...v, path: event.currentTarget.value }))}
          data-testid={BACKUPS_TESTIDS.field("online.path")}
        />
        <TextInput
          label={t("backups.online.fields.host_key_fingerprint")}
          description={t("backups.online.fingerprintHint")}
          placeholder="SHA256:…"
          value={values.host_key_fingerprint}
          disabled={!canWrite}
          error={errorOf("host_key_fingerprint")}
          onChange={(event) => setValues((v) => ({ ...v, host_key_fingerprint: event.currentTarget.value }))}
          data-testid={BACKUPS_TESTIDS.field("online.host_key_fingerprint")}
        />
        <Textarea
          label={t("backups.online.fields.token")}
          description={t(hasToken ? "backups.online.tokenStored" : "backups.online.tokenHint")}
          autosize
          minRows={2}
          maxRows={8}
          autoComplete="off"
          spellCheck={false}
          value={values.token}
          disabled={!canWrite}
          error={errorOf("token")}
          onChange={(event) => setValues((v) => ({ ...v, token: event.currentTarget.value }))}
          data-testid={BACKUPS_TESTIDS.field("online.token")}
        />
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" loading={fetching} data-testid={BACKUPS_TESTIDS.onlineSave}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
