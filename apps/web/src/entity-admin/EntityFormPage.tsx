import { useMemo, type ReactNode } from "react";
import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useLocation, useParams } from "react-router";
import { useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { hasErrorCode } from "../api/errors";
import { TESTIDS } from "../testids";
import { useEntity } from "./EntityContext";
import { EntityForm, type CopyState } from "./EntityForm";
import { cacheContext, recordDocument, rootField } from "./entity-documents";
import { emptyValues, parseRecordId, recordToValues, type FormValues } from "./form-values";

function copyOf(state: unknown): FormValues | null {
  if (typeof state !== "object" || state === null || !("copy" in state)) return null;
  const copy = (state as CopyState).copy;
  return typeof copy === "object" && copy !== null ? copy : null;
}

/** The modal route `edit/:id?` of an entity list: loads the record, then shows the form. */
export function EntityFormPage(): ReactNode {
  const { t } = useTranslation();
  const entity = useEntity();
  const location = useLocation();
  const id = parseRecordId(useParams()["id"]);
  const isNew = id === -1;
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
      />
    );
  }

  const record = data?.[rootField.record(entity)];
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || (data !== undefined && !record);
  if ((error || notFound) && !record) {
    // spec §8: "Form modal: query error shows warning with Retry".
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title={t("entityForm.loadErrorTitle")} data-testid={TESTIDS.entityForm.loadError}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? t("entityForm.notFoundText") : t("entityForm.loadErrorText")}</Text>
          {!Number.isNaN(id) && (
            <Button size="xs" variant="light" color="yellow" onClick={() => reexecute({ requestPolicy: "network-only" })} data-testid={TESTIDS.entityForm.loadRetry}>
              {t("common.retry")}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (!record) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }
  const values = recordToValues(entity, record);
  return <EntityForm key={`edit:${record.id}`} entity={entity} record={record} initialValues={values} baseline={values} />;
}
