/**
 * The display board's card sizes ("cards and text scale with the viewport and with the
 * number of calls ... at 1920×1080 with up to 6 calls, the room name is at least 64 px and the
 * call-type text at least 32 px"). DIN VDE 0834 asks corridor displays to read at 20 m: the board
 * gives the few open calls of a quiet ward the whole screen and shrinks only as calls pile up.
 */

/** The board's grid and its text sizes in CSS pixels. */
export interface CallCardScale {
  columns: number;
  /** The card's height that fills the area (rows of `columns`); at least the text's own height. */
  cardHeight: number;
  /** Room name (device text). */
  titlePx: number;
  /** Call type or handler, and the time since opened. */
  typePx: number;
  /** Section name and the call source letter's caption. */
  metaPx: number;
}

export interface CallCardArea {
  /** Open call cards on the board. */
  calls: number;
  /** The width and height the cards have, in CSS pixels. */
  width: number;
  height: number;
  /** The gap between cards, in CSS pixels. */
  gap?: number;
  /** The smallest room-name size (the profile's font size setting), in CSS pixels. */
  minTitlePx?: number;
}

/** Most columns the board uses: beyond this the cards scroll instead of shrinking further. */
export const MAX_CARD_COLUMNS = 6;
/** Room names read at this size at most (a single call on a 4K screen). */
export const MAX_TITLE_PX = 200;
/** "Zimmer 103 Bett 1" (17 bold characters, ~10.7 em) and the card's padding fit one line of a card 11.5 em wide. */
const TITLE_EMS_ACROSS = 11.5;
/** Title, section and type rows with padding: a card is about 3.4 room-name ems tall. */
const TITLE_EMS_DOWN = 3.4;
const TYPE_RATIO = 0.5;
const META_RATIO = 0.4;

/**
 * Chooses the column count that gives the largest room name for `calls` cards in the area, and
 * the sizes that follow. The type text is half the room name, the section 0.4 of it, each with a floor.
 */
export function callCardScale(area: CallCardArea): CallCardScale {
  const gap = area.gap ?? 12;
  const floor = Math.max(12, area.minTitlePx ?? 22);
  const width = Math.max(0, area.width);
  const height = Math.max(0, area.height);
  const calls = Math.max(1, Math.floor(area.calls));
  let best = { columns: 1, title: 0, cardHeight: 0 };
  for (let columns = 1; columns <= Math.min(MAX_CARD_COLUMNS, calls); columns++) {
    const rows = Math.ceil(calls / columns);
    const cardWidth = (width - gap * (columns - 1)) / columns;
    const cardHeight = (height - gap * (rows - 1)) / rows;
    const title = Math.min(cardWidth / TITLE_EMS_ACROSS, cardHeight / TITLE_EMS_DOWN);
    // Ties go to fewer columns: wider cards keep long names on one line.
    if (title > best.title) best = { columns, title, cardHeight };
  }
  const titlePx = Math.round(Math.min(MAX_TITLE_PX, Math.max(floor, best.title)));
  return {
    columns: best.columns,
    cardHeight: Math.round(Math.max(titlePx * TITLE_EMS_DOWN, best.cardHeight)),
    titlePx,
    // Many calls on a small screen: the smaller texts keep the board's old sizes (0.9 em and 0.8 em of 16 px at the 22 px floor).
    typePx: Math.round(Math.max(titlePx * TYPE_RATIO, floor * 0.65)),
    metaPx: Math.round(Math.max(titlePx * META_RATIO, floor * 0.6)),
  };
}
