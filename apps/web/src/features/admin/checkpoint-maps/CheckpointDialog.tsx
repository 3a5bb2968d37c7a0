import { useMemo, useState, type FormEvent, type ReactNode } from "react";
import { Button, Grid, Group, Modal, Stack } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import { checkpoint, type FieldDef } from "@caresuite/domain";
import { EntityField } from "../../../entity-admin/EntityField";
import { FailureAlert } from "../../../entity-admin/FormAlerts";
import { cacheContext, createDocument, deleteDocument, rootField, updateDocument, type EntityRecord } from "../../../entity-admin/entity-documents";
import { fieldLabelKey } from "../../../entity-admin/entity-labels";
import { clientErrors, formFields, valuesToInput, type FormValue, type FormValues } from "../../../entity-admin/form-values";
import { useFormMutation } from "../../../entity-admin/useFormMutation";
import * as TESTIDS from "../../../testids";
import { translateFieldError } from "../../../ui/field-error";

const CONTEXT = cacheContext(checkpoint);
const PARENT = checkpoint.parent?.field ?? "checkpoint_map_id";
const labelKey = (field: string): string => fieldLabelKey(checkpoint, field);

/** What the dialog edits: a stored checkpoint, or a new one with its first values (position). */
export type CheckpointDraft = { record: EntityRecord; values: FormValues } | { record: null; values: FormValues };

/** The input of a checkpoint: its form values plus the map it belongs to (the parent field). */
export function checkpointInput(values: FormValues, mapId: number): Record<string, unknown> {
  return { ...valuesToInput(checkpoint, values), [PARENT]: mapId };
}

/**
 * One checkpoint's fields (spec data §3.4 "number, char, text, section_id, diameter, position_x,
 * position_y") in a dialog over the map: the keyboard's way to place a checkpoint, and where it
 * is renamed or deleted. Saved with the generic create/update/delete of the registry.
 */
export function CheckpointDialog({
  mapId,
  draft,
  onClose,
  onSaved,
}: {
  mapId: number;
  draft: CheckpointDraft;
  onClose: () => void;
  onSaved?: (saved: EntityRecord) => void;
}): ReactNode {
  const { t } = useTranslation();
  const [values, setValues] = useState(draft.values);
  const [{ fetching: creating }, create] = useMutation(createDocument(checkpoint));
  const [{ fetching: updating }, update] = useMutation(updateDocument(checkpoint));
  const [{ fetching: deleting }, remove] = useMutation(deleteDocument(checkpoint));
  const fields = formFields(checkpoint);
  const fieldNames = useMemo(() => new Set(formFields(checkpoint).map(([name]) => name)), []);
  const { errors, failure, check, succeeded } = useFormMutation({ fields: fieldNames });
  const record = draft.record;

  const change = (name: string) => (value: FormValue) => setValues((previous) => ({ ...previous, [name]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    event.stopPropagation();
    const input = checkpointInput(values, mapId);
    if (!check(clientErrors(checkpoint, input))) return;
    const result = record ? await update({ id: record.id, data: input }, CONTEXT) : await create({ data: input }, CONTEXT);
    const saved = result.data?.[record ? rootField.update(checkpoint) : rootField.create(checkpoint)];
    // No notice: the checkpoint shows on the map at once.
    if (!succeeded("save", result.error, saved)) return;
    onSaved?.(saved);
    onClose();
  };

  const deleteCheckpoint = async (): Promise<void> => {
    if (!record) return;
    const result = await remove({ ids: [record.id] }, CONTEXT);
    if (!succeeded("delete", result.error, result.data?.[rootField.delete(checkpoint)])) return;
    onClose();
  };

  const renderField = (name: string, field: FieldDef): ReactNode => (
    <EntityField
      entity={checkpoint}
      name={name}
      field={field}
      value={values[name] ?? null}
      onChange={change(name)}
      error={translateFieldError(t, errors[name], labelKey)}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      title={t(record ? "checkpointMaps.editCheckpoint" : "checkpointMaps.newCheckpoint")}
      size="lg"
      // Over the form's modal route (those stack from 200 up, 10 per nesting level).
      zIndex={300}
      data-testid={TESTIDS.checkpointMaps.dialog}
    >
      {/* A form of its own, not nested in the map's form: Enter saves this checkpoint only. */}
      <form onSubmit={(event) => void submit(event)} noValidate data-testid={TESTIDS.checkpointMaps.dialogForm}>
        <Stack gap="sm">
          <Grid gap="sm">
            {fields.map(([name, field]) => (
              <Grid.Col key={name} span={{ base: 12, xs: name === "text" || name === "section_id" ? 12 : 6 }}>
                {renderField(name, field)}
              </Grid.Col>
            ))}
          </Grid>
          {failure && <FailureAlert failure={failure} labelKey={labelKey} />}
          <Group justify="space-between">
            <div>
              {record && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  loading={deleting}
                  onClick={() => void deleteCheckpoint()}
                  data-testid={TESTIDS.checkpointMaps.dialogDelete}
                >
                  {t("checkpointMaps.deleteCheckpoint")}
                </Button>
              )}
            </div>
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={creating || updating} data-testid={TESTIDS.checkpointMaps.dialogSave}>
                {t("common.save")}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
