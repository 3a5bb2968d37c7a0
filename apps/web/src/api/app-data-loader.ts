import { isLoggedIn, STORAGE_PREFIX } from "@caresuite/domain";
import { APP_DATA_OPERATION, APP_DATA_QUERY, normaliseAppData, type AppData, type AppDataResult, type AppDataVariables } from "./app-data";
import { errorCodes, hasErrorCode } from "./errors";
import { log } from "./log";
import { plainQuery } from "./plain-query";
import { readStorage, writeStorage } from "./storage";

/**
 * Remembers whether the last AppData saw a session, so a reload asks for the session-only
 * fields in the first request. The cookie itself is HttpOnly and cannot be read.
 */
const SESSION_HINT_KEY = `${STORAGE_PREFIX}session_hint`;

/** Login and logout know the answer before AppData does; they set the hint to save a round trip. */
export function setSessionHint(hasSession: boolean): void {
  writeStorage(SESSION_HINT_KEY, hasSession ? "1" : null);
}

async function queryAppData(hasSession: boolean) {
  return plainQuery<AppDataResult, AppDataVariables>(APP_DATA_QUERY, APP_DATA_OPERATION, { hasSession });
}

/**
 * spec §7/§8: AppData is never cached; its MISSING_AUTH is ignored (anonymous visitors get
 * the anonymous user), other GraphQL errors raise one generic notification through `onError`.
 * Network failures are already reported by the HTTP error popup. Returns null when nothing
 * usable came back.
 */
export async function loadAppData(onError: () => void): Promise<AppData | null> {
  const hinted = readStorage(SESSION_HINT_KEY) === "1";
  let result = await queryAppData(hinted);
  const loggedIn = result.data?.authUser ? isLoggedIn(result.data.authUser) : false;
  if (hinted && !loggedIn && hasErrorCode(result, "MISSING_AUTH")) {
    // The session ended (timeout, logout elsewhere): the session-only fields fail the whole
    // query, so ask again without them.
    result = await queryAppData(false);
  } else if (!hinted && loggedIn) {
    // Logged in after all (e.g. a new tab): ask again for the session-only fields.
    const second = await queryAppData(true);
    if (second.data) result = second;
  }
  const { data } = result;
  if (!result.networkError && result.graphQLErrors.length > 0) {
    const codes = errorCodes(result);
    const unexpected = codes.length < result.graphQLErrors.length || codes.some((c) => c !== "MISSING_AUTH");
    if (unexpected) {
      log.warn("AppData failed", result.graphQLErrors.map((e) => e.message).join("; "));
      onError();
    }
  }
  if (!data) return null;
  const appData = normaliseAppData(data);
  setSessionHint(isLoggedIn(appData.user));
  return appData;
}
