// Types of server-runtime.mjs for the TypeScript files that import it.

/** Node's command-line flags for the server process, given what it already has. */
export function serverNodeFlags(env?: NodeJS.ProcessEnv, execArgv?: string[]): string[];

/** The server process's environment: `env` with the malloc setting. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
