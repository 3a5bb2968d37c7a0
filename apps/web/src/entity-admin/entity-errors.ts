import type { CombinedError } from "@urql/core";
import { errorCodes, validationFieldErrors, type FieldError } from "../api/errors";

export type MutationAction = "save" | "delete" | "sort";

export interface MutationFailure {
  /** i18n keys of the error callout. */
  titleKey: string;
  textKey: string;
  /** Field errors for inputs of the form (spec §5: shown on the field). */
  fieldErrors: Record<string, FieldError>;
  /** Field errors for fields the form does not show (shown in the callout). */
  otherErrors: Record<string, FieldError>;
}

const TITLES: Record<MutationAction, string> = {
  save: "errors.saveFailedTitle",
  delete: "entityForm.errors.deleteFailedTitle",
  sort: "entityForm.errors.sortFailedTitle",
};

const GENERIC_TEXTS: Record<MutationAction, string> = {
  save: "errors.saveFailedText",
  delete: "entityForm.errors.deleteFailed",
  sort: "entityForm.errors.sortFailed",
};

/**
 * Client-side validation errors as a failure: errors of fields the form shows stay on the
 * fields; any other (a cross-field rule without a field, an unknown key) goes into the callout
 * so that a save never silently does nothing. Null when every error has its field.
 */
export function validationFailure(errors: Record<string, FieldError>, formFields: ReadonlySet<string>): MutationFailure | null {
  const otherErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => !formFields.has(field)));
  if (Object.keys(otherErrors).length === 0) return null;
  const fieldErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => formFields.has(field)));
  return { titleKey: TITLES.save, textKey: "entityForm.errors.validation", fieldErrors, otherErrors };
}

/**
 * What a failed create, update, delete or sort shows (spec §8: "mutation error shows error
 * callout"; "Generic: delete, save, load failures"). VALIDATION errors of form fields go onto the
 * fields, the rest into the callout.
 */
export function mutationFailure(error: CombinedError, action: MutationAction, formFields: ReadonlySet<string>): MutationFailure {
  const codes = errorCodes(error);
  const fieldErrors: Record<string, FieldError> = {};
  const otherErrors: Record<string, FieldError> = {};
  for (const [field, fieldError] of Object.entries(validationFieldErrors(error))) {
    if (formFields.has(field)) fieldErrors[field] = fieldError;
    else otherErrors[field] = fieldError;
  }
  let textKey: string;
  if (codes.includes("VALIDATION")) textKey = "entityForm.errors.validation";
  else if (codes.includes("MISSING_PERMISSION")) textKey = "entityForm.errors.permission";
  else if (codes.includes("NOT_FOUND")) textKey = "entityForm.errors.notFound";
  else if (codes.includes("CONFLICT")) textKey = action === "delete" ? "entityForm.errors.inUse" : "entityForm.errors.conflict";
  else if (error.networkError) textKey = "entityForm.errors.network";
  else textKey = GENERIC_TEXTS[action];
  return { titleKey: TITLES[action], textKey, fieldErrors, otherErrors };
}

/** A mutation that answered neither data nor an error. */
export function genericFailure(action: MutationAction): MutationFailure {
  return { titleKey: TITLES[action], textKey: GENERIC_TEXTS[action], fieldErrors: {}, otherErrors: {} };
}

/**
 * The callout of a failed client-side check (null when nothing was found). `explain` also when
 * every error sits on its field: on a long form the callout at the buttons says why nothing
 * happened, the fields say where.
 */
export function checkFailure(found: Record<string, FieldError>, formFields: ReadonlySet<string>, explain = false): MutationFailure | null {
  if (Object.keys(found).length === 0) return null;
  const failure = validationFailure(found, formFields);
  if (failure || !explain) return failure;
  return { ...genericFailure("save"), textKey: "entityForm.errors.validation" };
}

/**
 * What a mutation's answer shows: null when it did what was asked (no error, a truthy answer);
 * its error mapped by `failureOf`, or the generic failure when it answered nothing.
 */
export function answerFailure(
  error: CombinedError | undefined,
  answered: boolean,
  action: MutationAction,
  failureOf: (error: CombinedError, action: MutationAction) => MutationFailure,
): MutationFailure | null {
  if (error) return failureOf(error, action);
  return answered ? null : genericFailure(action);
}
