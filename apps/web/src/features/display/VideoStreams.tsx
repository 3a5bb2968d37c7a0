import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type ReactNode } from "react";
import { ActionIcon, Box, Group, Paper, Text } from "@mantine/core";
import { IconGripHorizontal, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { applyVideoStreamMessage, videoStreamLayout, videoStreamPhase, type VideoStreamWindow } from "@caresuite/domain";
import { serverNow } from "../../api/status";
import { systemMessages } from "../../app/SystemMessagesListener";
import * as TESTIDS from "../../testids";

/** spec: "videostream (action start adds the url, otherwise removes it)" while `enabled`. */
export function useVideoStreams(enabled: boolean, now: number, systemId: number): { open: VideoStreamWindow[]; close: (url: string) => void } {
  const [windows, setWindows] = useState<VideoStreamWindow[]>([]);
  useEffect(() => {
    if (!enabled) {
      setWindows([]);
      return undefined;
    }
    return systemMessages.register("videostream", (payload) => setWindows((list) => applyVideoStreamMessage(list, payload, serverNow(), [systemId])));
  }, [enabled, systemId]);
  // spec: "auto-removed after 5 minutes"
  useEffect(() => {
    if (windows.some((w) => videoStreamPhase(w, now) === "expired")) setWindows((list) => list.filter((w) => videoStreamPhase(w, now) !== "expired"));
  }, [windows, now]);
  return {
    // spec: "appear after 1 second"
    open: windows.filter((w) => videoStreamPhase(w, now) === "open"),
    close: (url) => setWindows((list) => list.filter((w) => w.url !== url)),
  };
}

/**
 * spec: "Floating video streams: draggable windows, closable ... Width 1000 px single or 615 px
 * multiple, gap 16 px, min height 600 single or 400 multiple." A stream is a camera's web page
 * or stream URL; an iframe shows both (MJPEG, HLS players, vendor pages) without a player library.
 */
export function VideoStreams({ windows, onClose }: { windows: VideoStreamWindow[]; onClose: (url: string) => void }): ReactNode {
  const { width, minHeight, gap } = videoStreamLayout(windows.length);
  if (windows.length === 0) return null;
  return (
    <>
      {windows.map((w, index) => (
        <VideoWindow key={w.url} url={w.url} width={width} minHeight={minHeight} left={gap + index * (width + gap)} top={gap} onClose={() => onClose(w.url)} />
      ))}
    </>
  );
}

function VideoWindow({
  url,
  width,
  minHeight,
  left,
  top,
  onClose,
}: {
  url: string;
  width: number;
  minHeight: number;
  left: number;
  top: number;
  onClose: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; x: number; y: number } | null>(null);
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, startY: event.clientY, x: offset.x, y: offset.y };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (start) setOffset({ x: start.x + event.clientX - start.startX, y: start.y + event.clientY - start.startY });
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <Paper
      shadow="xl"
      radius="md"
      withBorder
      data-testid={TESTIDS.display.videoStream}
      data-url={url}
      pos="fixed"
      style={{ left, top, width: `min(${width}px, calc(100vw - 32px))`, transform: `translate(${offset.x}px, ${offset.y}px)`, zIndex: 300, overflow: "hidden" }}
      role="dialog"
      aria-label={t("display.videoStream", { name: host })}
    >
      <Group
        justify="space-between"
        px="xs"
        py={4}
        bg="dark.7"
        c="white"
        wrap="nowrap"
        style={{ cursor: "move", touchAction: "none" }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
      >
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconGripHorizontal size={16} aria-hidden />
          <Text fz="sm" truncate>
            {host}
          </Text>
        </Group>
        <ActionIcon
          variant="subtle"
          color="gray.0"
          aria-label={t("display.videoStreamClose")}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={onClose}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <Box
        component="iframe"
        src={url}
        title={t("display.videoStream", { name: host })}
        allow="autoplay; fullscreen"
        style={{ display: "block", width: "100%", minHeight: `min(${minHeight}px, calc(100vh - 80px))`, border: 0, background: "#000" }}
      />
    </Paper>
  );
}
