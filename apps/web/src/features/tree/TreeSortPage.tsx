import { useMemo, useState, type ReactNode } from "react";
import { ActionIcon, Alert, Button, Center, Group, Loader, Paper, Popover, Select, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconArrowDown, IconArrowUp, IconGripVertical, IconArrowMoveRight } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useMutation, type CombinedError } from "urql";
import { hasPermission } from "@caresuite/domain";
import { errorCodes, validationFieldErrors } from "../../api/errors";
import { useModalRouteClose } from "../../app/ModalRoute";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { notify } from "../../ui/notify";
import { KindIcon } from "./KindIcon";
import { dropOrder, stepOrder } from "./sort-order";
import { SORT_TREE_NODES } from "./tree.graphql";
import { ancestorIds, isDeviceKind, type TreeIndex, type TreeNode } from "./tree-model";
import { useTreeData } from "./useTreeData";

/** The error callout's text for a refused sort or move. */
function failureText(t: TFunction, error: CombinedError): string {
  const fields = Object.values(validationFieldErrors(error));
  if (fields[0]) return t(`validation.${fields[0].message}`, { ...fields[0].data, defaultValue: t("tree.sort.errors.validation") });
  const codes = errorCodes(error);
  if (codes.includes("MISSING_PERMISSION")) return t("tree.sort.errors.permission");
  if (error.networkError) return t("tree.sort.errors.network");
  return t("tree.sort.errors.generic");
}

/** "Etage 1 / Zimmer 101": the path that tells same-named parents apart. */
function pathLabel(index: TreeIndex, node: TreeNode): string {
  const names = ancestorIds(index, node.id)
    .reverse()
    .map((id) => index.byId.get(id)?.name ?? "");
  return [...names, node.name].join(" / ");
}

/** The parent choice for the top-level nodes (buildings): ?parent=top. */
const TOP_LEVEL = "top";

/**
 * /tree/sort: the children of one parent (or the top-level nodes, `?parent=top`), reordered by
 * drag and drop or with the up/down buttons (keyboard), then saved; a node moves under another
 * parent with its move button. Ordering needs systemtree::manage_structure, moving
 * systemtree::change_parents (the server checks both).
 */
export function TreeSortPage(): ReactNode {
  const { t } = useTranslation();
  const { close } = useModalRouteClose();
  const { data: appData } = useAppData();
  const [params, setParams] = useSearchParams();
  const { index, failed, retry } = useTreeData();
  const [{ fetching }, sort] = useMutation(SORT_TREE_NODES);
  const [moved, setMoved] = useState<{ parent: number | null; ids: number[] } | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mayOrder = hasPermission(appData.user, "systemtree::manage_structure");
  const mayMove = hasPermission(appData.user, "systemtree::change_parents");

  // Parents to choose from: every element that is not a device (devices hold no children).
  const parents = useMemo(
    () =>
      index
        ? [...index.byId.values()]
            .filter((node) => !isDeviceKind(node.kind) && node.kind !== "person")
            .map((node) => ({ value: String(node.id), label: pathLabel(index, node) }))
            .sort((a, b) => a.label.localeCompare(b.label))
        : [],
    [index],
  );
  const choices = useMemo(() => [{ value: TOP_LEVEL, label: t("tree.sort.topLevel") }, ...parents], [parents, t]);
  const parentParam = params.get("parent");
  // null: the top level (the server orders the nodes without a parent); undefined: nothing to order.
  const parentId: number | null | undefined =
    parentParam === TOP_LEVEL ? null : index?.byId.has(Number(parentParam)) ? Number(parentParam) : index?.children.get(null)?.[0]?.id;
  // The tree shows a node whose parent the user cannot see as a root; only real top-level nodes sort there.
  const loaded =
    parentId === undefined || !index
      ? []
      : (index.children.get(parentId) ?? []).filter((node) => parentId !== null || node.parent_id === null).map((node) => node.id);
  const ids = moved && moved.parent === parentId ? moved.ids : loaded;

  if (failed && !index) {
    return (
      <Alert color="yellow" icon={<IconAlertCircle size={18} />} title={t("tree.loadError")}>
        <Button size="xs" variant="light" color="yellow" onClick={retry}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  if (!index) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader size="sm" aria-label={t("common.loading")} />
      </Center>
    );
  }

  const reorder = (next: number[]): void => {
    if (parentId !== undefined) setMoved({ parent: parentId, ids: next });
  };
  const save = async (): Promise<void> => {
    if (parentId === undefined) return;
    setError(null);
    const result = await sort({ parent_id: parentId, ids });
    if (result.error) {
      setError(failureText(t, result.error));
      return;
    }
    // The answer is a plain Boolean the cache cannot relate to the nodes: read them again.
    retry();
    setMoved(null);
    notify({ type: "success", title: t("tree.sort.saved") });
  };
  const moveTo = async (id: number, target: number): Promise<void> => {
    setError(null);
    const siblings = (index.children.get(target) ?? []).map((node) => node.id).filter((other) => other !== id);
    const result = await sort({ parent_id: target, ids: [...siblings, id] });
    if (result.error) {
      setError(failureText(t, result.error));
      return;
    }
    retry();
    setMoved(null);
    notify({ type: "success", title: t("tree.sort.movedNotice", { name: index.byId.get(id)?.name ?? "" }) });
  };

  return (
    <Stack gap="sm" data-testid={TESTIDS.tree.sort}>
      <Select
        label={t("tree.sort.parent")}
        data={choices}
        value={parentId === undefined ? null : parentId === null ? TOP_LEVEL : String(parentId)}
        onChange={(value) => {
          if (!value) return;
          setMoved(null);
          const next = new URLSearchParams(params);
          next.set("parent", value);
          setParams(next, { replace: true });
        }}
        searchable
        allowDeselect={false}
        nothingFoundMessage={t("tree.noMatch")}
      />
      <Text size="sm" c="dimmed">
        {mayOrder ? t("tree.sort.hint") : t("tree.sort.moveOnlyHint")}
      </Text>
      {ids.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("tree.sort.noChildren")}
        </Text>
      ) : (
        <Stack gap={4} component="ol" style={{ listStyle: "none", padding: 0, margin: 0, maxHeight: "55vh", overflowY: "auto" }}>
          {ids.map((id, position) => {
            const node = index.byId.get(id);
            if (!node) return null;
            return (
              <Paper
                key={id}
                component="li"
                withBorder
                px="xs"
                py={4}
                draggable={mayOrder}
                onDragStart={(event) => {
                  setDragged(id);
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(id));
                }}
                onDragOver={(event) => {
                  if (dragged !== null) event.preventDefault();
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  if (dragged !== null) reorder(dropOrder(ids, dragged, id));
                  setDragged(null);
                }}
                onDragEnd={() => setDragged(null)}
                style={{ cursor: mayOrder ? "grab" : undefined, opacity: dragged === id ? 0.5 : 1 }}
                data-testid={TESTIDS.tree.sortRow}
                data-id={id}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    {mayOrder && <IconGripVertical size={16} aria-hidden color="var(--mantine-color-gray-7)" />}
                    <KindIcon kind={node.kind} />
                    <Text size="sm" truncate>
                      {node.name}
                    </Text>
                  </Group>
                  <Group gap={2} wrap="nowrap">
                    {mayOrder && (
                      <>
                        <ActionIcon
                          variant="subtle"
                          disabled={position === 0}
                          onClick={() => reorder(stepOrder(ids, position, -1))}
                          aria-label={t("tree.sort.up", { name: node.name })}
                          data-testid={TESTIDS.tree.sortUp}
                          data-id={id}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={position === ids.length - 1}
                          onClick={() => reorder(stepOrder(ids, position, 1))}
                          aria-label={t("tree.sort.down", { name: node.name })}
                          data-testid={TESTIDS.tree.sortDown}
                          data-id={id}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </>
                    )}
                    {mayMove && <MoveButton node={node} parents={parents} onMove={(target) => void moveTo(id, target)} />}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={t("tree.sort.errors.title")} data-testid={TESTIDS.tree.sortError}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
        {mayOrder && (
          <Button onClick={() => void save()} loading={fetching} disabled={!moved || moved.parent !== parentId}>
            {t("common.save")}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

interface MoveButtonProps {
  node: TreeNode;
  parents: { value: string; label: string }[];
  onMove: (target: number) => void;
}

/** "Move to …": a searchable parent picker for one node. */
function MoveButton({ node, parents, onMove }: MoveButtonProps): ReactNode {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const targets = parents.filter((parent) => parent.value !== String(node.id) && parent.value !== String(node.parent_id));
  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-end" trapFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="subtle" onClick={() => setOpened((open) => !open)} aria-label={t("tree.sort.move", { name: node.name })}>
          <IconArrowMoveRight size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Select
          label={t("tree.sort.moveTo", { name: node.name })}
          data={targets}
          searchable
          nothingFoundMessage={t("tree.noMatch")}
          onChange={(value) => {
            if (!value) return;
            setOpened(false);
            onMove(Number(value));
          }}
          comboboxProps={{ withinPortal: false }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
