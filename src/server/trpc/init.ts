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
    const detail = error.cause instanceof AppError ? error.cause.detail : undefined;
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    // Messages are written in English; a request from an Urdu page reads them in Urdu (server-messages.ts).
    const say = (message: string) => localizeMessage(ctx?.language ?? 'en', message);
    const fieldErrors: Record<string, string> = {};
    for (const issue of zodError?.issues ?? []) {
      const key = issue.path.join('.') || '_';
      fieldErrors[key] ??= say(issue.message);
    }
    // A service's refusal about one field (a blocked phone number) is that field's error, as a validation's is.
    if (detail?.field) fieldErrors[detail.field] = say(error.message);
    return {
      ...shape,
      // A validation error reads as its first field's message; an unexpected error never leaks its details.
      message: say(internal ? GENERIC_MESSAGE : zodError ? (zodError.issues[0]?.message ?? shape.message) : shape.message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        path: shape.data.path,
        fieldErrors: zodError || detail?.field ? fieldErrors : null,
        refusedBy: detail?.refusedBy ?? null,
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
 * The one middleware of every procedure (one level, not two: tRPC copies its options at each level):
 * - a service's AppError becomes the matching tRPC error, a database refusal its message, and a
 *   validation error gets its first field's message, whatever procedure it came from (over HTTP and
 *   through createCaller alike);
 * - every mutation that wrote tells the public cache that public data may have changed, so the next
 *   read computes afresh (http/server.ts wires `publicDataChanged`). A mutation refused before it wrote
 *   (validation, permission, a known refusal) does not: a flood of invalid requests cannot keep the
 *   cache empty. One that failed unexpectedly may have written, so it counts.
 */
const appProcedure = t.middleware(async ({ ctx, type, next }) => {
  const result = await next();
  const mapped = result.ok ? null : appErrorOf(result.error);
  if (type === 'mutation' && (result.ok || (mapped ?? result.error).code === 'INTERNAL_SERVER_ERROR')) ctx.publicDataChanged?.();
  if (mapped) throw mapped;
  return result;
});

/** The tRPC error a failure's cause stands for (see appProcedure), or null to keep it as it is. */
function appErrorOf(failure: TRPCError): TRPCError | null {
  const cause = failure.cause;
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  const refusal = databaseRefusal(cause);
  if (refusal) return new TRPCError({ code: refusal.code, message: refusal.message, cause });
  if (cause instanceof ZodError && failure.code === 'BAD_REQUEST') {
    return new TRPCError({ code: 'BAD_REQUEST', message: cause.issues[0]?.message ?? 'Invalid input', cause });
  }
  return null;
}

export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;
export const baseProcedure = t.procedure.use(appProcedure);
