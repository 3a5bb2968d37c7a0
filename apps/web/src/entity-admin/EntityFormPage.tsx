import { useMemo, type ReactNode } from "react";
import { useLocation, useParams } from "react-router";
import { useQuery } from "urql";
import { hasErrorCode } from "../api/errors";
import { useEntity } from "./EntityContext";
import { EntityForm, type CopyState } from "./EntityForm";
import { FormLoadError, FormLoading } from "./FormAlerts";
import { cacheContext, recordDocument, rootField } from "./entity-documents";
import { emptyValues, parseRecordId, recordToValues, type FormValues } from "./form-values";
import { NEW_RECORD_ID } from "@caresuite/domain";

function copyOf(state: unknown): FormValues | null {
  if (typeof state !== "object" || state === null || !("copy" in state)) return null;
  const copy = (state as CopyState).copy;
  return typeof copy === "object" && copy !== null ? copy : null;
}

/**
 * The modal route `edit/:id?` of an entity list: loads the record, then shows the form.
 * `newRecordPath`: where a copy opens when the form is not beside a list (spec data §4 "Copying
 * resets id to -1").
 */
export function EntityFormPage({ newRecordPath }: { newRecordPath?: string } = {}): ReactNode {
  const entity = useEntity();
  const location = useLocation();
  const id = parseRecordId(useParams()["id"]);
  const isNew = id === NEW_RECORD_ID;
  const context = useMemo(() => ({ ...cacheContext(entity), requestPolicy: "cache-and-network" as const }), [entity]);
  const [{ data, error }, reexecute] = useQuery({
    query: recordDocument(entity),
    variables: { id: Number.isNaN(id) ? 0 : id },
    pause: isNew || Number.isNaN(id),
    context,
  });

  if (isNew) {
    const copied = copyOf(location.state);
    return (
      <EntityForm
        // Each copy (a new history entry) starts a new form; a plain "new" one too.
        key={`new:${location.key}`}
        entity={entity}
        record={null}
        initialValues={copied ?? emptyValues(entity)}
        baseline={copied ? null : emptyValues(entity)}
        newRecordPath={newRecordPath}
      />
    );
  }

  const record = data?.[rootField.record(entity)];
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || (data !== undefined && !record);
  if ((error || notFound) && !record) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!record) return <FormLoading />;
  const values = recordToValues(entity, record);
  return <EntityForm key={`edit:${record.id}`} entity={entity} record={record} initialValues={values} baseline={values} newRecordPath={newRecordPath} />;
}
