import { JSON_POST_HEADERS } from "@caresuite/domain/api-contract";

/** A GraphQL call to the running server without a session (setup mutations are open until a user exists). */
export async function graphql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/backend/query`, {
    method: "POST",
    headers: JSON_POST_HEADERS,
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}


/** spec §7 "POST /demo/call/trigger (call_type_id, section_id, device_id, close)" on a demo server; throws unless it succeeded. */
export async function demoTrigger(baseUrl: string, device_id: number, call_type_id: number, close = false): Promise<void> {
  const response = await fetch(`${baseUrl}/demo/call/trigger`, {
    method: "POST",
    headers: JSON_POST_HEADERS,
    body: JSON.stringify({ device_id, call_type_id, ...(close ? { close: true } : {}) }),
  });
  if (response.status !== 200) throw new Error(`demo trigger ${device_id}/${call_type_id}: HTTP ${response.status} ${await response.text()}`);
}
