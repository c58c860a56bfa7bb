// Types of html-checker.mjs for the TypeScript tests that import it.

/** The W3C Nu checker's errors in each document (name → HTML), as "name:line: message". */
export function checkHtml(documents: Record<string, string>): string[];
