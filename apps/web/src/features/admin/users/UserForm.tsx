import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Fieldset, Grid, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconCopy, IconInfoCircle, IconLock } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { LOCALES, seesAllSystems, type Locale } from "@caresuite/domain";
import { useModalRouteClose } from "../../../app/ModalRoute";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ConfirmDeleteButton } from "../../../entity-admin/ConfirmDeleteButton";
import { FailureAlert, UnsavedChangesAlert } from "../../../entity-admin/FormAlerts";
import { sameValues } from "../../../entity-admin/form-values";
import { deletedNotice, savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { useLeaveGuard } from "../../../entity-admin/useLeaveGuard";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import type { RoleRecord } from "../roles/roles.graphql";
import {
  USER_FORM_FIELDS,
  canDeleteUser,
  copyUserValues,
  grantHolderOf,
  offeredRoles,
  offeredSystems,
  roleActorOf,
  userFormErrors,
  userInputOf,
  type UserFormValues,
} from "./user-form";
import { CREATE_USER, DELETE_USER, UPDATE_USER, USERS_CONTEXT, type UserRecord } from "./users.graphql";
import { CloseSaveButtons } from "../../../entity-admin/CloseSaveButtons";
import { PasswordField } from "../../../ui/PasswordField";

/** Navigation state of a copy (spec: "Copying resets id to -1"). */
export interface UserCopyState {
  copyUser: UserFormValues;
}

interface UserFormProps {
  record: UserRecord | null;
  initialValues: UserFormValues;
  /** What "unchanged" means; null when the form starts changed (a copy). */
  baseline: UserFormValues | null;
  /** Every role (best rank first); null when they could not be loaded. */
  roles: RoleRecord[] | null;
}

const labelKey = (field: string): string => `users.fields.${field}`;

/** The user form: account, password, contact, roles and systems. Typed input survives failed saves. */
export function UserForm({ record, initialValues, baseline, roles }: UserFormProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data: appData, refetch } = useAppData();
  const { close, parentPath } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: USER_FORM_FIELDS });
  const [{ fetching: creating }, create] = useMutation(CREATE_USER);
  const [{ fetching: updating }, update] = useMutation(UPDATE_USER);
  const [{ fetching: deleting }, remove] = useMutation(DELETE_USER);
  const { blocker, leave } = useLeaveGuard(baseline === null || !sameValues({ ...values }, { ...baseline }));
  const me = appData.user;
  const readOnly = record !== null && !record.can_edit;
  const mode = record ? "update" : "create";
  // ARCHITECTURE «Security rules» "Granting is bounded by holding": the form offers only what the actor may give.
  const holder = useMemo(() => grantHolderOf(me), [me]);
  const allSystemsAllowed = seesAllSystems(holder);

  const set = <K extends keyof UserFormValues>(name: K, value: UserFormValues[K]): void => setValues((previous) => ({ ...previous, [name]: value }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], labelKey);
  const common = (name: keyof UserFormValues): { label: string; error?: string; "data-testid": string } => ({
    label: t(labelKey(name)),
    error: errorOf(name),
    "data-testid": TESTIDS.entityForm.field(name),
  });

  // spec §6: only roles below one's own can be handed out, and none giving more than one holds;
  // a read-only view shows the user's own.
  const roleOptions = useMemo(() => {
    if (readOnly || !roles) return (record?.roles ?? []).map((role) => ({ value: role.id, label: role.name }));
    return offeredRoles(roleActorOf(me, roles), holder, roles).map((role) => ({ value: role.id, label: role.name }));
  }, [readOnly, roles, record, me, holder]);
  const systemOptions = useMemo(() => {
    const known = appData.systems.map((system) => ({ value: system.id, label: system.name }));
    const unknown = values.system_access.filter((id) => !known.some((o) => o.value === id)).map((id) => ({ value: id, label: `#${id}` }));
    // A read-only view shows what the user has; a limited actor is offered only their own systems.
    return readOnly ? [...known, ...unknown] : offeredSystems(holder, [...known, ...unknown]);
  }, [appData.systems, values.system_access, readOnly, holder]);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!check(userFormErrors(values, mode, holder))) return;
    const data = userInputOf(values);
    const result = record ? await update({ id: record.id, data }, USERS_CONTEXT) : await create({ data }, USERS_CONTEXT);
    const saved = result.data ? ("updateUser" in result.data ? result.data.updateUser : result.data.createUser) : undefined;
    if (!succeeded("save", result.error, saved, (user) => savedNotice(t, user.username))) return;
    // One's own name, language or roles are part of AppData.
    if (saved.id === me.id) void refetch();
    leave(close);
  };

  const deleteUser = async (): Promise<void> => {
    if (!record) return;
    const result = await remove({ ids: [record.id] }, USERS_CONTEXT);
    if (!succeeded("delete", result.error, result.data?.deleteUser, () => deletedNotice(t, record.username))) return;
    leave(close);
  };

  const copy = (): void => {
    if (parentPath === null) return;
    const state: UserCopyState = { copyUser: copyUserValues(values) };
    leave(() => void navigate({ pathname: `${parentPath}/edit/-1`, search }, { state }));
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.users.form} data-id={record?.id ?? -1}>
      <Stack gap="sm">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid={TESTIDS.users.readOnlyNotice}>
            {t("users.readOnly")}
          </Alert>
        )}
        {baseline === null && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("users.copyNotice")}
          </Alert>
        )}
        <Fieldset variant="unstyled" disabled={readOnly}>
          <Stack gap="sm">
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  {...common("username")}
                  withAsterisk
                  value={values.username}
                  onChange={(e) => set("username", e.currentTarget.value)}
                  autoComplete="off"
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput {...common("name")} value={values.name} onChange={(e) => set("name", e.currentTarget.value)} autoComplete="off" />
              </Grid.Col>
              {!readOnly && (
                <>
                  {record && (
                    <Grid.Col span={12} pb={0}>
                      <Text size="sm" c="dimmed">
                        {t("users.help.passwordKeep")}
                      </Text>
                    </Grid.Col>
                  )}
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <PasswordField
                      {...common("password")}
                      withAsterisk={!record}
                      value={values.password}
                      onChange={(e) => set("password", e.currentTarget.value)}
                      autoComplete="new-password"
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, sm: 6 }}>
                    <PasswordField
                      {...common("password_repeat")}
                      value={values.password_repeat}
                      onChange={(e) => set("password_repeat", e.currentTarget.value)}
                      autoComplete="new-password"
                    />
                  </Grid.Col>
                </>
              )}
              <Grid.Col span={12}>
                <TextInput
                  {...common("email")}
                  description={t("users.help.email")}
                  value={values.email}
                  onChange={(e) => set("email", e.currentTarget.value)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  {...common("locale")}
                  data={LOCALES.map((locale) => ({ value: locale, label: t(`languages.${locale}`) }))}
                  value={values.locale}
                  onChange={(value) => set("locale", (value as Locale | null) ?? null)}
                  placeholder={t("users.localeDefault")}
                  clearable
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  {...common("homepage")}
                  placeholder="/log"
                  description={t("users.help.homepage")}
                  value={values.homepage}
                  onChange={(e) => set("homepage", e.currentTarget.value)}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <MultiSelect<number>
                  {...common("roles")}
                  description={roles ? t("users.help.roles") : t("users.rolesError")}
                  data={roleOptions}
                  value={values.roles}
                  onChange={(ids) => set("roles", ids)}
                  searchable
                  clearable
                  nothingFoundMessage={t("entityForm.noOptions")}
                />
              </Grid.Col>
              <Grid.Col span={12}>
                <MultiSelect<number>
                  {...common("system_access")}
                  description={t(allSystemsAllowed ? "users.help.system_access" : "users.help.system_access_limited")}
                  data={systemOptions}
                  value={values.system_access}
                  onChange={(ids) => set("system_access", ids)}
                  // An empty list means all systems: said only where the actor may give that.
                  placeholder={values.system_access.length === 0 && (allSystemsAllowed || readOnly) ? t("users.allSystems") : undefined}
                  clearable
                />
              </Grid.Col>
            </Grid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
              {(["password_is_temporary", "notify_email", "notify_push"] as const).map((name) => (
                <Switch key={name} {...common(name)} checked={values[name]} onChange={(e) => set(name, e.currentTarget.checked)} />
              ))}
              {/* spec: is_superuser only superusers may set. */}
              {me.is_superuser && (
                <Switch
                  {...common("is_superuser")}
                  description={t("users.help.is_superuser")}
                  checked={values.is_superuser}
                  onChange={(e) => set("is_superuser", e.currentTarget.checked)}
                />
              )}
            </SimpleGrid>
          </Stack>
        </Fieldset>
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        {blocker.state === "blocked" ? (
          <UnsavedChangesAlert blocker={blocker} />
        ) : (
          <Group justify="space-between" mt="xs">
            <Group gap="xs">
              {record && canDeleteUser(me, record) && <ConfirmDeleteButton name={record.username} loading={deleting} onConfirm={deleteUser} />}
              {record && !readOnly && (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy} data-testid={TESTIDS.entityForm.copy}>
                  {t("entityForm.copy")}
                </Button>
              )}
            </Group>
            <CloseSaveButtons onClose={close} saving={creating || updating} canSave={!readOnly} />
          </Group>
        )}
      </Stack>
    </form>
  );
}
