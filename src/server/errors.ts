/** The small typed error that services throw; one middleware maps it to a tRPC error code. */
export type AppErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS' | 'PRECONDITION_FAILED';

/**
 * What a client needs besides the message to show a refusal where it belongs (the errorFormatter,
 * trpc/init.ts, passes it on): the input field it is about, as a validation's field errors name
 * theirs ('shipping.phone'), and the shop that refused with the WhatsApp number to reach it.
 */
export interface AppErrorDetail {
  field?: string;
  /** The shop that refused, and its chat link (wa.me, its number in international form). */
  refusedBy?: { shop: string; whatsappUrl: string | null };
}

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Why, in one word, where operators count it (checkout refusals: 'stock', 'unavailable'...). */
    readonly reason?: string,
    readonly detail?: AppErrorDetail,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, reason?: string, detail?: AppErrorDetail) => new AppError('BAD_REQUEST', message, reason, detail);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** PostgreSQL's unique_violation. */
const PG_UNIQUE_VIOLATION = '23505';

/** True for a unique-constraint failure (SQLite or PostgreSQL), optionally on a given table.column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code === PG_UNIQUE_VIOLATION) {
    // "Key (email)=(…) already exists." on table users.
    if (!column) return true;
    const [table, name] = column.split('.');
    const { table: failed, detail } = error as { table?: string; detail?: string };
    return failed === table && (detail ?? '').startsWith(`Key (${name})=`);
  }
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
  return column ? error.message.includes(column) : true;
}

/**
 * What PostgreSQL refuses that SQLite accepts, as the answer the client should get (null: anything
 * else): a NUL character in a text (22021) is bad input; a transaction that lost to a concurrent one
 * (serialization failure 40001, deadlock 40P01) is a conflict the client may retry.
 */
export function databaseRefusal(error: unknown): AppError | null {
  if (sqlStateOf(error) === '22021') return badRequest('Text cannot contain a NUL character');
  if (isTransactionConflict(error)) return conflict('Someone else changed this at the same moment. Please try again.');
  return null;
}

/** PostgreSQL's serialization_failure (40001) and deadlock_detected (40P01): the transaction may simply run again. */
export function isTransactionConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '40001' || code === '40P01';
}

function sqlStateOf(error: unknown): string {
  return error && typeof error === 'object' && 'code' in error ? String((error as { code: unknown }).code) : '';
}
