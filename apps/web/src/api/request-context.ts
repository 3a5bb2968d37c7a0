import { FALLBACK_LOCALE, SYSTEM_HEADER, systemHeaderValue } from "@caresuite/domain";

/**
 * What every request must carry (spec §7: X-CS-System and Accept-Language). Kept outside React
 * because fetch and the socket's connectionParams read it at send time, not at render time.
 */
interface RequestContext {
  systemId: number;
  locale: string;
}

const context: RequestContext = { systemId: 1, locale: FALLBACK_LOCALE };

export function setRequestSystem(systemId: number): void {
  context.systemId = systemId;
}

export function setRequestLocale(locale: string): void {
  context.locale = locale;
}

export function currentRequestSystem(): number {
  return context.systemId;
}

/** Headers for HTTP requests and the socket's connectionParams alike. */
export function contextHeaders(): Record<string, string> {
  return {
    [SYSTEM_HEADER]: systemHeaderValue(context.systemId),
    "Accept-Language": context.locale.toLowerCase(),
  };
}
