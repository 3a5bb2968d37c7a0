import { useState } from "react";
import type { CombinedError } from "@urql/core";
import type { TFunction } from "i18next";
import type { FieldError } from "../api/errors";
import { notify } from "../ui/notify";
import { answerFailure, checkFailure, mutationFailure, type MutationAction, type MutationFailure } from "./entity-errors";

/** A success notification's title and text. */
export interface Notice {
  title: string;
  text: string;
}

interface FormMutationOptions {
  /** The inputs the form shows: their errors go onto the fields, the others into the callout. */
  fields: ReadonlySet<string>;
  /** A form's own reading of a failed mutation (default: `mutationFailure`; a delete has no fields). */
  failureOf?: (error: CombinedError, action: MutationAction) => MutationFailure;
  /** Also a callout when every client-side error has its field (see `checkFailure`). */
  explainCheck?: boolean;
}

export interface FormMutation {
  /** Field errors to show on the inputs. */
  errors: Record<string, FieldError>;
  /** The error callout (spec §8: "mutation error shows error callout"); null while there is none. */
  failure: MutationFailure | null;
  /** The client-side check before sending: shows what was found; true when nothing was. */
  check: (found: Record<string, FieldError>) => boolean;
  /**
   * A mutation's answer: true when it did what was asked (then `notice` is notified); else the
   * failure is shown, a failed save's field errors on the fields. Typed values are never touched.
   */
  succeeded: <T>(action: MutationAction, error: CombinedError | undefined, answer: T | null | undefined, notice?: (answer: T) => Notice) => answer is T;
  /** Shows a failure reported by a part that runs its own mutation (the registry's delete button). */
  fail: (failure: MutationFailure) => void;
}

/**
 * The save and delete cycle every admin form shares (users, roles, registry entities, system
 * parameters, global settings, the checkpoint dialog): client check, field errors, the error
 * callout, the success notification. The form keeps its values: a failed save loses nothing typed.
 */
export function useFormMutation({ fields, failureOf, explainCheck = false }: FormMutationOptions): FormMutation {
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<MutationFailure | null>(null);
  const toFailure = failureOf ?? ((error: CombinedError, action: MutationAction) => mutationFailure(error, action, action === "save" ? fields : new Set()));

  const check = (found: Record<string, FieldError>): boolean => {
    setErrors(found);
    setFailure(checkFailure(found, fields, explainCheck));
    return Object.keys(found).length === 0;
  };

  const succeeded = <T>(
    action: MutationAction,
    error: CombinedError | undefined,
    answer: T | null | undefined,
    notice?: (answer: T) => Notice,
  ): answer is T => {
    const next = answerFailure(error, Boolean(answer), action, toFailure);
    if (next) {
      if (action === "save") setErrors(next.fieldErrors);
      setFailure(next);
      return false;
    }
    setFailure(null);
    if (notice) notify({ type: "success", ...notice(answer as T) });
    return true;
  };

  return { errors, failure, check, succeeded, fail: setFailure };
}

/** "Saved": the notice of a stored record, by its name. */
export function savedNotice(t: TFunction, name: string): Notice {
  return { title: t("entityForm.savedTitle"), text: t("entityForm.savedText", { name }) };
}

/** "Deleted": the notice of a removed record, by its name. */
export function deletedNotice(t: TFunction, name: string): Notice {
  return { title: t("entityForm.deletedTitle"), text: t("entityForm.deletedText", { name }) };
}
