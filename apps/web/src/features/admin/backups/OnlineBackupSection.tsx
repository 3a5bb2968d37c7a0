import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Alert, Badge, Button, Fieldset, Group, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { IconAlertCircle, IconKey } from "@tabler/icons-react";
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
  onlineBackupScanErrors,
  onlineBackupStateKey,
  onlineBackupValues,
  refusedOffLocalhost,
} from "./online-backup-form";
import { ONLINE_BACKUP_QUERY, SCAN_ONLINE_BACKUP_HOST_KEY, UPDATE_ONLINE_BACKUP } from "./online-backup.graphql";
import { useOnlineBackupPushes } from "./online-backup-pushes";
import { ReadHostKeyButton } from "../../../ui/ReadHostKeyButton";

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
  const [{ fetching: scanning }, scan] = useMutation(SCAN_ONLINE_BACKUP_HOST_KEY);
  /** The outcome of "Read key": read (compare, then save) or why not. */
  const [scanned, setScanned] = useState<{ ok: true } | { ok: false; text: string } | null>(null);
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

  const readHostKey = async (): Promise<void> => {
    setScanned(null);
    if (!check(onlineBackupScanErrors(values))) return;
    const result = await scan({ data: { path: values.path } });
    const answer = result.data?.scanOnlineBackupHostKey;
    // Refusals as for saving: a bad path on its field, "only on this machine" in the callout.
    if (!succeeded("save", result.error, answer)) return;
    const fingerprint = answer.fingerprint;
    if (fingerprint) {
      setValues((v) => ({ ...v, host_key_fingerprint: fingerprint }));
      setScanned({ ok: true });
    } else setScanned({ ok: false, text: t("backups.online.scanFailed", { reason: t(onlineBackupFailureKey(answer.failure)) }) });
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
          onChange={(event) => {
            // Read now: React clears currentTarget before a deferred updater runs.
            const enabled = event.currentTarget.checked;
            setValues((v) => ({ ...v, enabled }));
          }}
          data-testid={BACKUPS_TESTIDS.field("online.enabled")}
        />
        <TextInput
          label={t("backups.online.fields.path")}
          description={t("backups.online.pathHint")}
          placeholder="sftp://backup@nas.example.com:22/caresuite"
          value={values.path}
          disabled={!canWrite}
          error={errorOf("path")}
          onChange={(event) => {
            // Read now: React clears currentTarget before a deferred updater runs.
            const path = event.currentTarget.value;
            setValues((v) => ({ ...v, path }));
            // What was read belongs to the address it was read from.
            setScanned(null);
          }}
          data-testid={BACKUPS_TESTIDS.field("online.path")}
        />
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t("backups.online.fields.host_key_fingerprint")}
            description={t("backups.online.fingerprintHint")}
            placeholder="SHA256:…"
            value={values.host_key_fingerprint}
            disabled={!canWrite}
            error={errorOf("host_key_fingerprint")}
            onChange={(event) => {
              // Read now: React clears currentTarget before a deferred updater runs.
              const host_key_fingerprint = event.currentTarget.value;
              setValues((v) => ({ ...v, host_key_fingerprint }));
            }}
            data-testid={BACKUPS_TESTIDS.field("online.host_key_fingerprint")}
          />
          {canWrite && (
            <ReadHostKeyButton label={t("backups.online.scan")} loading={scanning} onClick={() => void readHostKey()} testId={BACKUPS_TESTIDS.onlineScan} />
          )}
        </Group>
        {scanned && (
          <Alert
            color={scanned.ok ? "blue" : "red"}
            icon={scanned.ok ? <IconKey size={18} /> : <IconAlertCircle size={18} />}
            data-testid={BACKUPS_TESTIDS.onlineScanResult}
          >
            {scanned.ok ? t("backups.online.scanned") : scanned.text}
          </Alert>
        )}
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
          onChange={(event) => {
            // Read now: React clears currentTarget before a deferred updater runs.
            const token = event.currentTarget.value;
            setValues((v) => ({ ...v, token }));
          }}
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
