import { Suspense, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Grid, Group, Loader, SimpleGrid, Stack } from "@mantine/core";
import { IconCopy, IconInfoCircle } from "@tabler/icons-react";
import { useLocation, useNavigate } from "react-router";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasSettingRequirements, isFieldRequired, type EntityDef, type FieldDef } from "@caresuite/domain";
import { useModalRouteClose } from "../app/ModalRoute";
import { GLOBAL_SETTINGS_QUERY } from "../api/global-settings.graphql";
import * as TESTIDS from "../testids";
import { translateFieldError } from "../ui/field-error";
import { DeleteButton } from "./DeleteButton";
import { useEntityFormPart } from "./EntityContext";
import { EntityField } from "./EntityField";
import { FailureAlert, UnsavedChangesAlert } from "./FormAlerts";
import { cacheContext, createDocument, rootField, updateDocument, type EntityRecord } from "./entity-documents";
import { fieldLabelKey } from "./entity-labels";
import { formCells } from "./form-layout";
import { savedNotice, useFormMutation } from "./useFormMutation";
import { useLeaveGuard } from "./useLeaveGuard";
import { clientErrors, copyValues, formFields, sameValues, storedSecrets, valuesToInput, type FormValue, type FormValues } from "./form-values";
import { CloseSaveButtons } from "./CloseSaveButtons";

/** Navigation state of a copy: the values travel to the new form (spec: "Copying resets id to -1"). */
export interface CopyState {
  copy: FormValues;
}

interface EntityFormProps {
  entity: EntityDef;
  /** The loaded record; null for a new one. */
  record: EntityRecord | null;
  initialValues: FormValues;
  /** What "unchanged" means; null when the form starts changed (a copy not yet saved). */
  baseline: FormValues | null;
  /** Where a copy opens (a new record's form); by default the list's `edit/-1` beside this form. */
  newRecordPath?: string;
}

/**
 * The generic form of a registry entity. Typed input survives every failed save: values are
 * only replaced by a new mount (another record, a copy).
 */
export function EntityForm({ entity, record, initialValues, baseline, newRecordPath }: EntityFormProps): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const { close, parentPath } = useModalRouteClose();
  const [values, setValues] = useState(initialValues);
  const [{ fetching: creating }, create] = useMutation(createDocument(entity));
  const [{ fetching: updating }, update] = useMutation(updateDocument(entity));
  const context = useMemo(() => cacheContext(entity), [entity]);
  const fields = formFields(entity);
  const fieldNames = useMemo(() => new Set(formFields(entity).map(([name]) => name)), [entity]);
  const { errors, failure, check, succeeded, fail } = useFormMutation({ fields: fieldNames });
  const secrets = useMemo(() => storedSecrets(entity, record), [entity, record]);
  const labelKey = (field: string): string => fieldLabelKey(entity, field);
  // A global setting may require a field (call source text): read only for such entities.
  const [{ data: settingsData }] = useQuery({ query: GLOBAL_SETTINGS_QUERY, pause: !hasSettingRequirements(entity) });
  const settings = settingsData?.globalSettings ?? null;

  // spec: confirm before closing with unsaved changes. Saving, deleting and copying leave on purpose.
  const { blocker, leave } = useLeaveGuard(baseline === null || !sameValues(values, baseline));

  const change = (name: string) => (value: FormValue) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    const input = valuesToInput(entity, values, record);
    if (!check(clientErrors(entity, input, secrets, settings))) return;
    const result = record ? await update({ id: record.id, data: input }, context) : await create({ data: input }, context);
    const saved = result.data?.[record ? rootField.update(entity) : rootField.create(entity)];
    if (!succeeded("save", result.error, saved, (stored) => savedNotice(t, String(stored[entity.displayField] ?? "")))) return;
    // spec: "After save ... navigation goes to a done route if configured": the list.
    leave(close);
  };

  const copy = (): void => {
    const target = newRecordPath ?? (parentPath === null ? null : `${parentPath}/edit/-1`);
    if (target === null) return;
    const copied = copyValues(entity, values, (name) => t("entityForm.copyName", { name }));
    const state: CopyState = { copy: copied };
    leave(() => navigate({ pathname: target, search }, { state }));
  };

  const renderField = (name: string, field: FieldDef): ReactNode => (
    <EntityField
      key={name}
      entity={entity}
      name={name}
      field={field}
      value={values[name] ?? null}
      onChange={change(name)}
      error={translateFieldError(t, errors[name], labelKey)}
      secretStored={secrets.has(name)}
      required={isFieldRequired(field, settings)}
    />
  );

  const part = useEntityFormPart();
  const saving = creating || updating;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.entityForm.modal} data-entity={entity.name} data-id={record?.id ?? -1}>
      <Stack gap="sm">
        {baseline === null && (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            {t("entityForm.copyNotice")}
          </Alert>
        )}
        <Grid gap="sm">
          {formCells(fields).map((cell) =>
            cell.kind === "times" ? (
              <Grid.Col key={cell.fields[0]?.[0]} span={12}>
                <Group gap="sm" align="flex-start">
                  {cell.fields.map(([name, field]) => renderField(name, field))}
                </Group>
              </Grid.Col>
            ) : (
              <Grid.Col key={cell.name} span={{ base: 12, sm: cell.wide ? 12 : 6 }}>
                {renderField(cell.name, cell.field)}
              </Grid.Col>
            ),
          )}
        </Grid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
          {fields.filter(([, field]) => field.kind === "bool").map(([name, field]) => renderField(name, field))}
        </SimpleGrid>
        {part && (
          <Suspense fallback={<Loader size="sm" />}>
            <part.Component entity={entity} record={record} values={values} onChange={(name, value) => change(name)(value)} />
          </Suspense>
        )}
        {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
        {blocker.state === "blocked" ? (
          <UnsavedChangesAlert blocker={blocker} />
        ) : (
          <Group justify="space-between" mt="xs">
            <Group gap="xs">
              {record && <DeleteButton entity={entity} record={record} onDeleted={() => leave(close)} onFailed={fail} />}
              {record && (
                <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy} data-testid={TESTIDS.entityForm.copy}>
                  {t("entityForm.copy")}
                </Button>
              )}
            </Group>
            <CloseSaveButtons onClose={close} saving={saving} />
          </Group>
        )}
      </Stack>
    </form>
  );
}
