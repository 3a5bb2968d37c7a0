import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Center,
  Fieldset,
  Group,
  Loader,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconLock, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasWritePermission } from "@caresuite/domain";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import { LDAP_TESTIDS } from "./ldap-testids";
import { translateFieldError } from "../../../ui/field-error";
import { LDAP_SETTINGS_QUERY, TEST_LDAP_CONNECTION, UPDATE_LDAP_SETTINGS } from "./ldap.graphql";
import { ldapErrors, ldapFieldNames, ldapInput, ldapValues, mappingKey, type LdapFormValues, type StoredLdapSettings } from "./ldap-form";

const labelKey = (field: string): string => {
  const line = /^mapping\.\d+\.(group_dn|role_id)$/.exec(field);
  return line ? `ldap.fields.${line[1]}` : `ldap.fields.${field}`;
};

type TextField = "dsn" | "base_dn" | "admin_user" | "user_filter" | "roles_attribute";

function LdapForm({ stored, roles, canWrite }: { stored: StoredLdapSettings; roles: readonly { id: number; name: string }[]; canWrite: boolean }): ReactNode {
  const { t } = useTranslation();
  const [values, setValues] = useState<LdapFormValues>(() => ldapValues(stored));
  const [hasPassword, setHasPassword] = useState(stored.has_admin_password);
  const [testResult, setTestResult] = useState<{ ok: boolean; failure: string | null } | null>(null);
  const fields = useMemo(() => ldapFieldNames(values.mapping.length), [values.mapping.length]);
  const { errors, failure, check, succeeded } = useFormMutation({ fields });
  const [{ fetching }, save] = useMutation(UPDATE_LDAP_SETTINGS);
  const [{ fetching: testing }, runTest] = useMutation(TEST_LDAP_CONNECTION);
  const set = <K extends keyof LdapFormValues>(name: K, value: LdapFormValues[K]): void => setValues((previous) => ({ ...previous, [name]: value }));
  const setLine = (index: number, change: Partial<LdapFormValues["mapping"][number]>): void =>
    setValues((previous) => ({ ...previous, mapping: previous.mapping.map((line, i) => (i === index ? { ...line, ...change } : line)) }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);
  const roleOptions = roles.map((role) => ({ value: String(role.id), label: role.name }));

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const input = ldapInput(values);
    if (!check(ldapErrors(input))) return;
    const result = await save({ data: input });
    const saved = result.data?.updateLdapSettings;
    if (!succeeded("save", result.error, saved, () => ({ title: t("ldap.savedTitle"), text: t("ldap.savedText") }))) return;
    setHasPassword(saved.has_admin_password);
    set("admin_password", "");
  };

  const test = async (): Promise<void> => {
    setTestResult(null);
    const input = ldapInput(values);
    if (!check(ldapErrors(input))) return;
    const result = await runTest({ data: input });
    setTestResult(result.data?.testLdapConnection ?? { ok: false, failure: "unknown" });
  };

  const text = (name: TextField, extra: { placeholder?: string; description?: string } = {}): ReactNode => (
    <TextInput
      label={t(labelKey(name))}
      value={values[name]}
      onChange={(event) => set(name, event.currentTarget.value)}
      error={errorOf(name)}
      autoComplete="off"
      spellCheck={false}
      data-testid={LDAP_TESTIDS.field(name)}
      {...extra}
    />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={LDAP_TESTIDS.form}>
      <Stack gap="md" maw={880}>
        {!canWrite && (
          <Alert color="gray" icon={<IconLock size={18} />}>
            {t("ldap.readOnly")}
          </Alert>
        )}
        <Fieldset legend={t("ldap.sections.connection")} disabled={!canWrite}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("ldap.intro")}
            </Text>
            <Switch
              label={t(labelKey("enabled"))}
              description={t("ldap.help.enabled")}
              checked={values.enabled}
              onChange={(event) => set("enabled", event.currentTarget.checked)}
              error={errorOf("enabled")}
              data-testid={LDAP_TESTIDS.field("enabled")}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {text("dsn", { placeholder: "ldaps://ldap.example.org:636", description: t("ldap.help.dsn") })}
              <Switch
                mt={{ base: 0, sm: 30 }}
                label={t(labelKey("starttls"))}
                description={t("ldap.help.starttls")}
                checked={values.starttls}
                onChange={(event) => set("starttls", event.currentTarget.checked)}
                error={errorOf("starttls")}
                data-testid={LDAP_TESTIDS.field("starttls")}
              />
              {text("base_dn", { placeholder: "dc=example,dc=org", description: t("ldap.help.base_dn") })}
              {text("admin_user", { placeholder: "cn=admin,dc=example,dc=org", description: t("ldap.help.admin_user") })}
              <PasswordInput
                label={
                  <Group gap={6} component="span" wrap="nowrap">
                    <span>{t(labelKey("admin_password"))}</span>
                    <Badge size="xs" variant="light" color={hasPassword ? "teal" : "gray"} data-testid={LDAP_TESTIDS.passwordState} data-set={hasPassword}>
                      {t(hasPassword ? "ldap.passwordSet" : "ldap.passwordNotSet")}
                    </Badge>
                  </Group>
                }
                description={t(hasPassword ? "ldap.help.passwordStored" : "ldap.help.passwordNone")}
                value={values.admin_password}
                onChange={(event) => set("admin_password", event.currentTarget.value)}
                error={errorOf("admin_password")}
                autoComplete="new-password"
                data-testid={LDAP_TESTIDS.field("admin_password")}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend={t("ldap.sections.users")} disabled={!canWrite}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text("user_filter", { placeholder: "(uid={username})", description: t("ldap.help.user_filter") })}
            {text("roles_attribute", { placeholder: "memberOf", description: t("ldap.help.roles_attribute") })}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t("ldap.sections.mapping")} disabled={!canWrite}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("ldap.help.mapping")}
            </Text>
            {values.mapping.length === 0 && (
              <Text size="sm" fs="italic">
                {t("ldap.mappingEmpty")}
              </Text>
            )}
            {values.mapping.map((line, index) => (
              <Group key={line.key} align="flex-start" gap="xs" wrap="nowrap">
                <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs" verticalSpacing="xs">
                  <TextInput
                    label={t(labelKey("group_dn"))}
                    placeholder="cn=nurses,ou=groups,dc=example,dc=org"
                    value={line.group_dn}
                    onChange={(event) => setLine(index, { group_dn: event.currentTarget.value })}
                    error={errorOf(`mapping.${index}.group_dn`)}
                    spellCheck={false}
                    data-testid={LDAP_TESTIDS.mappingGroup(index)}
                  />
                  <Select
                    label={t(labelKey("role_id"))}
                    placeholder={t("ldap.chooseRole")}
                    data={roleOptions}
                    value={line.role_id || null}
                    onChange={(value) => setLine(index, { role_id: value ?? "" })}
                    allowDeselect={false}
                    searchable
                    error={errorOf(`mapping.${index}.role_id`)}
                    data-testid={LDAP_TESTIDS.mappingRole(index)}
                  />
                </SimpleGrid>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={26}
                  size="lg"
                  aria-label={t("ldap.removeLine")}
                  onClick={() =>
                    set(
                      "mapping",
                      values.mapping.filter((_, i) => i !== index),
                    )
                  }
                  data-testid={LDAP_TESTIDS.mappingRemove(index)}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </Group>
            ))}
            {canWrite && (
              <Group>
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => set("mapping", [...values.mapping, { key: mappingKey(), group_dn: "", role_id: "" }])}
                  data-testid={LDAP_TESTIDS.mappingAdd}
                >
                  {t("ldap.addLine")}
                </Button>
              </Group>
            )}
          </Stack>
        </Fieldset>
        {failure && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title={t(failure.titleKey)} data-testid={LDAP_TESTIDS.error}>
            <Text size="sm">{t(failure.textKey)}</Text>
            {Object.entries(failure.otherErrors).map(([field, fieldError]) => (
              <Text size="sm" key={field}>
                {translateFieldError(t, fieldError, labelKey)}
              </Text>
            ))}
          </Alert>
        )}
        {testResult && (
          <Alert
            color={testResult.ok ? "green" : "red"}
            icon={testResult.ok ? <IconCheck size={18} /> : <IconAlertCircle size={18} />}
            role="status"
            data-testid={LDAP_TESTIDS.testResult}
            data-ok={testResult.ok}
          >
            {testResult.ok ? t("ldap.testOk") : t(`ldap.failures.${testResult.failure ?? "unknown"}`, { defaultValue: t("ldap.failures.unknown") })}
          </Alert>
        )}
        {canWrite && (
          <Group justify="flex-end">
            <Button variant="light" loading={testing} onClick={() => void test()} data-testid={LDAP_TESTIDS.test}>
              {t("ldap.test")}
            </Button>
            <Button type="submit" loading={fetching} data-testid={LDAP_TESTIDS.save}>
              {t("common.save")}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** /admin/ldap: LDAP sign-in (spec route table: admin::manage_system and the management licence). */
export function LdapSettingsPage(): ReactNode {
  const { t } = useTranslation();
  const { data: appData } = useAppData();
  const [{ data, error }, reexecute] = useQuery({ query: LDAP_SETTINGS_QUERY, variables: {}, requestPolicy: "cache-and-network" });
  const stored = data?.ldapSettings;

  const body = (): ReactNode => {
    if (!stored && error) {
      return (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("ldap.loadErrorTitle")} data-testid={LDAP_TESTIDS.loadError}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("ldap.loadErrorText")}</Text>
            <Button size="xs" variant="light" color="yellow" onClick={() => reexecute({ requestPolicy: "network-only" })}>
              {t("common.retry")}
            </Button>
          </Stack>
        </Alert>
      );
    }
    if (!stored) {
      return (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" aria-label={t("common.loading")} />
        </Center>
      );
    }
    return <LdapForm stored={stored} roles={stored.role_choices} canWrite={hasWritePermission(appData.user, "admin::manage_system")} />;
  };

  return (
    <Stack gap="md" data-testid={LDAP_TESTIDS.page}>
      <Title order={2} size="h3">
        {t("ldap.title")}
      </Title>
      {body()}
    </Stack>
  );
}
