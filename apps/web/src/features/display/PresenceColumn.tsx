import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Box, Paper, Text, UnstyledButton } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { PRESENCE_ROW_GAP_PX, presenceCapacity, presenceColumns, presenceExpansionActive, visiblePresences } from "@caresuite/domain";
import { serverNow } from "../../api/status";
import * as TESTIDS from "../../testids";
import { sinceLabel, type BoardCall } from "./display-board";

const FALLBACK_COLOR = "#868e96";
/** Space kept below the column (the page's padding). */
const BOTTOM_MARGIN_PX = 16;

/**
 * spec: "presence tiles in a side column (one column in portrait, two in landscape, row gap 10 px,
 * fallback capacity 20 tiles)"; "An overflow tile says how many more exist; clicking expands all
 * for 60 seconds."
 */
export function PresenceColumn({ presences, now }: { presences: readonly BoardCall[]; now: number }): ReactNode {
  const { t } = useTranslation();
  const landscape = useMediaQuery("(orientation: landscape)", true);
  const columns = presenceColumns(landscape);
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ availableHeight: number | null; tileHeight: number | null; beside: boolean }>({
    availableHeight: null,
    tileHeight: null,
    beside: true,
  });
  const [expandedAt, setExpandedAt] = useState<number | null>(null);

  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top + window.scrollY;
    const tile = element.querySelector<HTMLElement>("[data-tile]");
    // Beside the calls the column has the screen's height below its top; wrapped under the calls
    // (narrow screens) it has no height of its own: the spec's fallback capacity applies.
    const beside = top < window.innerHeight / 2;
    setSize({ availableHeight: beside ? window.innerHeight - top - BOTTOM_MARGIN_PX : null, tileHeight: tile ? tile.offsetHeight : null, beside });
  }, []);

  useEffect(() => {
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [measure, presences.length, columns]);

  const expanded = presenceExpansionActive(expandedAt, now);
  const capacity = presenceCapacity({ availableHeight: size.availableHeight, tileHeight: size.tileHeight, columns });
  const { shown, hidden } = visiblePresences(presences.length, capacity, expanded);

  return (
    <Box
      ref={ref}
      component="aside"
      aria-label={t("display.presences")}
      data-testid={TESTIDS.display.presences}
      data-columns={columns}
      data-capacity={capacity}
      style={{
        display: "grid",
        gridTemplateColumns: size.beside ? `repeat(${columns}, 11em)` : `repeat(${columns}, minmax(0, 1fr))`,
        width: size.beside ? undefined : "100%",
        rowGap: PRESENCE_ROW_GAP_PX,
        columnGap: PRESENCE_ROW_GAP_PX,
        alignContent: "start",
        flexShrink: 0,
        maxWidth: "100%",
      }}
    >
      {presences.slice(0, shown).map((call) => (
        <PresenceTile key={call.id} call={call} now={now} />
      ))}
      {hidden > 0 && (
        <UnstyledButton
          data-tile
          data-testid={TESTIDS.display.presenceOverflow}
          onClick={() => setExpandedAt(serverNow())}
          aria-label={t("display.presenceOverflowLabel", { count: hidden })}
          style={{
            borderRadius: "var(--mantine-radius-sm)",
            border: "1px dashed var(--mantine-color-gray-6)",
            padding: 6,
            textAlign: "center",
            background: "var(--mantine-color-white)",
          }}
        >
          <Text fw={700} fz="1.2em">
            +{hidden}
          </Text>
          <Text fz="0.75em" c="gray.7">
            {t("display.presenceOverflow", { count: hidden })}
          </Text>
        </UnstyledButton>
      )}
    </Box>
  );
}

/**
 * spec: "Presence tile: short device text, section name, handler username, short time since."
 * Tiles differ from the cards on purpose: the spec gives them the short device text (a tile is
 * 11 em wide); the long text, the one the cards show, is the tile's tooltip so both can be matched.
 */
export function PresenceTile({ call, now }: { call: BoardCall; now: number }): ReactNode {
  const { t } = useTranslation();
  const since = sinceLabel(call.opened_at, now);
  return (
    <Paper
      data-tile
      withBorder
      radius="sm"
      p={6}
      title={call.device_text_long || undefined}
      data-testid={TESTIDS.display.presence}
      data-id={call.id}
      data-device={call.number}
      style={{ borderLeft: `4px solid ${call.call_type?.color || FALLBACK_COLOR}`, minWidth: 0 }}
    >
      <Text fw={700} fz="0.9em" truncate>
        {call.device_text_short || call.device_text_long}
      </Text>
      <Text fz="0.75em" c="gray.7" truncate>
        {[call.section_name, call.handled_by_app_username].filter(Boolean).join(" · ") || "\u00a0"}
      </Text>
      <Text fz="0.75em" c="gray.7">
        {since.kind === "just_now" ? t("display.justNow") : since.text}
      </Text>
    </Paper>
  );
}
