/** The header the web client sends on every POST (the server's CSRF check). */
const CSRF_HEADER = "x-cs-request";

/** A GraphQL call to the running server without a session (setup mutations are open until a user exists). */
export async function graphql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/backend/query`, {
    method: "POST",
    headers: { "content-type": "application/json", [CSRF_HEADER]: "1" },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

