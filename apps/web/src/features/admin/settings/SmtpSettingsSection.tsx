import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Fieldset, Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconCheck } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { SMTP_SECURITY } from "@caresuite/domain";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { SEND_TEST_MAIL, SMTP_SETTINGS_QUERY, UPDATE_SMTP_SETTINGS } from "../../../api/smtp-settings.graphql";

const labelKey = (field: string): string => `settings.smtp.fields.${field}`;
const FIELD_NAMES: ReadonlySet<string> = new Set(["host", "port", "security", "user", "password", "from"]);

interface SmtpValues {
  host: string;
  port: number | string;
  security: string;
  user: string;
  password: string;
  from: string;
}

/**
 * The mail server of scheduled reports on the global settings page (admin::manage_system). The
 * stored password is never sent to the browser: the field stays empty and says whether one is stored.
 */
export function SmtpSettingsSection({ canWrite }: { canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const [{ data }] = useQuery({ query: SMTP_SETTINGS_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  const stored = data?.smtpSettings;
  if (!stored) return null;
  return <SmtpForm key={`${stored.host}:${stored.port}`} stored={stored} canWrite={canWrite} t={t} />;
}

function SmtpForm({
  stored,
  canWrite,
  t,
}: {
  stored: { host: string; port: number; security: string; user: string; has_password: boolean; from: string };
  canWrite: boolean;
  t: ReturnType<typeof useTranslation>["t"];
}): ReactNode {
  const [values, setValues] = useState<SmtpValues>(() => ({
    host: stored.host,
    port: stored.port,
    security: stored.security,
    user: stored.user,
    password: "",
    from: stored.from,
  }));
  const [hasPassword, setHasPassword] = useState(stored.has_password);
  const [testTo, setTestTo] = useState("");
  const [testResult, setTestResult] = useState<{ ok: boolean; failure: string | null } | null>(null);
  const { errors, failure, succeeded } = useFormMutation({ fields: FIELD_NAMES });
  const [{ fetching }, save] = useMutation(UPDATE_SMTP_SETTINGS);
  const [{ fetching: testing }, sendTest] = useMutation(SEND_TEST_MAIL);
  const set = <K extends keyof SmtpValues>(name: K, value: SmtpValues[K]): void => setValues((previous) => ({ ...previous, [name]: value }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    // Only the input's fields: the query's answer also carries has_password and __typename.
    const { host, security, user, password, from } = values;
    const port = typeof values.port === "number" ? values.port : Number(values.port);
    const result = await save({ data: { host, port, security, user, password, from } });
    const saved = result.data?.updateSmtpSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("settings.savedTitle"), text: t("settings.smtp.savedText") }))) return;
    setHasPassword(saved.has_password);
    set("password", "");
  };

  const test = async (): Promise<void> => {
    setTestResult(null);
    const result = await sendTest({ to: testTo });
    setTestResult(
      result.data?.sendTestMail ?? {
        ok: false,
        failure: result.error?.graphQLErrors[0]?.extensions?.["code"] === "VALIDATION" ? "invalid_address" : "unknown",
      },
    );
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate style={{ maxWidth: 720 }} data-testid={TESTIDS.settings.smtp.form}>
      <Fieldset legend={t("settings.sections.smtp")} disabled={!canWrite}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t("settings.smtp.intro")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t(labelKey("host"))}
              value={values.host}
              onChange={(e) => set("host", e.currentTarget.value)}
              error={errorOf("host")}
              data-testid={TESTIDS.settings.smtp.field("host")}
            />
            <NumberInput
              label={t(labelKey("port"))}
              value={values.port}
              onChange={(v) => set("port", v)}
              allowDecimal={false}
              min={1}
              max={65535}
              error={errorOf("port")}
              data-testid={TESTIDS.settings.smtp.field("port")}
            />
            <Select
              label={t(labelKey("security"))}
              description={t("settings.smtp.help.security")}
              data={SMTP_SECURITY.map((value) => ({ value, label: t(`settings.smtp.security.${value}`) }))}
              value={values.security}
              onChange={(v) => set("security", v ?? "starttls")}
              allowDeselect={false}
              error={errorOf("security")}
              data-testid={TESTIDS.settings.smtp.field("security")}
            />
            <TextInput
              label={t(labelKey("from"))}
              value={values.from}
              onChange={(e) => set("from", e.currentTarget.value)}
              error={errorOf("from")}
              data-testid={TESTIDS.settings.smtp.field("from")}
            />
            <TextInput
              label={t(labelKey("user"))}
              value={values.user}
              onChange={(e) => set("user", e.currentTarget.value)}
              error={errorOf("user")}
              autoComplete="off"
              data-testid={TESTIDS.settings.smtp.field("user")}
            />
            <PasswordInput
              label={t(labelKey("password"))}
              description={t(hasPassword ? "settings.smtp.help.passwordStored" : "settings.smtp.help.passwordNone")}
              value={values.password}
              onChange={(e) => set("password", e.currentTarget.value)}
              error={errorOf("password")}
              autoComplete="new-password"
              data-testid={TESTIDS.settings.smtp.field("password")}
            />
          </SimpleGrid>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)}>
              <Text size="sm">{t(failure.textKey)}</Text>
            </Alert>
          )}
          {canWrite && (
            <Group justify="flex-end">
              <Button type="submit" loading={fetching} data-testid={TESTIDS.settings.smtp.save}>
                {t("common.save")}
              </Button>
            </Group>
          )}
          {canWrite && (
            <Group align="flex-end">
              <TextInput
                label={t("settings.smtp.testTo")}
                description={t("settings.smtp.help.test")}
                value={testTo}
                onChange={(e) => setTestTo(e.currentTarget.value)}
                type="email"
                style={{ flex: 1 }}
                data-testid={TESTIDS.settings.smtp.testTo}
              />
              <Button
                variant="light"
                loading={testing}
                disabled={testTo.trim() === ""}
                onClick={() => void test()}
                data-testid={TESTIDS.settings.smtp.testSend}
              >
                {t("settings.smtp.testSend")}
              </Button>
            </Group>
          )}
          {testResult && (
            <Alert
              color={testResult.ok ? "green" : "red"}
              icon={testResult.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
              role="status"
              data-testid={TESTIDS.settings.smtp.testResult}
            >
              {testResult.ok ? t("settings.smtp.testOk") : t(`settings.smtp.failures.${testResult.failure ?? "unknown"}`)}
            </Alert>
          )}
        </Stack>
      </Fieldset>
    </form>
  );
}
