import { useState, type FormEvent, type ReactNode } from "react";
import { Group, Stack } from "@mantine/core";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { useModalRouteClose } from "../../../app/ModalRoute";
import { useAppData } from "../../../app/providers/AppDataProvider";
import { ConfirmDeleteButton } from "../../../entity-admin/ConfirmDeleteButton";
import { FailureAlert, UnsavedChangesAlert } from "../../../entity-admin/FormAlerts";
import { mutationFailure, type MutationAction, type MutationFailure } from "../../../entity-admin/entity-errors";
import { sameValues } from "../../../entity-admin/form-values";
import { deletedNotice, savedNotice, useFormMutation } from "../../../entity-admin/useFormMutation";
import { useLeaveGuard } from "../../../entity-admin/useLeaveGuard";
import type { CombinedError } from "@urql/core";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";
import { SystemParamFields, systemParamLabelKey } from "./SystemParamFields";
import {
  REASON_TEXTS,
  SYSTEM_PARAM_FORM_FIELDS,
  checkSystemParamValues,
  conflictReason,
  connectionFieldError,
  systemParamApiInput,
  type SystemParamFormValues,
} from "./system-param-form";
import { CREATE_SYSTEM_PARAM, DELETE_SYSTEM_PARAM, SYSTEM_PARAMS_CONTEXT, UPDATE_SYSTEM_PARAM, type SystemParamRecord } from "./system-params.graphql";
import { CloseSaveButtons } from "../../../entity-admin/CloseSaveButtons";

interface SystemParamFormProps {
  record: SystemParamRecord | null;
  initialValues: SystemParamFormValues;
}

/** A failed mutation: fields get their messages (the connection check too), the callout says why. */
function failureOf(error: CombinedError, action: MutationAction): MutationFailure {
  const failure = mutationFailure(error, action, SYSTEM_PARAM_FORM_FIELDS);
  const reason = conflictReason(error);
  const textKey = reason ? REASON_TEXTS[reason] : undefined;
  return { ...failure, fieldErrors: { ...failure.fieldErrors, ...connectionFieldError(error) }, textKey: textKey ?? failure.textKey };
}

/**
 * The configurator form (modal route `systemparams/edit/:id?`). The domain's schema checks the
 * input before sending; the server checks it again and tests the connection. A failed save keeps
 * every typed value.
 */
export function SystemParamForm({ record, initialValues }: SystemParamFormProps): ReactNode {
  const { t } = useTranslation();
  const { refetch } = useAppData();
  const { close } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  // A long form: the callout at the buttons says why nothing happened, the fields say where.
  const { errors, failure, check, succeeded } = useFormMutation({ fields: SYSTEM_PARAM_FORM_FIELDS, failureOf, explainCheck: true });
  const [{ fetching: creating }, create] = useMutation(CREATE_SYSTEM_PARAM);
  const [{ fetching: updating }, update] = useMutation(UPDATE_SYSTEM_PARAM);
  const [{ fetching: deleting }, remove] = useMutation(DELETE_SYSTEM_PARAM);
  const { blocker, leave } = useLeaveGuard(!sameValues({ ...values }, { ...initialValues }));

  const set = <K extends keyof SystemParamFormValues>(name: K, value: SystemParamFormValues[K]): void =>
    setValues((previous) => ({ ...previous, [name]: value }));
  const errorOf = (name: string): string | undefined => translateFieldError(t, errors[name], systemParamLabelKey);

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const checked = checkSystemParamValues(values, record ? "update" : "create", record);
    if (!check(checked.ok ? {} : checked.errors) || !checked.ok) return;
    const data = systemParamApiInput(checked.input, record);
    const result = record ? await update({ id: record.id, data }, SYSTEM_PARAMS_CONTEXT) : await create({ data }, SYSTEM_PARAMS_CONTEXT);
    const saved = result.data ? ("updateSystemParam" in result.data ? result.data.updateSystemParam : result.data.createSystemParam) : undefined;
    if (!succeeded("save", result.error, saved, (param) => savedNotice(t, param.name))) return;
    // Names and weekend windows are part of AppData (system switcher, display boards).
    void refetch();
    leave(close);
  };

  const deleteRecord = async (): Promise<void> => {
    if (!record) return;
    const result = await remove({ ids: [record.id] }, SYSTEM_PARAMS_CONTEXT);
    if (!succeeded("delete", result.error, result.data?.deleteSystemParam, () => deletedNotice(t, record.name))) return;
    void refetch();
    leave(close);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.systemParams.form} data-id={record?.id ?? -1}>
      <Stack gap="sm">
        <SystemParamFields values={values} set={set} errorOf={errorOf} record={record} />
        {failure && <FailureAlert failure={failure} labelKey={systemParamLabelKey} />}
        {blocker.state === "blocked" ? (
          <UnsavedChangesAlert blocker={blocker} />
        ) : (
          <Group justify="space-between" mt="xs">
            <Group gap="xs">{record && <ConfirmDeleteButton name={record.name} loading={deleting} onConfirm={deleteRecord} />}</Group>
            <CloseSaveButtons onClose={close} saving={creating || updating} />
          </Group>
        )}
      </Stack>
    </form>
  );
}
