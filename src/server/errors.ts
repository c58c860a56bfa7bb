/** The small typed error that services throw; one middleware maps it to a tRPC error code. */
export type AppErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'CONFLICT' | 'FORBIDDEN' | 'UNAUTHORIZED' | 'TOO_MANY_REQUESTS';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Why, in one word, where operators count it (checkout refusals: 'stock', 'unavailable'...). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, reason?: string) => new AppError('BAD_REQUEST', message, reason);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** True for a SQLite unique-constraint failure, optionally on a given table.column. */
export function isUniqueViolation(error: unknown, column?: string): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const code = (error as { code?: unknown }).code;
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' && code !== 'SQLITE_CONSTRAINT_PRIMARYKEY') return false;
  return column ? error.message.includes(column) : true;
}
