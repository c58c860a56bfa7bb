import { createTRPCUntypedClient, TRPCClientError, unstable_localLink } from '@trpc/client';
import type { inferRouterContext } from '@trpc/server';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import type { AppRouter } from '../server/trpc/app-router';
import { splitLanguage } from '../shared/i18n/language';
import { App } from './app';
import { loadLanguage } from './i18n/language';
import { PAGE_DATA_ID, pageDataJson } from './page-data';
import { ApiError, type ErrorShape, Reads } from './reads';
import { serverRenderedScreen } from './routes';

// The server answers 404 for a path that is none of the app's pages (http/pages.ts).
export { isAppPath } from './routes';

/**
 * The server's renderer of the public pages (routes.tsx marks them `ssr`), built by Vite into
 * dist/ssr/entry-server.js with every package inside, and called by src/server/http/pages.ts.
 */

type Context = inferRouterContext<AppRouter>;

export interface PageRequest {
  /** The path as requested (still percent-encoded, as the browser's location.pathname), its /ur included. */
  path: string;
  /** The query string with its "?", or "" (as location.search). */
  search: string;
  router: AppRouter;
  /** The request's context, as the API builds it (its session included); made once per page. */
  createContext: () => Promise<Context>;
  /** Every failed procedure call (a "not found" too), to log what needs logging. */
  onError?: (error: unknown, path: string) => void;
}

export interface RenderedPage {
  /** 200, or the HTTP status of a failed read the page shows (404 for an unknown product or shop). */
  status: number;
  /** The markup of #root. */
  html: string;
  /** The answers the render used, as the <script> element the browser hydrates from (page-data.ts). */
  dataScript: string;
  /** The screen's source file: its key in Vite's manifest, for its scripts and styles. */
  screen: string;
}

/** Reviews show dates in the reader's own time zone, which the server does not know: they load in the browser. */
const BROWSER_ONLY = /^reviews\./;
/** A render asks for data, the next one shows it and may ask for more (a storefront, then its products). */
const MAX_ROUNDS = 4;

/**
 * The whole markup once every lazy screen has loaded, in document order: no boundary is left for an
 * inline script to reveal (the page must read without JavaScript, and the CSP allows no inline
 * script), so large boundaries are not split off either.
 */
async function renderToHtml(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(node, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * Renders a public page with its data: each render's queries are answered by calling the router
 * in-process (the same procedures, inputs and query keys as the browser's calls), until a render
 * needs nothing more. Null for a path that is not server-rendered.
 */
export async function renderPage(request: PageRequest): Promise<RenderedPage | null> {
  const { language, path } = splitLanguage(request.path);
  const screen = serverRenderedScreen(path);
  if (!screen) return null;
  await loadLanguage(language);
  let context: Promise<Context> | null = null;
  const client = createTRPCUntypedClient<AppRouter>({
    links: [
      unstable_localLink({
        router: request.router,
        createContext: () => (context ??= request.createContext()),
        onError: ({ error, path }) => request.onError?.(error, path ?? ''),
      }),
    ],
  });
  // The procedures' own answers; a failure keeps the shape the API would have sent (its message in the
  // request's language, from the error formatter), and renders as the browser would (say, "Shop not found").
  const reads = new Reads(
    async (type, path, input) => {
      try {
        return await (type === 'query' ? client.query(path, input) : client.mutation(path, input));
      } catch (error) {
        const shape = error instanceof TRPCClientError ? (error.shape as ErrorShape | undefined) : undefined;
        throw new ApiError(shape ?? { message: 'Something went wrong. Please try again.', code: -32603, data: { httpStatus: 500 } });
      }
    },
    { retries: 0, server: true, skip: BROWSER_ONLY },
  );
  const app = (
    <StrictMode>
      <App reads={reads} ssrPath={request.path} ssrSearch={request.search} language={language} />
    </StrictMode>
  );

  let html = await renderToHtml(app);
  for (let round = 1; round < MAX_ROUNDS; round++) {
    if (!(await reads.fetchWanted())) break;
    html = await renderToHtml(app);
  }
  return { status: reads.status(), html, dataScript: `<script type="application/json" id="${PAGE_DATA_ID}">${pageDataJson(reads.dehydrate())}</script>`, screen };
}
