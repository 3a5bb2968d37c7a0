import { GraphQLError, type ASTVisitor, type ValidationContext } from "graphql";

/**
 * Limits per operation, against abusive queries (ARCHITECTURE «Security rules»). Depth is Mercurius' queryDepth;
 * `nesting` bounds the brackets of the query text and is checked before graphql parses it (the
 * parser recurses per level: 5,000 levels overflowed the stack); `tokens` is graphql's maxTokens.
 * A depth-12 selection with a 32-deep input object (INPUT_DEPTH_MAX) needs about 46 levels.
 */
export const QUERY_LIMITS = { depth: 12, aliases: 30, fields: 1000, nesting: 64, tokens: 20_000 } as const;

/** Rejects operations with too many aliases or selected fields (a simple cost measure). */
export function costLimitRule(context: ValidationContext): ASTVisitor {
  let aliases = 0;
  let fields = 0;
  return {
    Field(node) {
      fields += 1;
      if (node.alias) aliases += 1;
    },
    Document: {
      leave() {
        if (aliases > QUERY_LIMITS.aliases) {
          context.reportError(new GraphQLError(`Too many aliases (max ${QUERY_LIMITS.aliases}).`));
        }
        if (fields > QUERY_LIMITS.fields) {
          context.reportError(new GraphQLError(`Query too costly (max ${QUERY_LIMITS.fields} fields).`));
        }
      },
    },
  };
}

const QUOTE = 34; // "
const BACKSLASH = 92;
const HASH = 35; // #
const NEWLINE = 10;
const RETURN = 13;
const OPENERS = new Set([123, 91, 40]); // { [ (
const CLOSERS = new Set([125, 93, 41]); // } ] )

/**
 * True when the brackets of a GraphQL source nest deeper than `limit`, outside strings, block
 * strings and comments. One pass over the text, no recursion: it runs before graphql's parser.
 */
export function nestsDeeperThan(source: string, limit: number): boolean {
  let depth = 0;
  let i = 0;
  while (i < source.length) {
    const c = source.charCodeAt(i);
    if (c === HASH) {
      while (i < source.length && source.charCodeAt(i) !== NEWLINE && source.charCodeAt(i) !== RETURN) i += 1;
    } else if (c === QUOTE && source.startsWith('"""', i)) {
      const end = blockStringEnd(source, i + 3);
      i = end;
      continue;
    } else if (c === QUOTE) {
      i += 1;
      while (i < source.length) {
        const s = source.charCodeAt(i);
        if (s === BACKSLASH) i += 2;
        else if (s === QUOTE || s === NEWLINE || s === RETURN) break;
        else i += 1;
      }
    } else if (OPENERS.has(c)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(c)) {
      depth = Math.max(0, depth - 1);
    }
    i += 1;
  }
  return false;
}

/** The index after the `"""` that closes a block string opened before `from` (\""" is escaped). */
function blockStringEnd(source: string, from: number): number {
  let i = from;
  while (i < source.length) {
    if (source.startsWith('\\"""', i)) i += 4;
    else if (source.startsWith('"""', i)) return i + 3;
    else i += 1;
  }
  return i;
}

/**
 * True when a query text is a JSON value. Mercurius parses a query that is not GraphQL as JSON
 * and validates the result as a document AST: `{"query": "5"}` crashed validation (INTERNAL),
 * and a hand-made AST would skip the parser's limits. No GraphQL document is also valid JSON.
 */
export function isJsonText(source: string): boolean {
  const text = source.trimStart();
  const first = text.charAt(0);
  const jsonStart = /^[[\]"\-0-9]/.test(first) || /^\{\s*["}]/.test(text) || /^(?:true|false|null)(?![_0-9A-Za-z])/.test(text);
  if (!jsonStart) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The message of a query refused by nestsDeeperThan. */
export const NESTING_MESSAGE = `Query exceeds the depth limit: brackets nest deeper than ${QUERY_LIMITS.nesting} levels.`;

/** Subscriptions one WebSocket may run at once; a board needs a handful (http/ws-limits.ts). */
export const SUBSCRIPTIONS_PER_CONNECTION = 100;
