import { useMemo, type ReactNode } from "react";
import { useMutation } from "urql";
import { useTranslation } from "react-i18next";
import type { EntityDef } from "@caresuite/domain";
import { notify } from "../ui/notify";
import { ConfirmDeleteButton } from "./ConfirmDeleteButton";
import { cacheContext, deleteDocument, rootField, type EntityRecord } from "./entity-documents";
import { answerFailure, mutationFailure, type MutationFailure } from "./entity-errors";
import { deletedNotice } from "./useFormMutation";

interface DeleteButtonProps {
  entity: EntityDef;
  record: EntityRecord;
  onDeleted: () => void;
  onFailed: (failure: MutationFailure) => void;
}

/** Deletes a registry record after confirmation; a failure goes to the form's error callout. */
export function DeleteButton({ entity, record, onDeleted, onFailed }: DeleteButtonProps): ReactNode {
  const { t } = useTranslation();
  const [{ fetching }, remove] = useMutation(deleteDocument(entity));
  const context = useMemo(() => cacheContext(entity), [entity]);
  const name = String(record[entity.displayField] ?? `#${record.id}`);

  const confirm = async (): Promise<void> => {
    const result = await remove({ ids: [record.id] }, context);
    const failure = answerFailure(result.error, Boolean(result.data?.[rootField.delete(entity)]), "delete", (error) =>
      mutationFailure(error, "delete", new Set()),
    );
    if (failure) {
      onFailed(failure);
      return;
    }
    notify({ type: "success", ...deletedNotice(t, name) });
    onDeleted();
  };

  return <ConfirmDeleteButton name={name} loading={fetching} onConfirm={confirm} />;
}
