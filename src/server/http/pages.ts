import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRequest, RenderedPage } from '../../client/entry-server';
import type { CachedBody, PublicCache } from '../cache/public-cache';
import head from '../../shared/i18n/catalogues/en/head';
import { translate } from '../../shared/i18n/translator';
import { escapeHtml } from '../catalog/share-head';
import { DEFAULT_LANGUAGE, directionOf, type Language, languageCookie, languageOfCookie, localizedPath, splitLanguage } from '../../shared/i18n/language';
import { appRouter } from '../trpc/app-router';
import type { Context } from '../trpc/context';
import { singleFlight } from '../cache/single-flight';
import { sendBody, type SendBodyOptions } from './send-body';
import type { HeadRenderer, PageHandler } from './types';

/** The parts of one page that go into the built index.html. */
export interface DocumentParts {
  /** Tags that replace index.html's <title> (share-head.ts: title, description, link previews). */
  head?: string | null;
  /** Links added at the end of <head> (a server-rendered screen's styles and scripts). */
  links?: string;
  /** The server-rendered markup of #root; index.html's "needs JavaScript" notice then goes. */
  body?: string;
  /** Elements added at the end of <body> (the page's data). */
  tail?: string;
  /** The page's language: <html lang dir> (English's is index.html's own). */
  language?: Language;
  /**
   * The app's scripts are fetched at low priority: a server-rendered page reads without them, so its
   * styles and images go first on a slow connection (the scripts then make it interactive).
   */
  scriptsLast?: boolean;
}

/** The <html> element of a page in a language: `lang` and `dir` (an Urdu page reads right to left). */
function htmlElement(language: Language): string {
  return `<html lang="${language}" dir="${directionOf(language)}">`;
}

/**
 * Whether this request chooses its page's language: the visitor followed a link of this site into a
 * page in a language other than the one they last chose (the language switch, tapped before the
 * page's script ran, when its click handler sets nothing). Only a navigation they made here counts
 * (Sec-Fetch-*: same origin, by the user): a shared link, a search result or an email in Urdu does
 * not change where `/` sends them.
 */
function choosesLanguage(req: IncomingMessage, language: Language): boolean {
  const { headers } = req;
  if (headers['sec-fetch-site'] !== 'same-origin' || headers['sec-fetch-mode'] !== 'navigate' || headers['sec-fetch-user'] !== '?1') return false;
  return (languageOfCookie(headers.cookie) ?? DEFAULT_LANGUAGE) !== language;
}

/** index.html with a page's parts: the one place a served page is put together. */
export function renderDocument(template: string, parts: DocumentParts): string {
  let html = template;
  if (parts.language && parts.language !== 'en') {
    const language = parts.language;
    html = html
      .replace(/<html[^>]*>/, () => htmlElement(language))
      .replace('href="/manifest.webmanifest"', `href="/${language}/manifest.webmanifest"`)
      .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${escapeHtml(translate(language, head, 'head.needsJavaScript'))}</noscript>`);
  }
  // Functions, not strings: a string replacement would read "$`", "$&" or "$'" in a name as patterns.
  if (parts.head) {
    // A page's head that describes it replaces index.html's general description (one per page, in its language).
    if (parts.head.includes('<meta name="description"')) html = html.replace(/\s*<meta name="description"[^>]*>/, '');
    // The marketplace's own colour and app label (catalog/share-head.ts siteTags) replace index.html's.
    for (const name of ['theme-color', 'apple-mobile-web-app-title']) {
      if (parts.head.includes(`<meta name="${name}"`)) html = html.replace(new RegExp(`\\s*<meta name="${name}"[^>]*>`), '');
    }
    // And the logo's favicon and Apple icon (issue 47), when the marketplace has a logo.
    for (const rel of ['icon', 'apple-touch-icon']) {
      if (parts.head.includes(`<link rel="${rel}"`)) html = html.replace(new RegExp(`\\s*<link rel="${rel}"[^>]*>`), '');
    }
    html = html.replace(/<title>[^<]*<\/title>/, () => parts.head ?? '');
  }
  if (parts.links) html = html.replace('</head>', () => `${parts.links}\n  </head>`);
  if (parts.body !== undefined) {
    html = html.replace('<div id="root"></div>', () => `<div id="root">${parts.body}</div>`).replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  }
  if (parts.tail) html = html.replace('</body>', () => `${parts.tail}\n  </body>`);
  if (parts.scriptsLast) html = html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
  return html;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** Files a chunk needs: its own, its CSS and those of the chunks it imports, recursively. */
function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, seen);
  return seen;
}

/**
 * The <link>s of a screen's code and styles that index.html does not already load (Vite's manifest
 * names them by source file): its styles, so the page is styled without JavaScript, and its scripts
 * as module preloads, fetched beside the entry instead of after it.
 */
export function screenLinks(manifest: Manifest, screen: string): string {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inShell = new Set(entries.flatMap((key) => [...filesOf(manifest, key)]));
  const css = new Set<string>();
  const js = new Set<string>();
  for (const key of filesOf(manifest, screen)) {
    if (inShell.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  for (const key of inShell) for (const file of manifest[key]?.css ?? []) css.delete(file);
  return [
    ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** Urdu's chunk (client/i18n/urdu.ts: its translations and font): an Urdu page links it, so it loads beside the entry. */
const URDU_CHUNK = 'src/client/i18n/urdu.ts';

/** The links a page in a language adds for its screen (and, in Urdu, for Urdu's chunk). */
function pageLinks(manifest: Manifest, screen: string | null, language: Language): string {
  return [screen ? screenLinks(manifest, screen) : '', language === 'ur' ? screenLinks(manifest, URDU_CHUNK) : ''].filter(Boolean).join('\n    ');
}

interface Renderer {
  renderPage: (request: PageRequest) => Promise<RenderedPage | null>;
  /** Whether a path is one of the app's pages (routes.tsx); any other answers 404. */
  isAppPath: (pathname: string) => boolean;
  manifest: Manifest;
}

/** The renderer and the client's manifest that scripts/build-server.mjs puts in <build>/ssr/; null without them (tests, `npm run dev`). */
async function loadRenderer(ssrDir: string): Promise<Renderer | null> {
  const entry = path.join(ssrDir, 'entry-server.js');
  const manifestFile = path.join(ssrDir, 'client-manifest.json');
  if (!fs.existsSync(entry) || !fs.existsSync(manifestFile)) return null;
  const module = (await import(pathToFileURL(entry).href)) as Pick<Renderer, 'renderPage' | 'isAppPath'>;
  return { renderPage: module.renderPage, isAppPath: module.isAppPath, manifest: JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest };
}

export interface PagesOptions {
  /** The built client (index.html); the renderer is looked for in ../ssr beside it. */
  clientDist: string;
  renderHead: HeadRenderer | null;
  /**
   * What the app shell shows around a page the browser renders alone (pages.shell: the footer's pages
   * and the announcement), as a script element (SHELL_DATA_ID): a server-rendered page carries it in
   * its own data. Null when it cannot be read: the browser then asks for it.
   */
  shellScript?: () => Promise<string | null>;
  /** The API's context for a request (the same session reading); built only for a page that is rendered. */
  createContext: (req: IncomingMessage) => Promise<Context>;
  /** Who asks: the signed-in user's id from a live session, or null for a guest (whose page may come from the cache). */
  viewerOf: (req: IncomingMessage) => Promise<number | null>;
  /** Pages rendered for guests are kept here (http/../cache/public-cache.ts), emptied by every write. */
  cache?: PublicCache;
  /** Records a guest's cached page as it goes out, to answer the same request again (http/replay.ts). */
  record?: SendBodyOptions['record'];
  /** A procedure failed while rendering (tRPC's onError; "not found" too). */
  onError?: (req: IncomingMessage, error: unknown, path: string) => void;
  /** Rendering itself failed: the page is then sent for the browser to render. */
  onRenderError?: (req: IncomingMessage, error: unknown) => void;
}

/**
 * Answers every page of the client: the public pages (/browse, /shops, /product/{slug},
 * /shop/{slug}) server-rendered with their data, the others as index.html for the browser to render;
 * both with their head (title, description, link previews). A page rendered for a guest is answered
 * from the public cache until a write empties it.
 */
export function createPageHandler(options: PagesOptions): PageHandler {
  const indexFile = path.join(path.resolve(options.clientDist), 'index.html');
  let template: string | null = null;
  let renderer: Promise<Renderer | null> | null = null;
  const cache = options.cache?.enabled ? options.cache : null;

  type Answer = { status: number; body: CachedBody | { body: Buffer; contentType: string }; personal?: boolean };
  const HTML = 'text/html; charset=utf-8';

  // Guest pages being rendered, by cache generation and key (serverRender).
  const rendering = singleFlight<Answer | null>();

  const loadedRenderer = () => (renderer ??= loadRenderer(path.join(path.resolve(options.clientDist), '..', 'ssr')));

  async function render(loaded: Renderer, req: IncomingMessage, urlPath: string, language: Language, route: string, search: string, origin: string, shell: string): Promise<Answer | null> {
    // The page's own language, whatever its API calls would say: its messages are read in it.
    const context = { ...(await options.createContext(req)), language };
    const page = await loaded.renderPage({
      path: urlPath,
      search,
      router: appRouter,
      createContext: () => Promise.resolve(context),
      onError: (error, procedure) => options.onError?.(req, error, procedure),
    });
    if (!page) return null;
    const head = options.renderHead ? await options.renderHead(route, origin, search, language) : null;
    const html = renderDocument(shell, { head, language, links: pageLinks(loaded.manifest, page.screen, language), body: page.html, tail: page.dataScript, scriptsLast: true });
    return { status: page.status, body: { body: Buffer.from(html), contentType: HTML }, personal: context.sessionUserId !== null };
  }

  async function serverRender(req: IncomingMessage, urlPath: string, language: Language, route: string, search: string, origin: string, shell: string): Promise<Answer | null> {
    const loaded = await loadedRenderer();
    if (!loaded) return null;
    // What a guest is shown depends on nothing else (the language is in the path); a signed-in viewer may
    // see their own hidden shop, so theirs is rendered each time. Only the session is read before the
    // cache: a guest's cached page is sent without building the request's context (a child logger and
    // the context object, 3-5 µs of a cached page's CPU in the profile), as a cached tRPC read is.
    const guest = (await options.viewerOf(req)) === null;
    if (!cache || !guest) return render(loaded, req, urlPath, language, route, search, origin, shell);
    const key = `page ${origin}${urlPath}${search}`;
    const hit = cache.get(key);
    if (hit) return { status: 200, body: hit };
    // One render per page and generation, however many guests ask meanwhile: when an entry ages out
    // under load, every open connection missed at once and each rendered the page (tens of ms each).
    const generation = cache.generation();
    return rendering(`${generation} ${key}`, () =>
      render(loaded, req, urlPath, language, route, search, origin, shell).then((answer) =>
        answer?.status === 200 && !answer.personal ? { status: 200, body: cache.set(key, generation, answer.body.body, HTML) } : answer,
      ),
    );
  }

  return async (req, res, urlPath, origin) => {
    template ??= fs.readFileSync(indexFile, 'utf8');
    const query = req.url?.indexOf('?') ?? -1;
    const search = query === -1 ? '' : (req.url ?? '').slice(query);
    const { language, path: route } = splitLanguage(urlPath);
    // The root is no page of its own: a crawler (or a browser) is sent to the catalog it shows, in the
    // language the visitor last chose (the `lang` cookie: that is all it decides). /ur is Urdu's root.
    if (route === '/') {
      const chosen = urlPath === '/' ? (languageOfCookie(req.headers.cookie) ?? 'en') : language;
      // 302, not cached: the same / sends to another language once the choice changes.
      res.writeHead(302, { location: `${localizedPath(chosen, '/browse')}${search}`, 'cache-control': 'no-store', vary: 'cookie' }).end();
      return;
    }
    let answer: Answer | null = null;
    try {
      answer = await serverRender(req, urlPath, language, route, search, origin, template);
    } catch (error) {
      options.onRenderError?.(req, error);
    }
    if (!answer) {
      const head = options.renderHead ? await options.renderHead(route, origin, search, language) : null;
      // None of the app's pages (/fr/browse neither): 404, with the page the browser renders as "not found" for people.
      const loaded = await loadedRenderer().catch(() => null);
      const known = loaded?.isAppPath(route) ?? true;
      const links = loaded && language !== 'en' ? pageLinks(loaded.manifest, null, language) : undefined;
      const tail = (await options.shellScript?.().catch(() => null)) ?? undefined;
      answer = { status: known ? 200 : 404, body: { body: Buffer.from(renderDocument(template, { head, language, links, tail })), contentType: HTML } };
    }
    if (choosesLanguage(req, language)) res.setHeader('set-cookie', languageCookie(language));
    // A signed-in viewer's page carries their session's answers (auth.me): no shared cache may keep it.
    sendBody(req, res, answer.body, { status: answer.status, cacheControl: answer.personal ? 'private, no-cache' : 'no-cache', vary: 'cookie', encodedOf: cache?.encoded, record: options.record });
  };
}
