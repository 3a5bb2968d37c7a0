import type { IncomingMessage } from "node:http";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { hasWritePermission, isLoggedIn, UPDATE_PACKAGE_MAX_BYTES, UPLOAD_RULES } from "@caresuite/domain";
import { HttpClientError } from "./client-error.ts";
import { readMultipart, type MultipartLimits } from "./multipart.ts";

export const GRAPHQL_PATH = "/backend/query";

const LARGEST_FILE = Math.max(...Object.values(UPLOAD_RULES).map((rule) => rule.maxBytes));
const FIELD_BYTES = 256 * 1024;
const FILES = 2;

/**
 * Multipart limits (docs/decisions/007-http-hardening.md): one byte over the largest upload rule
 * per file (a file cut there is known to be too big, and the resolver says so in the user's
 * language), two files (one operation takes one today), the JSON parts as large as a JSON body,
 * and 5 s without a byte ends a body that declared more than it sends.
 */
export const UPLOAD_LIMITS: MultipartLimits = {
  fieldBytes: FIELD_BYTES,
  fileBytes: LARGEST_FILE + 1,
  files: FILES,
  totalBytes: FILES * (LARGEST_FILE + 1) + 2 * FIELD_BYTES + 64 * 1024,
  idleMs: 5_000,
  // An update package (modules/updates) is far larger than any other upload: only its mutation,
  // one file, gets the room (docs/decisions/043-signed-updates.md).
  large: {
    operation: /\buploadUpdatePackage\b/,
    fileBytes: UPDATE_PACKAGE_MAX_BYTES + 1,
    totalBytes: UPDATE_PACKAGE_MAX_BYTES + 1 + 2 * FIELD_BYTES + 64 * 1024,
  },
};

const { large: _large, ...SMALL_UPLOAD_LIMITS } = UPLOAD_LIMITS;

const pathOf = (url: string): string => url.split("?", 1)[0] ?? url;

/**
 * The multipart parser of /backend/query. A body is only read for a signed-in user (the session
 * is known from onRequest), and only up to the `operations` part until that part names a mutation
 * with an Upload variable (http/multipart.ts). Everything else is answered unread and the
 * connection closed, so no one can hold the server with a body it never wanted.
 */
async function parseMultipart(request: FastifyRequest, payload: IncomingMessage): Promise<Record<string, unknown>> {
  if (pathOf(request.url) !== GRAPHQL_PATH) throw new HttpClientError(415, `multipart/form-data is only accepted by ${GRAPHQL_PATH}.`);
  if (!request.ctx || !isLoggedIn(request.ctx.user)) throw new HttpClientError(401, "Sign in to upload files.", "MISSING_AUTH");
  // The large limit only for those who may install updates: nobody else makes the server hold 64 MB.
  const limits = hasWritePermission(request.ctx.user, "admin::manage_system") ? UPLOAD_LIMITS : SMALL_UPLOAD_LIMITS;
  return readMultipart(payload, request.headers, limits).operations;
}

/** Registers the multipart parser, and Connection: close for every answer sent before its body was read. */
export function registerGraphqlUploads(app: FastifyInstance): void {
  app.addContentTypeParser("multipart/form-data", parseMultipart);
  // A kept-alive connection would otherwise read the unwanted rest of the body (refused uploads,
  // a POST refused in onRequest) before its next request.
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.raw.complete) reply.header("connection", "close");
    return payload;
  });
}
