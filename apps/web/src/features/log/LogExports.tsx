import { useCallback, type ReactNode } from "react";
import { Group, Stack } from "@mantine/core";
import { ExportJobs, ExportMenu, useExports } from "../../ui/exports/Exports";
import { filterToQuery, type LogFilterState } from "./log-filter";

const fieldLabelKey = (name: string): string => `log.fields.${name}`;

/**
 * The export of /log (docs/decisions/025-call-log-exports.md): a menu starts a background job for
 * the filter on screen; the user's call log exports list their state, progress and, when done,
 * the download (the shared export parts, ui/exports, as on /tree).
 */
export function LogExports({ filter }: { filter: LogFilterState }): ReactNode {
  const query = useCallback(() => filterToQuery(filter), [filter]);
  const exports = useExports("Calls", query);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <ExportMenu exports={exports} />
      </Group>
      <ExportJobs exports={exports} fieldLabelKey={fieldLabelKey} />
    </Stack>
  );
}
