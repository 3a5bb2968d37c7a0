import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { Box, Table } from "@mantine/core";
import { scrollHints, type ScrollHints } from "./scroll-hints";

const FADE = { position: "absolute", top: 0, bottom: 0, width: 28, pointerEvents: "none" } as const;

/**
 * A table that scrolls sideways on a phone and shows it: the scrollbar stays visible
 * while the table is wider than the screen (Mantine's default shows it on hover only, which a
 * phone has not), and a fade covers each edge that hides columns.
 */
export function ScrollTable({ minWidth, children }: { minWidth: number; children: ReactNode }): ReactNode {
  const viewport = useRef<HTMLDivElement>(null);
  const [hints, setHints] = useState<ScrollHints>({ left: false, right: false });
  const measure = useCallback((): void => {
    const element = viewport.current;
    if (!element) return;
    const next = scrollHints(element.scrollLeft, element.clientWidth, element.scrollWidth);
    setHints((previous) => (previous.left === next.left && previous.right === next.right ? previous : next));
  }, []);

  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <Box pos="relative" data-scroll-left={hints.left || undefined} data-scroll-right={hints.right || undefined}>
      <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={{ type: "auto", viewportRef: viewport, onScrollPositionChange: measure }}>
        {children}
      </Table.ScrollContainer>
      {hints.left && <div aria-hidden style={{ ...FADE, left: 0, background: "linear-gradient(to left, transparent, var(--mantine-color-body))" }} />}
      {hints.right && <div aria-hidden style={{ ...FADE, right: 0, background: "linear-gradient(to right, transparent, var(--mantine-color-body))" }} />}
    </Box>
  );
}
