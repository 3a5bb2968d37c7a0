import { describe, expect, it } from "vitest";
import { emptyDisplaySetting, isDisplayProfileDirty } from "@caresuite/domain";
import type { DisplayProfile } from "./display.graphql";
import { profileDraft } from "./useDisplayProfileEditor";

const profile = (change: Partial<DisplayProfile> = {}): DisplayProfile => ({
  id: 1,
  name: "Station 1",
  slug: "station-1",
  font_size: "larger",
  fullscreen: true,
  locale: "fr",
  show_presences: true,
  show_video_stream: false,
  show_calls_from_system: true,
  settings: [{ ...emptyDisplaySetting(1), weekday_schedule_id: 1, weekday_display_group_1_id: 4 }],
  ...change,
});

describe("the drawer's draft of a saved profile", () => {
  it("keeps every value the profile has", () => {
    const draft = profileDraft(profile());
    expect(draft).toMatchObject({ name: "Station 1", font_size: "larger", fullscreen: true, locale: "fr", show_presences: true });
    expect(draft.settings[0]).toMatchObject({ system_id: 1, weekday_schedule_id: 1, weekday_display_group_1_id: 4, weekend_schedule_id: null });
  });

  it("falls back to the schema's defaults for values it does not know", () => {
    expect(profileDraft(profile({ font_size: "huge", locale: "xx" }))).toMatchObject({ font_size: "normal", locale: "de" });
  });

  it("is not dirty against itself (an untouched drawer shows no Save)", () => {
    expect(isDisplayProfileDirty(profileDraft(profile()), profileDraft(profile()))).toBe(false);
  });
});
