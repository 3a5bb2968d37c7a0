/**
 * spec data §3.5 "Display profile: id, name, slug, font_size, fullscreen, locale, show_presences,
 * show_video_stream, show_calls_from_system, settings per system ... Create/update input omits slug
 * and type name; settings for disabled systems are dropped."
 */
export const FONT_SIZES = ["normal", "larger", "largest"] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** A font size as a profile or the fontsize parameter gives it; anything else is null (the default applies). */
export function readFontSize(value: string | null | undefined): FontSize | null {
  return (FONT_SIZES as readonly (string | null | undefined)[]).includes(value) ? (value as FontSize) : null;
}

/** A URL slug from a profile name: lower case ASCII, digits and dashes ("Station 1 – Flur" → "station-1-flur"). */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 100);
  return slug || "profil";
}
