import { useEffect, useState } from "react";
import { useClient, type CombinedError, type TypedDocumentNode } from "urql";
import type { EntityDef } from "@caresuite/domain";
import { cacheContext, rootField, type EntityRecord, type ListResult, type ListVariables } from "./entity-documents";
import { readAllPages } from "./all-pages";
import { ALL_PAGE_SIZE } from "./list-state";

export interface AllRecords {
  /** Every record (up to MAX_ALL_PAGES pages), null until all pages arrived. */
  items: EntityRecord[] | null;
  total: number;
  error: CombinedError | undefined;
  retry: () => void;
}

interface State {
  items: EntityRecord[] | null;
  total: number;
  error: CombinedError | undefined;
}

const EMPTY: State = { items: null, total: 0, error: undefined };

/**
 * Every record of an entity, read page by page (the server gives at most 200 per request): for
 * reference pickers and the sort page, which must send every id. The pages stay subscribed, so a
 * mutation of the entity (same record type) refreshes them.
 */
export function useAllRecords(
  entity: EntityDef | undefined,
  document: TypedDocumentNode<ListResult, ListVariables> | undefined,
  variables: Omit<ListVariables, "offset" | "limit"> = {},
): AllRecords {
  const client = useClient();
  const [state, setState] = useState<State>(EMPTY);
  const [attempt, setAttempt] = useState(0);
  const variablesKey = JSON.stringify(variables);

  useEffect(() => {
    if (!entity || !document) return undefined;
    const extra = JSON.parse(variablesKey) as ListVariables;
    const context = { ...cacheContext(entity), requestPolicy: attempt > 0 ? ("network-only" as const) : ("cache-first" as const) };
    setState(EMPTY);
    return readAllPages<EntityRecord, CombinedError>(
      (index, answer) =>
        client.query(document, { ...extra, offset: index * ALL_PAGE_SIZE, limit: ALL_PAGE_SIZE }, context).subscribe((result) => {
          const page = result.data?.[rootField.list(entity)];
          if (result.error) answer({ error: result.error });
          else if (page) answer({ items: page.items, total: page.total });
        }),
      (items, total) => setState({ items, total, error: undefined }),
      (error) => setState((previous) => ({ ...previous, error })),
    );
  }, [client, entity, document, variablesKey, attempt]);

  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
