import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconClipboardCopy, IconClipboardText, IconCopy, IconInfoCircle, IconLock } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { parseRolePermissions, serializeRolePermissions } from "@caresuite/domain";
import { useModalRouteClose } from "../../../app/ModalRoute";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ConfirmDeleteButton } from "../../../entity-admin/ConfirmDeleteButton";
import { FailureAlert, UnsavedChangesAlert } from "../../../entity-admin/FormAlerts";
import { deletedNotice, savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { useLeaveGuard } from "../../../entity-admin/useLeaveGuard";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { notify } from "../../../ui/notify";
import { ClipboardDialog, type ClipboardDialogState } from "./ClipboardDialog";
import { GroupAccessEditor } from "./GroupAccessEditor";
import { PermissionEditor } from "./PermissionEditor";
import { readClipboard, writeClipboard } from "./clipboard";
import {
  ROLE_FORM_FIELDS,
  applyPastedPermissions,
  grantLevelCheck,
  grantedPermissions,
  roleFormErrors,
  roleInputOf,
  sameRoleValues,
  type PermissionLevels,
  type RoleFormValues,
} from "./role-form";
import { CREATE_ROLE, DELETE_ROLE, ROLES_CONTEXT, UPDATE_ROLE, type RoleRecord } from "./roles.graphql";
import { CloseSaveButtons } from "../../../entity-admin/CloseSaveButtons";

/** Navigation state of a copy (spec: "Copying resets id to -1"). */
export interface RoleCopyState {
  copyRole: RoleFormValues;
}

interface RoleFormProps {
  record: RoleRecord | null;
  initialValues: RoleFormValues;
  /** What "unchanged" means; null when the form starts changed (a copy). */
  baseline: RoleFormValues | null;
}

const labelKey = (field: string): string => `roles.fields.${field}`;

/** The role form: name, the permission editor with clipboard copy/paste, call source group access. */
export function RoleForm({ record, initialValues, baseline }: RoleFormProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { data: appData } = useAppData();
  const { close, parentPath } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: ROLE_FORM_FIELDS });
  const [dialog, setDialog] = useState<ClipboardDialogState>(null);
  const [{ fetching: creating }, create] = useMutation(CREATE_ROLE);
  const [{ fetching: updating }, update] = useMutation(UPDATE_ROLE);
  const [{ fetching: deleting }, remove] = useMutation(DELETE_ROLE);
  const { blocker, leave } = useLeaveGuard(baseline === null || !sameRoleValues(values, baseline));
  const readOnly = record !== null && !record.can_edit;
  const user = appData.user;

  // ARCHITECTURE «Security rules» "Granting is bounded by holding": levels whose access exceeds one's own are locked.
  const canGrant = useMemo(() => grantLevelCheck(user), [user]);
  const changePermissions = useCallback(
    (next: (levels: PermissionLevels) => PermissionLevels): void => setValues((previous) => ({ ...previous, permissions: next(previous.permissions) })),
    [],
  );

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    if (!check(roleFormErrors(values))) return;
    const data = roleInputOf(values);
    const result = record ? await update({ id: record.id, data }, ROLES_CONTEXT) : await create({ data }, ROLES_CONTEXT);
    const saved = result.data ? ("updateRole" in result.data ? result.data.updateRole : result.data.createRole) : undefined;
    if (!succeeded("save", result.error, saved, (role) => savedNotice(t, role.name))) return;
    leave(close);
  };

  const deleteRole = async (): Promise<void> => {
    if (!record) return;
    const result = await remove({ ids: [record.id] }, ROLES_CONTEXT);
    if (!succeeded("delete", result.error, result.data?.deleteRole, () => deletedNotice(t, record.name))) return;
    leave(close);
  };

  const copyRole = (): void => {
    if (parentPath === null) return;
    const state: RoleCopyState = { copyRole: { ...values, name: t("entityForm.copyName", { name: values.name.trim() }) } };
    leave(() => void navigate({ pathname: `${parentPath}/edit/-1`, search }, { state }));
  };

  const copyPermissions = async (): Promise<void> => {
    const text = serializeRolePermissions(grantedPermissions(values.permissions));
    if (await writeClipboard(text)) notify({ type: "success", title: t("roles.clipboard.copiedTitle"), text: t("roles.clipboard.copiedText") });
    else setDialog({ mode: "copy", text });
  };

  const paste = (text: string): void => {
    setDialog(null);
    const clipboard = parseRolePermissions(text);
    if (!clipboard) {
      // Nothing changes on an invalid paste.
      notify({ type: "error", title: t("roles.clipboard.invalidTitle"), text: t("roles.clipboard.invalidText") });
      return;
    }
    const { permissions, skipped } = applyPastedPermissions(values.permissions, clipboard, canGrant);
    setValues((previous) => ({ ...previous, permissions }));
    if (skipped.length > 0) notify({ type: "warning", title: t("roles.clipboard.pastedTitle"), text: t("roles.clipboard.skipped", { count: skipped.length }) });
    else notify({ type: "success", title: t("roles.clipboard.pastedTitle"), text: t("roles.clipboard.pastedText") });
  };

  const pastePermissions = async (): Promise<void> => {
    const text = await readClipboard();
    if (text === null) setDialog({ mode: "paste" });
    else paste(text);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.roles.form} data-id={record?.id ?? -1}>
      <Stack gap="sm">
        {readOnly && (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid={TESTIDS.roles.readOnlyNotice}>
            {t("roles.readOnly")}
          </Alert>
        )}
        {baseline === null && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("entityForm.copyNotice")}
          </Alert>
        )}
        <TextInput
          label={t(labelKey("name"))}
          withAsterisk
          value={values.name}
          onChange={(event) => {
            const name = event.currentTarget.value;
            setValues((previous) => ({ ...previous, name }));
          }}
          error={translateFieldError(t, errors["name"], labelKey)}
          disabled={readOnly}
          maw={420}
          data-testid={TESTIDS.entityForm.field("name")}
        />
        <Group justify="space-between" align="flex-end" mt="xs">
          <div>
            <Title order={3} size="h5">
              {t(labelKey("permissions"))}
            </Title>
            <Text size="sm" c="dimmed">
              {t("roles.help.permissions")}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconClipboardCopy size={16} />}
              onClick={() => void copyPermissions()}
              data-testid={TESTIDS.roles.copy}
            >
              {t("roles.clipboard.copy")}
            </Button>
            {!readOnly && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconClipboardText size={16} />}
                onClick={() => void pastePermissions()}
                data-testid={TESTIDS.roles.paste}
              >
                {t("roles.clipboard.paste")}
              </Button>
            )}
          </Group>
        </Group>
        {errors["permissions"] && (
          <Text size="sm" c="red" role="alert">
            {translateFieldError(t, errors["permissions"], labelKey)}
          </Text>
        )}
        <PermissionEditor levels={values.permissions} onChange={changePermissions} canGrant={canGrant} disabled={readOnly} />
        <Divider label={t(labelKey("call_source_group_permissions"))} labelPosition="left" mt="xs" />
        <GroupAccessEditor groups={values.groups} onChange={(groups) => setValues((previous) => ({ ...previous, groups }))} disabled={readOnly} />
        {errors["call_source_group_permissions"] && (
          <Text size="sm" c="red" role="alert">
            {translateFieldError(t, errors["call_source_group_permissions"], labelKey)}
          </Text>
        )}
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        {blocker.state === "blocked" ? (
          <UnsavedChangesAlert blocker={blocker} />
        ) : (
          <Group justify="space-between" mt="xs">
            <Group gap="xs">
              {record && !readOnly && <ConfirmDeleteButton name={record.name} loading={deleting} onConfirm={deleteRole} />}
              {record && !readOnly && (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copyRole} data-testid={TESTIDS.entityForm.copy}>
                  {t("entityForm.copy")}
                </Button>
              )}
            </Group>
            <CloseSaveButtons onClose={close} saving={creating || updating} canSave={!readOnly} />
          </Group>
        )}
      </Stack>
      <ClipboardDialog state={dialog} onClose={() => setDialog(null)} onApply={paste} />
    </form>
  );
}
