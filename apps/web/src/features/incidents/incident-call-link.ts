/**
 * The detail's link to a Defect's call (docs/decisions/035-incident-screens.md): the call form as a
 * modal over the incident list (`call/:id`), keeping the list's query string. None without a call
 * id: the server gives one only for a Defect whose call the viewer may read.
 */
export function incidentCallLink(callId: number | null | undefined, search: string): { pathname: string; search: string } | null {
  if (callId === null || callId === undefined || !Number.isSafeInteger(callId) || callId <= 0) return null;
  return { pathname: `/analytics/incidents/call/${callId}`, search };
}
