import { useState, type FormEvent, type ReactNode } from "react";
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import { translateFieldError } from "../../../ui/field-error";
import { SCAN_TUNNEL_HOST_KEY, UPDATE_TUNNEL_SETTINGS } from "./tunnel.graphql";
import { TUNNEL_FIELD_NAMES, tunnelErrors, tunnelInput, tunnelValues, type StoredTunnelSettings, type TunnelFormValues } from "./tunnel-form";
import { TUNNEL_TESTIDS } from "./tunnel-testids";
import { ReadHostKeyButton } from "../../../ui/ReadHostKeyButton";

const labelKey = (field: string): string => `tunnel.fields.${field}`;

function SecretState({ name, set }: { name: string; set: boolean }): ReactNode {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={set ? "teal" : "gray"} data-testid={TUNNEL_TESTIDS.secretState(name)} data-set={set}>
      {t(set ? "tunnel.secretSet" : "tunnel.secretNotSet")}
    </Badge>
  );
}

/** The support host's settings: address, account, the write-only secret and the pinned host key. */
export function TunnelSettingsForm({
  stored,
  canWrite,
  onSaved,
}: {
  stored: StoredTunnelSettings;
  canWrite: boolean;
  onSaved: (saved: StoredTunnelSettings) => void;
}): ReactNode {
  const { t } = useTranslation();
  const [values, setValues] = useState<TunnelFormValues>(() => tunnelValues(stored));
  const [secrets, setSecrets] = useState({ private_key: stored.has_private_key, password: stored.has_password });
  const [scanFailure, setScanFailure] = useState<string | null>(null);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: TUNNEL_FIELD_NAMES });
  const [{ fetching }, save] = useMutation(UPDATE_TUNNEL_SETTINGS);
  const [{ fetching: scanning }, scan] = useMutation(SCAN_TUNNEL_HOST_KEY);
  const set = <K extends keyof TunnelFormValues>(name: K, value: TunnelFormValues[K]): void => setValues((previous) => ({ ...previous, [name]: value }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const input = tunnelInput(values);
    if (!check(tunnelErrors(input))) return;
    const result = await save({ data: input });
    const saved = result.data?.updateTunnelSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("tunnel.savedTitle"), text: t("tunnel.savedText") }))) return;
    setSecrets({ private_key: saved.has_private_key, password: saved.has_password });
    setValues((previous) => ({ ...previous, private_key: "", password: "", passphrase: "" }));
    onSaved(saved);
  };

  const readHostKey = async (): Promise<void> => {
    setScanFailure(null);
    const input = tunnelInput(values);
    const found = tunnelErrors(input);
    const addressErrors = Object.fromEntries(Object.entries(found).filter(([field]) => field === "host" || field === "port"));
    if (!check(addressErrors) || input.host === "") return;
    const result = await scan({ data: { host: input.host, port: input.port } });
    const answer = result.data?.scanTunnelHostKey;
    if (answer?.fingerprint) set("host_key_fingerprint", answer.fingerprint);
    else setScanFailure(answer?.failure ?? "unknown");
  };

  const text = (name: "host" | "username" | "host_key_fingerprint", extra: { placeholder?: string; description?: string } = {}): ReactNode => (
    <TextInput
      label={t(labelKey(name))}
      value={values[name]}
      onChange={(event) => set(name, event.currentTarget.value)}
      error={errorOf(name)}
      autoComplete="off"
      spellCheck={false}
      data-testid={TUNNEL_TESTIDS.field(name)}
      {...extra}
    />
  );
  const port = (name: "port" | "remote_port"): ReactNode => (
    <NumberInput
      label={t(labelKey(name))}
      description={t(`tunnel.help.${name}`)}
      value={values[name]}
      onChange={(value) => set(name, value)}
      min={1}
      max={65535}
      allowDecimal={false}
      error={errorOf(name)}
      data-testid={TUNNEL_TESTIDS.field(name)}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TUNNEL_TESTIDS.form}>
      <Stack gap="md" maw={880}>
        <Fieldset legend={t("tunnel.sections.host")} disabled={!canWrite}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("host", { placeholder: "support.example.com", description: t("tunnel.help.host") })}
            {port("port")}
            {text("username", { placeholder: "caresuite", description: t("tunnel.help.username") })}
            {port("remote_port")}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t("tunnel.sections.login")} disabled={!canWrite}>
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="tunnel-auth-method">
                {t(labelKey("auth_method"))}
              </Text>
              <SegmentedControl
                aria-labelledby="tunnel-auth-method"
                value={values.auth_method}
                onChange={(value) => set("auth_method", value === "password" ? "password" : "key")}
                data={[
                  { value: "key", label: t("tunnel.methods.key") },
                  { value: "password", label: t("tunnel.methods.password") },
                ]}
                data-testid={TUNNEL_TESTIDS.field("auth_method")}
              />
            </Stack>
            {values.auth_method === "key" ? (
              <Textarea
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    <span>{t(labelKey("private_key"))}</span>
                    <SecretState name="private_key" set={secrets.private_key} />
                  </Group>
                }
                description={t(secrets.private_key ? "tunnel.help.keyStored" : "tunnel.help.private_key")}
                placeholder="-----BEGIN OPENSSH PRIVATE KEY-----"
                value={values.private_key}
                onChange={(event) => set("private_key", event.currentTarget.value)}
                error={errorOf("private_key")}
                autosize
                minRows={3}
                maxRows={8}
                spellCheck={false}
                autoComplete="off"
                styles={{ input: { fontFamily: "monospace" } }}
                data-testid={TUNNEL_TESTIDS.field("private_key")}
              />
            ) : null}
            {values.auth_method === "key" ? (
              <PasswordInput
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    <span>{t("tunnel.fields.passphrase")}</span>
                    <SecretState name="password" set={secrets.password} />
                  </Group>
                }
                description={t(secrets.password ? "tunnel.help.passphraseStored" : "tunnel.help.passphrase")}
                value={values.passphrase}
                onChange={(event) => set("passphrase", event.currentTarget.value)}
                error={errorOf("password")}
                autoComplete="new-password"
                data-testid={TUNNEL_TESTIDS.field("passphrase")}
              />
            ) : (
              <PasswordInput
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    <span>{t(labelKey("password"))}</span>
                    <SecretState name="password" set={secrets.password} />
                  </Group>
                }
                description={t(secrets.password ? "tunnel.help.passwordStored" : "tunnel.help.password")}
                value={values.password}
                onChange={(event) => set("password", event.currentTarget.value)}
                error={errorOf("password")}
                autoComplete="new-password"
                data-testid={TUNNEL_TESTIDS.field("password")}
              />
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend={t("tunnel.sections.hostKey")} disabled={!canWrite}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("tunnel.help.hostKey")}
            </Text>
            <Group align="flex-end" wrap="nowrap">
              <div style={{ flex: 1 }}>{text("host_key_fingerprint", { placeholder: "SHA256:…" })}</div>
              {canWrite && <ReadHostKeyButton label={t("tunnel.scan")} loading={scanning} onClick={() => void readHostKey()} testId={TUNNEL_TESTIDS.scan} />}
            </Group>
            {scanFailure && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid={TUNNEL_TESTIDS.scanResult}>
                {t(`tunnel.failures.${scanFailure}`, { defaultValue: t("tunnel.failures.unknown") })}
              </Alert>
            )}
          </Stack>
        </Fieldset>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)} data-testid={TUNNEL_TESTIDS.error}>
            <Text size="sm">{t(failure.textKey)}</Text>
            {Object.entries(failure.otherErrors).map(([field, fieldError]) => (
              <Text size="sm" key={field}>
                {translateFieldError(t, fieldError, labelKey)}
              </Text>
            ))}
          </Alert>
        )}
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" loading={fetching} data-testid={TUNNEL_TESTIDS.save}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
