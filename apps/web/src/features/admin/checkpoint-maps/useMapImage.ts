import { useEffect, useState } from "react";
import { BACKEND_BASE, backendFetch } from "../../../api/backend-fetch";

export interface MapImage {
  /** A data: URL of the image (null while loading, without image, or failed). */
  url: string | null;
  loading: boolean;
  failed: boolean;
}

/** The server route of a map's image (session and system headers required). */
export const mapImageUrl = (mapId: number): string => `${BACKEND_BASE}/files/maps/${mapId}`;

function asDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(blob);
  });
}

/**
 * The image of a checkpoint map, fetched with the request's system and language headers (an
 * <img src> cannot send them). It becomes a data: URL, not a blob: URL: an SVG opened from a
 * blob: URL would run its scripts in the app's origin, a data: URL cannot be opened as a page.
 * `mapPath` changes with each upload and so reloads the image.
 */
export function useMapImage(mapId: number, mapPath: string | null): MapImage {
  const [state, setState] = useState<MapImage>({ url: null, loading: mapPath !== null, failed: false });
  const [shownPath, setShownPath] = useState(mapPath);
  if (shownPath !== mapPath) {
    setShownPath(mapPath);
    // Keep the previous image on screen until the new one is there.
    setState((previous) => ({ ...previous, loading: mapPath !== null, failed: false }));
  }

  useEffect(() => {
    if (mapPath === null) {
      setState({ url: null, loading: false, failed: false });
      return undefined;
    }
    const abort = new AbortController();
    void (async () => {
      try {
        const response = await backendFetch(mapImageUrl(mapId), { signal: abort.signal });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const url = await asDataUrl(await response.blob());
        if (!abort.signal.aborted) setState({ url, loading: false, failed: false });
      } catch {
        if (!abort.signal.aborted) setState({ url: null, loading: false, failed: true });
      }
    })();
    return () => abort.abort();
  }, [mapId, mapPath]);

  return state;
}
