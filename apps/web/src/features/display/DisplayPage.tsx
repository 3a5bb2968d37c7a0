import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ActionIcon, Alert, Badge, Box, Button, Center, Group, Loader, Text, Title, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconArrowLeft, IconInfoCircle, IconMaximize, IconMinimize, IconPlugConnectedX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useQuery, useSubscription } from "urql";
import {
  autoFullscreen,
  boardView,
  canCloseCallManually,
  hasPermission,
  isLoggedIn,
  parseDisplayQuery,
  readFontSize,
  STORAGE_PREFIX,
  type FontSize,
} from "@caresuite/domain";
import { readStorage, writeStorage } from "../../api/storage";
import { serverNow } from "../../api/status";
import { systemMessages } from "../../app/SystemMessagesListener";
import { useAppData } from "../../app/providers/AppDataProvider";
import { useSystemContext } from "../../app/providers/SystemProvider";
import { changeLocale, currentLocale, isLocale } from "../../i18n";
import * as TESTIDS from "../../testids";
import { useServerClock } from "../../ui/useServerClock";
import { EmptyBoard, LiveDot, NotesColumn, OverrideBanner, ProfileNotFound } from "./BoardParts";
import { clockTime, type BoardCall } from "./display-board";
import { ACTIVE_DISPLAY_NOTES, DISPLAY_CALLS_CHANGED, DISPLAY_PROFILES, DISPLAY_RELATIONS, type DisplayProfile } from "./display.graphql";
import { DisplayCallCard } from "./DisplayCallCard";
import { DisplaySignOut } from "./DisplaySignOut";
import { navigateDisplay, queryOf, useDisplayLocation } from "./display-location";
import { DisplaySettingsButton, openDisplaySettings } from "./DisplaySettingsButton";
import { NotificationToggle, notificationsSupported, ShareLinkButton, useBrowserNotifications, useCallNotifications } from "./DisplayHeaderTools";
import { PresenceColumn } from "./PresenceColumn";
import { useBoardFullscreen } from "./useBoardFullscreen";
import { useCardScale } from "./useCardScale";
import { useConnectionLost } from "./useConnectionState";
import { useDisplayReload } from "./useDisplayReload";
import { useVideoStreams, VideoStreams } from "./VideoStreams";

/** spec §9: "Storage prefix cs."; the last profile this screen showed. */
export const LAST_PROFILE_KEY = `${STORAGE_PREFIX}display_profile`;

// The call form is for signed-in staff only: wall screens never load it.
const DisplayCallForm = lazy(() => import("./DisplayCallForm").then((m) => ({ default: m.DisplayCallForm })));

const FONT_SCALE: Record<FontSize, string> = { normal: "16px", larger: "20px", largest: "24px" };
/**
 * Above 2000 px of width (4K wall screens) the board's base size grows with the screen, so the
 * header, presence tiles and notes do not shrink to a stamp next to the cards.
 */
const WALL_SCALE_VW = 0.8;
/** The font size setting is the room name's floor when many calls shrink the cards (1.4 em, the size before cards scaled). */
const MIN_TITLE_PX: Record<FontSize, number> = { normal: 22, larger: 28, largest: 34 };

/**
 * /display/:slug? — chooses the profile (spec: "the slug in the URL chooses the profile,
 * otherwise the last used profile"), then renders the board.
 */
export function DisplayPage(): ReactNode {
  const { t } = useTranslation();
  const { slug, callId, search } = useDisplayLocation();
  const [{ data, fetching, error }, refetchProfiles] = useQuery({ query: DISPLAY_PROFILES, requestPolicy: "cache-and-network" });

  useEffect(() => systemMessages.register("displayprofile.updated", () => refetchProfiles({ requestPolicy: "network-only" })), [refetchProfiles]);

  const profiles = data?.displayProfiles;
  const list = profiles ?? [];
  const query = queryOf(search);
  const profile = slug ? list.find((p) => p.slug === slug) : undefined;
  const redirect = profileRedirect(slug, profile, list, `${callId === undefined ? "" : `/call/${callId}`}${query}`, Boolean(error), Boolean(profiles));
  // an unknown slug still redirects (spec), and the board says which profile it did not find.
  const [missingSlug, setMissingSlug] = useState<string | null>(null);
  const unknown = slug !== undefined && redirect !== null && !profile ? slug : null;
  useEffect(() => {
    if (unknown !== null) setMissingSlug(unknown);
    if (redirect) navigateDisplay(redirect, { replace: true });
  }, [redirect, unknown]);

  if ((!profiles && fetching) || redirect) {
    return (
      <Center h="100vh">
        <Loader aria-label={t("display.loading")} />
      </Center>
    );
  }
  return <DisplayBoard key={profile?.id ?? 0} profile={profile ?? null} missingSlug={missingSlug} onDismissMissing={() => setMissingSlug(null)} />;
}

/**
 * Where the board must go instead of showing this address, or null to stay. `rest` is what follows
 * the slug (an open call form, the query string) and is kept.
 */
function profileRedirect(
  slug: string | undefined,
  profile: DisplayProfile | undefined,
  list: readonly DisplayProfile[],
  rest: string,
  failed: boolean,
  loaded: boolean,
): string | null {
  if (!loaded) return null;
  // spec: "An unknown slug redirects to the empty slug."
  if (slug && !profile && !failed) return `/display${rest}`;
  if (!slug) {
    // spec: "An empty slug with a known last-used profile redirects to it unless query parameters exist."
    const last = readStorage(LAST_PROFILE_KEY);
    if (last && !rest.includes("?") && list.some((p) => p.slug === last)) return `/display/${encodeURIComponent(last)}${rest}`;
  }
  return null;
}

function DisplayBoard({
  profile,
  missingSlug,
  onDismissMissing,
}: {
  profile: DisplayProfile | null;
  missingSlug: string | null;
  onDismissMissing: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const { search, slug, callId } = useDisplayLocation();
  const params = useMemo(() => parseDisplayQuery(search), [search]);
  const { data: appData } = useAppData();
  const { systemId } = useSystemContext();
  const now = useServerClock();
  const lost = useConnectionLost();
  const wide = useMediaQuery("(min-width: 1100px)");
  const loggedIn = isLoggedIn(appData.user);
  const {
    fullscreen,
    enter: enterFullscreen,
    exit: exitFullscreen,
  } = useBoardFullscreen(
    params.fullscreen || autoFullscreen({ configured: profile?.fullscreen === true, loggedIn, pageOpenedAt: performance.timeOrigin, now: Date.now() }),
  );
  const notifications = useBrowserNotifications();
  useDisplayReload();

  useEffect(() => {
    if (profile) writeStorage(LAST_PROFILE_KEY, profile.slug);
  }, [profile]);

  // The profile's language unless the URL names one (spec: locale query parameter first).
  useEffect(() => {
    const wanted = profile?.locale;
    if (!search.get("locale") && isLocale(wanted) && wanted !== currentLocale()) void changeLocale(wanted);
  }, [profile, search]);

  const overridden = params.weekday !== null || params.weekend !== null;
  const [relations, refetchRelations] = useQuery({ query: DISPLAY_RELATIONS, variables: { system_id: systemId }, pause: !profile && !overridden });
  const [notesResult, refetchNotes] = useQuery({ query: ACTIVE_DISPLAY_NOTES, requestPolicy: "cache-and-network" });
  const [calls] = useSubscription({ query: DISPLAY_CALLS_CHANGED });
  const [lastUpdate, setLastUpdate] = useState<number | null>(null);
  useEffect(() => {
    if (calls.data) setLastUpdate(serverNow());
  }, [calls.data]);

  // spec: "Schedule, display group and display profile updates ... trigger a refetch"; notes too.
  useEffect(() => {
    const again = () => refetchRelations({ requestPolicy: "network-only" });
    const offs = [
      systemMessages.register("schedule.updated", again),
      systemMessages.register("displaygroup.updated", again),
      systemMessages.register("displaynote.updated", () => refetchNotes({ requestPolicy: "network-only" })),
    ];
    return () => offs.forEach((off) => off());
  }, [refetchRelations, refetchNotes]);

  // The board rule (domain boardView) reads the time by the minute: schedules and windows change no faster.
  const minute = Math.floor(now / 60_000);
  const systemParams = appData.publicSystemParams.find((p) => p.id === systemId);
  const { cards, presences, overrides } = useMemo(
    () =>
      boardView({
        calls: calls.data?.callsChanged ?? [],
        profile,
        relations: relations.data?.displayRelations ?? null,
        query: params,
        systemId,
        weekend: { start: systemParams?.weekend_start ?? 0, stop: systemParams?.weekend_stop ?? 0 },
        now: new Date(minute * 60_000),
      }),
    [calls.data, profile, relations.data, params, systemId, systemParams, minute],
  );
  const notes = notesResult.data?.activeDisplayNotes ?? [];
  const fontSize = params.fontSize ?? readFontSize(profile?.font_size) ?? "normal";
  const noSystems = profile !== null && profile.settings.length === 0;
  useCallNotifications(notifications.enabled, calls.data ? cards : null);
  // spec: "show_video_stream" of the profile or the videostream parameter.
  const videoStreams = useVideoStreams(params.videoStream || profile?.show_video_stream === true, now, systemId);

  // spec: "A logged-in user clicking a call opens displayCallForm; if the profile has more than
  // one system setting, callForm opens in a new tab."
  const openCall = async (call: BoardCall) => {
    // The route table loads on the first click only: anonymous wall screens never click.
    const { routePathByName } = await import("@caresuite/domain/routes");
    if (profile && profile.settings.length > 1) {
      window.open(routePathByName("callForm", { id: call.id }, { system: call.system_id }), "_blank", "noopener");
      return;
    }
    navigateDisplay(`${routePathByName("displayCallForm", { id: call.id, slug: profile?.slug })}${queryOf(search)}`);
  };
  const liveCalls = calls.data?.callsChanged ?? [];
  const formCall = callId === undefined ? null : (liveCalls.find((c) => c.id === callId) ?? null);
  const cardsRef = useRef<HTMLDivElement>(null);
  const cardScale = useCardScale(cardsRef, cards.length, MIN_TITLE_PX[fontSize]);
  const closeForm = () => navigateDisplay(`/display${slug ? `/${encodeURIComponent(slug)}` : ""}${queryOf(search)}`);

  return (
    <Box
      component="main"
      aria-label={t("display.title")}
      data-testid={TESTIDS.display.page}
      data-fullscreen={fullscreen ? "true" : "false"}
      data-font-size={fontSize}
      p="md"
      mih="100vh"
      style={{ fontSize: `max(${FONT_SCALE[fontSize]}, ${WALL_SCALE_VW}vw)` }}
      bg="gray.0"
    >
      {/* Fullscreen hides the header; the page keeps its heading for screen readers (also inside the demo's iframe). */}
      {fullscreen && (
        <VisuallyHidden component="h1">
          {t("display.title")}
          {profile ? ` – ${profile.name}` : ""}
        </VisuallyHidden>
      )}
      {!fullscreen && (
        <Group justify="space-between" mb="md" data-testid={TESTIDS.display.header}>
          <Group gap="sm">
            {/* a signed-in user gets back to the app; wall screens (not signed in) and fullscreen never show it.
                Until the tree and the log have screens, the home redirect of every user ends on this board, so the link
                goes to the one app section that exists (administration) and shows only to those who may open it. */}
            {loggedIn && hasPermission(appData.user, "admin::use_module") && (
              <Button
                component="a"
                href="/admin"
                variant="subtle"
                size="compact-sm"
                leftSection={<IconArrowLeft size={16} />}
                data-testid={TESTIDS.display.backToApp}
              >
                {t("display.backToApp")}
              </Button>
            )}
            {loggedIn && <DisplaySignOut />}
            <Title order={1} fz="1.5em">
              {t("display.title")}
            </Title>
            <Badge size="lg" variant="light" data-testid={TESTIDS.display.profileBadge}>
              {profile?.name ?? t("display.noProfile")}
            </Badge>
          </Group>
          <Group gap="sm">
            {!lost && <LiveDot />}
            <ShareLinkButton
              settings={{
                fullscreen: params.fullscreen || profile?.fullscreen === true,
                showVideoStream: params.videoStream || profile?.show_video_stream === true,
                locale: params.locale ?? profile?.locale ?? "de",
                fontSize,
              }}
            />
            {notificationsSupported() && <NotificationToggle enabled={notifications.enabled} onToggle={() => void notifications.toggle()} />}
            <DisplaySettingsButton profile={profile} />
            <ActionIcon
              title={t("display.fullscreenEnter")}
              variant="default"
              size="lg"
              aria-label={t("display.fullscreenEnter")}
              onClick={enterFullscreen}
              data-testid={TESTIDS.display.fullscreenToggle}
            >
              <IconMaximize size={20} />
            </ActionIcon>
          </Group>
        </Group>
      )}
      {lost && (
        <Alert color="red" variant="filled" mb="md" icon={<IconPlugConnectedX size={22} />} role="alert" data-testid={TESTIDS.display.connectionLost}>
          <Text fw={700} fz="1.1em">
            {lastUpdate === null ? t("display.connectionLostNever") : t("display.connectionLost", { time: clockTime(lastUpdate) })}
          </Text>
        </Alert>
      )}
      <OverrideBanner overrides={overrides} groups={relations.data?.displayRelations.display_groups ?? []} />
      {missingSlug !== null && <ProfileNotFound slug={missingSlug} profile={profile?.name ?? null} onDismiss={onDismissMissing} />}
      {noSystems && (
        <Alert color="yellow" mb="md" icon={<IconInfoCircle size={20} />} title={t("display.noSystemsTitle")} data-testid={TESTIDS.display.noSystems}>
          <Text size="sm">{t("display.noSystemsText")}</Text>
          {/* Signed-in staff fix it right here (the drawer lives in the header); a wall screen shows the hint only. */}
          {loggedIn && !fullscreen && (
            <Button size="xs" variant="default" mt="xs" onClick={openDisplaySettings}>
              {t("display.noSystemsAction")}
            </Button>
          )}
        </Alert>
      )}
      {/* Wraps on narrow screens: the presence column goes below the cards instead of over them. */}
      <Box style={{ display: "flex", flexWrap: "wrap", gap: "1em", alignItems: "flex-start" }}>
        <Box ref={cardsRef} style={{ flex: "1 1 16em", minWidth: 0 }}>
          {!calls.data ? (
            <Center py="xl">
              <Loader aria-label={t("display.loading")} />
            </Center>
          ) : cards.length === 0 ? (
            <EmptyBoard fullscreen={fullscreen} now={now} presences={presences.length} />
          ) : (
            <Box
              component="section"
              aria-label={t("display.calls")}
              data-testid={TESTIDS.display.calls}
              data-columns={cardScale.scale.columns}
              style={cardScale.style}
            >
              {cards.map((call) => (
                <DisplayCallCard
                  key={call.id}
                  call={call}
                  now={now}
                  onOpen={loggedIn ? (call) => void openCall(call) : undefined}
                  canClose={canCloseCallManually(appData.user, call)}
                  fitKey={cardScale.fitKey}
                />
              ))}
            </Box>
          )}
        </Box>
        {presences.length > 0 && <PresenceColumn presences={presences} now={now} />}
        {wide && notes.length > 0 && <NotesColumn notes={notes} />}
      </Box>
      {fullscreen && (
        <Group pos="fixed" bottom={8} right={8} gap="xs">
          {!lost && <LiveDot />}
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={t("display.fullscreenExit")}
            onClick={exitFullscreen}
            data-testid={TESTIDS.display.fullscreenToggle}
          >
            <IconMinimize size={14} />
          </ActionIcon>
        </Group>
      )}
      <VideoStreams windows={videoStreams.open} onClose={videoStreams.close} />
      {/* spec: "Only logged-in users can open call forms". */}
      {loggedIn && callId !== undefined && (
        <Suspense fallback={null}>
          <DisplayCallForm call={formCall} now={now} canClose={formCall !== null && canCloseCallManually(appData.user, formCall)} onClose={closeForm} />
        </Suspense>
      )}
    </Box>
  );
}
