/**
 * The pages' HTML: one shell for every page (viewport, style sheet, the import map that serves Preact and htm from
 * node_modules through /vendor, no CDN and no bundler), each with its title, body class and module.
 */
import { fileReply, replies, type TableApp } from "./typed-routes.ts";

interface Page {
  readonly url: string;
  readonly title: string;
  /** The body's class (the style sheet's page). */
  readonly body: string;
  /** The page's module under /static/. */
  readonly script: string;
}

export const PAGES: readonly Page[] = [
  { url: "/", title: "quarterdeck", body: "display", script: "display.js" },
  { url: "/control", title: "quarterdeck — control", body: "control", script: "control.js" },
  { url: "/devices", title: "quarterdeck — devices", body: "devices", script: "devices.js" },
  { url: "/camera", title: "quarterdeck — camera", body: "camera", script: "camera.js" },
  { url: "/games", title: "quarterdeck — games", body: "games", script: "games.js" },
  { url: "/games/new", title: "quarterdeck — new game", body: "games", script: "new-game.js" },
  { url: "/games/:id/summary", title: "quarterdeck — end of game", body: "games", script: "summary.js" },
];

const IMPORT_MAP = JSON.stringify({
  imports: { preact: "/vendor/preact.mjs", "preact/hooks": "/vendor/preact-hooks.mjs", htm: "/vendor/htm.mjs" },
});

/** A page's whole HTML. */
export function pageHtml(p: Page): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${p.title}</title>
    <link rel="stylesheet" href="/static/style.css" />
    <link rel="icon" href="data:," />
    <script type="importmap">
      ${IMPORT_MAP}
    </script>
  </head>
  <body class="${p.body}">
    <div id="app"></div>
    <script type="module" src="/static/${p.script}"></script>
  </body>
</html>
`;
}

/** Serves every page (its HTML built once). */
export async function pageRoutes(app: TableApp): Promise<void> {
  for (const p of PAGES) {
    const html = pageHtml(p);
    app.get(p.url, { schema: { response: replies({ 200: fileReply("text/html", "The page") }) } }, async (_req, reply) =>
      reply.type("text/html; charset=utf-8").send(html),
    );
  }
}
