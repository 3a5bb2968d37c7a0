/**
 * The demo's "preview of three users' app views" (spec "Demo screen"): what three nurses' phones
 * would receive. There is no app-user query yet, so the three views are fixed here, by the
 * sections of the virtual call system's demo hospital (apps/simulator/src/site/sections.ts:
 * Station 1 = section 1 on "1. OG", Station 2 = section 2 on "2. OG").
 */
export interface AppPreview {
  id: "station1" | "station2" | "night";
  /** i18n key of the user's name on the phone. */
  labelKey: string;
  sectionIds: readonly number[];
  /** The night nurse's group ("Nacht Haus A") leaves presences out. */
  presences: boolean;
}

export const APP_PREVIEWS: readonly AppPreview[] = [
  { id: "station1", labelKey: "demo.app.users.station1", sectionIds: [1], presences: true },
  { id: "station2", labelKey: "demo.app.users.station2", sectionIds: [2], presences: true },
  { id: "night", labelKey: "demo.app.users.night", sectionIds: [1, 2], presences: false },
];

export interface PreviewableCall {
  section: { id: number } | null;
  call_type: { flag: string } | null;
}

/** The calls the preview's user receives, in the order given (the server's display order). */
export function callsForPreview<T extends PreviewableCall>(calls: readonly T[], preview: AppPreview): T[] {
  return calls.filter(
    (call) => call.section !== null && preview.sectionIds.includes(call.section.id) && (preview.presences || call.call_type?.flag !== "Presence"),
  );
}

/** The phone the previews are drawn at, in CSS pixels. */
export const PHONE_SIZE = { width: 300, height: 560 } as const;

/**
 * How much a preview drawn at `design` size is scaled to fit `available`. spec: "Preview scale is
 * capped at 1" - a big screen shows the phone at its real size, never blown up. Before the space
 * is measured (0) the preview shows at its real size.
 */
export function previewScale(available: { width: number; height: number }, design: { width: number; height: number } = PHONE_SIZE): number {
  const ratios = [available.width / design.width, available.height / design.height].filter((ratio) => Number.isFinite(ratio) && ratio > 0);
  return Math.min(1, ...ratios);
}
