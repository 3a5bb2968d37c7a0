import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useClient, useMutation } from "urql";
import {
  FONT_SIZES,
  LOCALES,
  displayProfileInputSchema,
  fieldErrors,
  isDisplayProfileDirty,
  normaliseDisplaySetting,
  type DisplayProfileDraft,
  type FontSize,
  type Locale,
} from "@caresuite/domain";
import { firstFieldErrors, validationFieldErrors, type FieldError } from "../../api/errors";
import { notify } from "../../ui/notify";
import { DISPLAY_PROFILES, type DisplayProfile } from "./display.graphql";
import { CREATE_DISPLAY_PROFILE, DELETE_DISPLAY_PROFILE, UPDATE_DISPLAY_PROFILE } from "./display-settings.graphql";
import { navigateDisplay, queryOf, useDisplayLocation } from "./display-location";

/** The saved profile in the shape the drawer edits (unknown enum values fall back to defaults). */
export function profileDraft(profile: DisplayProfile): DisplayProfileDraft {
  return {
    name: profile.name,
    font_size: (FONT_SIZES as readonly string[]).includes(profile.font_size) ? (profile.font_size as FontSize) : "normal",
    fullscreen: profile.fullscreen,
    locale: (LOCALES as readonly string[]).includes(profile.locale) ? (profile.locale as Locale) : "de",
    show_presences: profile.show_presences,
    show_video_stream: profile.show_video_stream,
    show_calls_from_system: profile.show_calls_from_system,
    settings: profile.settings.map(normaliseDisplaySetting),
  };
}

export interface DisplayProfileEditor {
  /** What the drawer shows: the edits, or the saved profile when there are none. */
  draft: DisplayProfileDraft | null;
  dirty: boolean;
  change: (next: DisplayProfileDraft) => void;
  discard: () => void;
  saving: boolean;
  /** Server (or schema) errors of the profile form, by field. */
  errors: Record<string, FieldError>;
  save: () => Promise<void>;
  creating: boolean;
  createErrors: Record<string, FieldError>;
  /** Resolves true when created (the route then shows the new profile). */
  create: (name: string) => Promise<boolean>;
  deleting: boolean;
  remove: () => Promise<void>;
  /** spec: "Switching the profile rewrites the route to display with that slug." */
  switchTo: (slug: string) => void;
}

/**
 * The drawer's behaviour: the draft of the shown profile, Save, Create and Delete with the
 * notifications the error catalogue names ("Profile create/update failure: action error
 * notification; delete failure: delete error notification; successes show update or delete
 * success").
 */

export function useDisplayProfileEditor(profile: DisplayProfile | null): DisplayProfileEditor {
  const { t } = useTranslation();
  const client = useClient();
  const location = useDisplayLocation();
  const saved = useMemo(() => (profile ? profileDraft(profile) : null), [profile]);
  const [edits, setEdits] = useState<DisplayProfileDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [createErrors, setCreateErrors] = useState<Record<string, FieldError>>({});
  const [update, runUpdate] = useMutation(UPDATE_DISPLAY_PROFILE);
  const [creation, runCreate] = useMutation(CREATE_DISPLAY_PROFILE);
  const [deletion, runDelete] = useMutation(DELETE_DISPLAY_PROFILE);

  const draft = edits ?? saved;
  const dirty = saved !== null && edits !== null && isDisplayProfileDirty(saved, edits);

  // The board's query shares this cache entry, so the page shows the new list too.
  const reloadProfiles = async (): Promise<DisplayProfile[]> => {
    const result = await client.query(DISPLAY_PROFILES, {}, { requestPolicy: "network-only" }).toPromise();
    return result.data?.displayProfiles ?? [];
  };

  const switchTo = (slug: string): void => {
    setEdits(null);
    navigateDisplay(`/display/${encodeURIComponent(slug)}${queryOf(location.search)}`);
  };

  const save = async (): Promise<void> => {
    if (!profile || !edits) return;
    const input = { ...edits, id: profile.id };
    // The server's schema, run first for comfort (STYLE: "Forms: ... the entity's zod schema").
    const parsed = displayProfileInputSchema.safeParse(input);
    if (!parsed.success) {
      const found = firstFieldErrors(fieldErrors(parsed.error));
      setErrors(found);
      // Only the name has a field of its own; anything else would otherwise go unnoticed.
      if (!found["name"]) notify({ type: "error", title: t("display.settings.notify.actionError") });
      return;
    }
    const result = await runUpdate({ input: parsed.data });
    if (result.error) {
      // A failed save keeps the input; field errors land on their fields.
      setErrors(validationFieldErrors(result.error));
      notify({ type: "error", title: t("display.settings.notify.actionError") });
      return;
    }
    setErrors({});
    await reloadProfiles();
    setEdits(null);
    notify({ type: "success", title: t("display.settings.notify.updateSuccess") });
  };

  const create = async (name: string): Promise<boolean> => {
    // spec: "Creating needs a non-empty name."
    const parsed = displayProfileInputSchema.safeParse({ name });
    if (!parsed.success) {
      setCreateErrors(firstFieldErrors(fieldErrors(parsed.error)));
      return false;
    }
    const result = await runCreate({ input: parsed.data });
    if (result.error || !result.data) {
      setCreateErrors(validationFieldErrors(result.error));
      notify({ type: "error", title: t("display.settings.notify.actionError") });
      return false;
    }
    setCreateErrors({});
    const id = result.data.createDisplayProfile.id;
    const created = (await reloadProfiles()).find((p) => p.id === id);
    notify({ type: "success", title: t("display.settings.notify.updateSuccess") });
    if (created) switchTo(created.slug);
    return true;
  };

  const remove = async (): Promise<void> => {
    if (!profile) return;
    const result = await runDelete({ ids: [profile.id] });
    if (result.error) {
      notify({ type: "error", title: t("display.settings.notify.deleteError") });
      return;
    }
    setEdits(null);
    await reloadProfiles();
    notify({ type: "success", title: t("display.settings.notify.deleteSuccess") });
    navigateDisplay(`/display${queryOf(location.search)}`, { replace: true });
  };

  return {
    draft,
    dirty,
    change: (next) => {
      setEdits(next);
      setErrors({});
    },
    discard: () => {
      setEdits(null);
      setErrors({});
    },
    saving: update.fetching,
    errors,
    save,
    creating: creation.fetching,
    createErrors,
    create,
    deleting: deletion.fetching,
    remove,
    switchTo,
  };
}
