/**
 * spec §5 "criterion must start with 0x, e.g. 0x6A": 0x and one to four hex digits. One rule for
 * the probable-defect monitors (incidents.ts) and the technical reports (technical-reports.ts),
 * in a module of its own so the entity registry's schema can use it without the incident rules.
 */
export const CRITERION = /^0x[0-9a-f]{1,4}$/i;

/** Whether a (trimmed) value is a criterion. */
export function isCriterion(value: string): boolean {
  return CRITERION.test(value.trim());
}
