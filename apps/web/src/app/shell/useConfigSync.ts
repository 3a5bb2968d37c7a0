import { useStore } from "../../api/store";
import { useAppData } from "../providers/AppDataProvider";
import { commitPush, effectiveCommitStart, effectiveLastChange, localChange, syncJobs } from "../config-sync";

/** AppData's sync facts merged with what was pushed since (spec §7 push handling). */
export function useConfigSync(): { commitStart: string | null; lastChange: string | null; syncJobCount: number } {
  const { data } = useAppData();
  const push = useStore(commitPush);
  const local = useStore(localChange);
  const jobs = useStore(syncJobs);
  return {
    commitStart: effectiveCommitStart(data.appState.committing_gets_config, push),
    lastChange: effectiveLastChange(data.appState.last_gets_change, local),
    syncJobCount: jobs.length,
  };
}
