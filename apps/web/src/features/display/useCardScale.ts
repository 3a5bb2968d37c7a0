import { useEffect, useState, type CSSProperties, type RefObject } from "react";
import { callCardScale, type CallCardScale } from "@caresuite/domain";

/** The page's padding below the cards (Mantine "md"). */
const BOTTOM_PX = 16;
const GAP_PX = 12;

/**
 * The cards' grid and text sizes for the area the cards have: the container's width and the
 * screen's height below its top (domain callCardScale). Follows window resizes and the container's
 * width (the presence column beside it, the notes column).
 */
export function useCardScale(
  ref: RefObject<HTMLElement | null>,
  calls: number,
  minTitlePx: number,
): { scale: CallCardScale; style: CSSProperties; fitKey: string } {
  const [area, setArea] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      const next = { width: Math.round(element.clientWidth), height: Math.round(window.innerHeight - top - BOTTOM_PX) };
      setArea((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
    };
  }, [ref]);
  const scale = callCardScale({ calls, width: area.width, height: area.height, gap: GAP_PX, minTitlePx });
  const style = {
    display: "grid",
    gap: GAP_PX,
    gridTemplateColumns: `repeat(${scale.columns}, minmax(0, 1fr))`,
    "--card-height": `${scale.cardHeight}px`,
    "--card-title-px": `${scale.titlePx}px`,
    "--card-type-px": `${scale.typePx}px`,
    "--card-meta-px": `${scale.metaPx}px`,
  } as CSSProperties;
  return { scale, style, fitKey: `${scale.titlePx}:${scale.columns}:${area.width}` };
}
