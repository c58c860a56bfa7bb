import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { AppError, databaseRefusal } from '../errors';
import { localizeMessage } from '../../shared/i18n/translator';
// The server's messages are read in the request's language: the catalogues compile when this loads.
import '../i18n/languages';
import type { Context } from './context';

const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error, ctx }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    // Messages are written in English; a request from an Urdu page reads them in Urdu (server-messages.ts).
    const say = (message: string) => localizeMessage(ctx?.language ?? 'en', message);
    const fieldErrors: Record<string, string> = {};
    for (const issue of zodError?.issues ?? []) {
      const key = issue.path.join('.') || '_';
      fieldErrors[key] ??= say(issue.message);
    }
    return {
      ...shape,
      // A validation error reads as its first field's message; an unexpected error never leaks its details.
      message: say(internal ? GENERIC_MESSAGE : zodError ? (zodError.issues[0]?.message ?? shape.message) : shape.message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zodError ? fieldErrors : null,
        ...(ctx?.config.production ? {} : { stack: shape.data.stack }),
      },
    };
  },
  sse: {
    ping: { enabled: true, intervalMs: 10_000 },
    client: { reconnectAfterInactivityMs: 15_000 },
  },
});

/**
 * Turns a service's AppError into the matching tRPC error, and gives a validation error its first
 * field's message, whatever procedure it came from (over HTTP and through createCaller alike).
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  if (cause instanceof AppError) throw new TRPCError({ code: cause.code, message: cause.message, cause });
  const refusal = databaseRefusal(cause);
  if (refusal) throw new TRPCError({ code: refusal.code, message: refusal.message, cause });
  if (cause instanceof ZodError && result.error.code === 'BAD_REQUEST') {
    throw new TRPCError({ code: 'BAD_REQUEST', message: cause.issues[0]?.message ?? 'Invalid input', cause });
  }
  return result;
});

/**
 * Every mutation that wrote tells the public cache that public data may have changed, so the next read
 * of a product, shop, review or list is computed afresh: one place for every write, rather than each
 * service naming what it changed. A mutation refused for its input, its caller, a limit or a rule
 * (a domain error: its transaction rolled back) changed nothing and leaves the cache alone, or anyone
 * could empty it for everybody with cheap invalid requests; an unexpected failure counts as a write.
 */
const publicDataWrites = t.middleware(async ({ ctx, type, next }) => {
  if (type !== 'mutation') return next();
  let wrote = true;
  try {
    const result = await next();
    wrote = result.ok || result.error.code === 'INTERNAL_SERVER_ERROR';
    return result;
  } finally {
    if (wrote) ctx.publicDataChanged?.();
  }
});

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure.use(publicDataWrites).use(appErrors);
