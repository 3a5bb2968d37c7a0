import type { ReactNode } from "react";
import { useParams } from "react-router";
import { useQuery } from "urql";
import { hasErrorCode } from "../../../api/errors";
import { FormLoadError, FormLoading } from "../../../entity-admin/FormAlerts";
import { parseRecordId } from "../../../entity-admin/form-values";
import { SystemParamForm } from "./SystemParamForm";
import { emptySystemParamValues, systemParamToValues } from "./system-param-form";
import { SYSTEM_PARAM_QUERY, SYSTEM_PARAMS_CONTEXT } from "./system-params.graphql";
import { NEW_RECORD_ID } from "@caresuite/domain";

const LOAD_CONTEXT = { ...SYSTEM_PARAMS_CONTEXT, requestPolicy: "cache-and-network" as const };

/** The modal route `systemparams/edit/:id?`: loads the configurator (id -1: a new one). */
export function SystemParamFormPage(): ReactNode {
  const id = parseRecordId(useParams()["id"]);
  const isNew = id === NEW_RECORD_ID;
  const [{ data, error }, reexecute] = useQuery({
    query: SYSTEM_PARAM_QUERY,
    variables: { id: Number.isNaN(id) ? 0 : id },
    pause: isNew || Number.isNaN(id),
    context: LOAD_CONTEXT,
  });

  if (isNew) return <SystemParamForm key="new" record={null} initialValues={emptySystemParamValues()} />;
  const record = data?.systemParam;
  const notFound = Number.isNaN(id) || hasErrorCode(error, "NOT_FOUND") || (data !== undefined && !record);
  if ((error || notFound) && !record) {
    return <FormLoadError notFound={notFound} onRetry={Number.isNaN(id) ? undefined : () => reexecute({ requestPolicy: "network-only" })} />;
  }
  if (!record) return <FormLoading />;
  return <SystemParamForm key={`edit:${record.id}`} record={record} initialValues={systemParamToValues(record)} />;
}
