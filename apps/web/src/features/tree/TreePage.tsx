import { useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowsSort, IconFilter, IconPlugConnected, IconSwitchHorizontal } from "@tabler/icons-react";
import { Link, Outlet, useNavigate, useSearchParams } from "react-router";
import { useTranslation } from "react-i18next";
import { hasPermission, hasPermissions, isLicensed, routePathByName, viewFilterTest, ANY_MARKER, type AuthUser, type Licence } from "@caresuite/domain";
import { useAppData } from "../../app/providers/AppDataProvider";
import * as TESTIDS from "../../testids";
import { ExportJobs, ExportMenu, useExports } from "../../ui/exports/Exports";
import { TreeLoadState } from "./TreeLoadState";
import { ConnectionTable } from "./ConnectionTable";
import { DeviceTable } from "./DeviceTable";
import { filterTree, groupsFilter, intersectFilters, matchFilter, restrictIndex, visibleRows } from "./tree-model";
import { currentView, type TreeViewChoice } from "./tree-views";
import { TreeView } from "./TreeView";
import { useExpanded } from "./useExpanded";
import { useTreeData } from "./useTreeData";
import { useTreeViews } from "./useTreeViews";

/** The sort modal needs one of these (moves need change_parents, order needs manage_structure). */
export const SORT_PERMISSIONS = [ANY_MARKER, "systemtree::change_parents", "systemtree::manage_structure"];

/**
 * The system tree export (docs/decisions/037-system-tree-export.md) needs what the server asks:
 * the tree module and the management licence (superusers hold both).
 */
export function mayExportTree(user: AuthUser, licence: Licence): boolean {
  return hasPermission(user, "systemtree::use_module") && isLicensed(licence, "management", user);
}

/**
 * /tree, the technicians' home: the system as a virtualized tree with live open-call badges and
 * device health, or as the device, group or connection view (`?view=`). A node opens its form
 * as a modal route over the tree.
 */
export function TreePage(): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: appData } = useAppData();
  const user = appData.user;
  const [params, setParams] = useSearchParams();
  const { index, failed, retry, badges, settings, now } = useTreeData();
  const views = useTreeViews();
  const view = currentView(views, params.get("view"));
  const [filterInput, setFilterInput] = useState("");
  const filterText = useDeferredValue(filterInput);
  const { expanded, fresh, toggle, open } = useExpanded();
  const openedFirstLevel = useRef(false);

  // A new session opens the roots, so the first screen shows the buildings' floors.
  useEffect(() => {
    if (!index || !fresh || openedFirstLevel.current) return;
    openedFirstLevel.current = true;
    open((index.children.get(null) ?? []).map((node) => node.id));
  }, [index, fresh, open]);

  // The selected system view's filters (spec data §3.6 "filters (key, value)"; domain
  // rules/view-filters.ts): in every mode, before the text filter and the groups view.
  const viewFilter = useMemo(() => {
    if (!index) return null;
    const test = viewFilterTest(view.filters, settings);
    return test ? matchFilter(index, test) : null;
  }, [index, view.filters, settings]);
  const tableIndex = useMemo(() => (index ? restrictIndex(index, viewFilter) : null), [index, viewFilter]);
  const filter = useMemo(() => {
    if (!index) return null;
    const text = intersectFilters(viewFilter, filterTree(index, filterText));
    return view.mode === "groups" ? intersectFilters(groupsFilter(index), text) : text;
  }, [index, viewFilter, filterText, view.mode]);
  const rows = useMemo(() => {
    if (!index) return [];
    const shown = filter ? new Set([...expanded, ...filter.expand]) : expanded;
    return visibleRows(index, shown, filter?.visible);
  }, [index, expanded, filter]);

  const openNode = (id: number): void => {
    void navigate({ pathname: routePathByName("systemTreeNodeForm", { id }), search: params.toString() });
  };
  const setView = (choice: TreeViewChoice): void => {
    const next = new URLSearchParams(params);
    if (choice === views[0]) next.delete("view");
    else next.set("view", choice.id);
    setParams(next);
  };
  const label = (choice: TreeViewChoice): string => (choice.labelKey ? t(choice.labelKey) : choice.name);
  const mayManageDevices = hasPermission(user, "systemtree::manage_devices");
  const mayExport = mayExportTree(user, appData.licence);
  // The same menu and job list as the log's (ui/exports), of source SystemTree.
  const exports = useExports("SystemTree", undefined, !mayExport);

  let body: ReactNode;
  if (!index) {
    body = <TreeLoadState failed={failed} retry={retry} />;
  } else if (view.mode === "devices") {
    body = <DeviceTable index={tableIndex ?? index} settings={settings} now={now} onOpen={openNode} />;
  } else if (view.mode === "connections") {
    body = <ConnectionTable index={tableIndex ?? index} onOpen={openNode} />;
  } else if (rows.length === 0) {
    body = (
      <Text c="dimmed" data-testid={TESTIDS.tree.empty}>
        {filterText.trim() || viewFilter ? t("tree.noMatch") : view.mode === "groups" ? t("tree.noGroups") : t("tree.empty")}
      </Text>
    );
  } else {
    body = (
      <TreeView
        rows={rows}
        badges={badges}
        settings={settings}
        now={now}
        onToggle={toggle}
        onOpen={openNode}
        label={t("tree.treeLabel")}
        height="calc(100dvh - 260px)"
      />
    );
  }

  return (
    <Stack gap="sm" data-testid={TESTIDS.tree.page}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={2}>{t("tree.title")}</Title>
        <Group gap="xs">
          {mayExport && <ExportMenu exports={exports} hint={t("exports.treeHint")} />}
          {hasPermissions(user, SORT_PERMISSIONS) && (
            <Button
              component={Link}
              to="/tree/sort"
              variant="default"
              size="sm"
              leftSection={<IconArrowsSort size={16} aria-hidden />}
              data-testid={TESTIDS.tree.sortLink}
            >
              {t("tree.sortAction")}
            </Button>
          )}
          {mayManageDevices && (
            <Button
              component={Link}
              to="/tree/connections"
              variant="default"
              size="sm"
              leftSection={<IconPlugConnected size={16} aria-hidden />}
              data-testid={TESTIDS.tree.connectionsLink}
            >
              {t("tree.connectionsAction")}
            </Button>
          )}
          {hasPermission(user, "systemtree::see_display_group_overrides") && (
            <Button
              component={Link}
              to={routePathByName("displayGroupOverrides")}
              variant="default"
              size="sm"
              leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
              data-testid={TESTIDS.tree.overridesLink}
            >
              {t("tree.overridesAction")}
            </Button>
          )}
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <SegmentedControl
          visibleFrom="sm"
          value={view.id}
          onChange={(id) => {
            const choice = views.find((v) => v.id === id);
            if (choice) setView(choice);
          }}
          data={views.map((choice) => ({ value: choice.id, label: label(choice) }))}
          aria-label={t("tree.viewLabel")}
          data-testid={TESTIDS.tree.views}
        />
        <Select
          hiddenFrom="sm"
          label={t("tree.viewLabel")}
          value={view.id}
          data={views.map((choice) => ({ value: choice.id, label: label(choice) }))}
          onChange={(id) => {
            const choice = views.find((v) => v.id === id);
            if (choice) setView(choice);
          }}
          allowDeselect={false}
          w="100%"
        />
        {(view.mode === "tree" || view.mode === "groups") && (
          <TextInput
            type="search"
            leftSection={<IconFilter size={16} aria-hidden />}
            placeholder={t("tree.filter")}
            aria-label={t("tree.filter")}
            value={filterInput}
            onChange={(event) => setFilterInput(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 200, maxWidth: 420 }}
            data-testid={TESTIDS.tree.filter}
          />
        )}
      </Group>
      {mayExport && <ExportJobs exports={exports} />}
      {body}
      <Outlet />
    </Stack>
  );
}
