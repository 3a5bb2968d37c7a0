import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Alert, Button, Center, Grid, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconInfoCircle, IconMapPin, IconPhotoOff, IconPlus } from "@tabler/icons-react";
import { useMutation, useQuery } from "urql";
import { useTranslation } from "react-i18next";
import { checkpoint } from "@caresuite/domain";
import { cacheContext, updateDocument, type EntityRecord } from "../../../entity-admin/entity-documents";
import { mutationFailure } from "../../../entity-admin/entity-errors";
import type { EntityFormPartProps } from "../../../entity-admin/form-parts";
import { emptyValues, recordToValues } from "../../../entity-admin/form-values";
import * as TESTIDS from "../../../testids";
import { notify } from "../../../ui/notify";
import { CheckpointDialog, checkpointInput, type CheckpointDraft } from "./CheckpointDialog";
import { CheckpointList } from "./CheckpointList";
import { CHECKPOINTS_OF_MAP, HIGHEST_CHECKPOINT_NUMBER } from "./checkpoint-maps.graphql";
import { MapEditor } from "./MapEditor";
import { MapImageUpload } from "./MapImageUpload";
import { nextCheckpointNumber, placed, type MapSize } from "./map-geometry";
import { useMapImage } from "./useMapImage";

const CONTEXT = cacheContext(checkpoint);

/**
 * The custom part of the checkpoint map form (spec data §3.4 "checkpoints, map_path (image)"):
 * the map image (upload/replace) and the map's checkpoints placed on it, listed beside it.
 * Checkpoints are saved on their own as they are placed; the map's fields by the form.
 */
export function CheckpointMapPart({ record, values }: EntityFormPartProps): ReactNode {
  const { t } = useTranslation();
  if (!record) {
    return (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid={TESTIDS.checkpointMaps.saveFirst}>
        {t("checkpointMaps.saveFirst")}
      </Alert>
    );
  }
  const mapPath = typeof record["map_path"] === "string" ? record["map_path"] : null;
  const section = typeof values["section_id"] === "number" ? values["section_id"] : null;
  return <MapWithCheckpoints mapId={record.id} mapPath={mapPath} mapSection={section} />;
}

function MapWithCheckpoints({ mapId, mapPath, mapSection }: { mapId: number; mapPath: string | null; mapSection: number | null }): ReactNode {
  const { t } = useTranslation();
  const image = useMapImage(mapId, mapPath);
  const [{ data, fetching, error }, reexecute] = useQuery({ query: CHECKPOINTS_OF_MAP, variables: { mapId }, context: CONTEXT });
  const [{ data: highest }] = useQuery({ query: HIGHEST_CHECKPOINT_NUMBER, variables: {}, context: CONTEXT });
  const [lastCreated, setLastCreated] = useState<number | null>(null);
  const [, update] = useMutation(updateDocument(checkpoint));
  const [draft, setDraft] = useState<CheckpointDraft | null>(null);
  const [mapSize, setMapSize] = useState<MapSize | null>(null);
  const [pending, setPending] = useState<ReadonlyMap<number, { x: number; y: number }>>(new Map());
  const checkpoints = useMemo(() => data?.checkpoints?.items ?? [], [data]);

  // A moved checkpoint shows its new place until the list has it (no jump back while saving).
  useEffect(() => {
    setPending((current) => {
      const next = new Map(
        [...current].filter(([id, at]) => {
          const stored = checkpoints.find((c) => c.id === id);
          return stored !== undefined && (placed(stored).x !== at.x || placed(stored).y !== at.y);
        }),
      );
      return next.size === current.size ? current : next;
    });
  }, [checkpoints]);

  const move = async (stored: EntityRecord, x: number, y: number): Promise<void> => {
    setPending((current) => new Map(current).set(stored.id, { x, y }));
    const input = checkpointInput({ ...recordToValues(checkpoint, stored), position_x: x, position_y: y }, mapId);
    const result = await update({ id: stored.id, data: input }, CONTEXT);
    if (result.error) {
      setPending((current) => new Map([...current].filter(([id]) => id !== stored.id)));
      const failure = mutationFailure(result.error, "save", new Set());
      notify({ type: "error", title: t(failure.titleKey), text: t(failure.textKey) });
    }
  };

  const open = (stored: EntityRecord): void => setDraft({ record: stored, values: recordToValues(checkpoint, stored) });
  const add = (x: number, y: number): void =>
    setDraft({
      record: null,
      values: {
        ...emptyValues(checkpoint),
        number: nextCheckpointNumber(checkpoints, highest?.checkpoints?.items[0]?.["number"] as number | undefined, lastCreated),
        section_id: mapSection,
        position_x: x,
        position_y: y,
      },
    });
  // The keyboard's way in: a new checkpoint in the middle of the map, placed by its x/y inputs.
  const addInMiddle = (): void => add(Math.round((mapSize?.width ?? 0) / 2), Math.round((mapSize?.height ?? 0) / 2));

  return (
    <Stack gap="sm" data-testid={TESTIDS.checkpointMaps.part}>
      <Title order={3} size="h5">
        {t("checkpointMaps.mapTitle")}
      </Title>
      <MapImageUpload mapId={mapId} hasImage={mapPath !== null} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {image.url ? (
            <MapEditor
              imageUrl={image.url}
              checkpoints={checkpoints}
              pending={pending}
              onMove={(r, x, y) => void move(r, x, y)}
              onOpen={open}
              onAdd={add}
              onSize={setMapSize}
            />
          ) : (
            <Center mih={200} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }} data-testid={TESTIDS.checkpointMaps.noImage}>
              {image.loading ? (
                <Loader size="sm" />
              ) : (
                <Group gap="xs" c="dimmed">
                  <IconPhotoOff size={20} aria-hidden />
                  <Text size="sm">{t(image.failed ? "checkpointMaps.imageFailed" : "checkpointMaps.noImage")}</Text>
                </Group>
              )}
            </Center>
          )}
          {image.url && (
            <Text size="xs" c="dimmed" mt={4}>
              {t("checkpointMaps.editorHelp")}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Group justify="space-between" mb="xs">
            <Group gap={6}>
              <IconMapPin size={18} aria-hidden />
              <Text fw={500} size="sm">
                {t("checkpointMaps.checkpoints", { count: checkpoints.length })}
              </Text>
            </Group>
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={addInMiddle} data-testid={TESTIDS.checkpointMaps.add}>
              {t("checkpointMaps.addCheckpoint")}
            </Button>
          </Group>
          <CheckpointList
            checkpoints={checkpoints}
            pending={pending}
            loading={fetching && !data}
            failed={!!error && !data}
            onRetry={() => reexecute({ requestPolicy: "network-only" })}
            onOpen={open}
          />
        </Grid.Col>
      </Grid>
      {draft && (
        <CheckpointDialog
          mapId={mapId}
          draft={draft}
          onClose={() => setDraft(null)}
          onSaved={(saved) => typeof saved["number"] === "number" && setLastCreated((n) => Math.max(n ?? 0, saved["number"] as number))}
        />
      )}
    </Stack>
  );
}
