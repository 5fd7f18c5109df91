/** HTML building blocks of the site's pages: escaping and the document every page shares. */
import type { SiteFacts } from '../site-facts';
import { safeJsonLdLinks } from '../../wordpress/safe-url';

/** Text as HTML (`&`, `<`, `>`, quotes). */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON inside `<script type="application/ld+json">`: nothing in it can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** A `<link>` of the document head. */
export interface HeadLink {
  rel: string;
  href: string;
  type?: string;
  title?: string;
}

export interface PageDocument {
  site: SiteFacts;
  /** The page's own heading text (plain); the document title adds the site's name. */
  title: string;
  links: HeadLink[];
  /** Already rendered `<main>` content. */
  main: string;
  /** Schema.org data of the page (the API's `json_ld`). */
  jsonLd?: unknown;
}

/** Readable without a stylesheet; this one only sets measure, spacing, contrast and focus. */
const STYLE = `
:root{color-scheme:light dark;--fg:#1d1d1f;--bg:#fff;--muted:#4a4a4f;--accent:#0b57a4;--rule:#d6d6db}
@media (prefers-color-scheme:dark){:root{--fg:#f2f2f4;--bg:#18181b;--muted:#c4c4cc;--accent:#8cc4ff;--rule:#3a3a40}}
*{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--bg);padding:.5rem}
header.site,footer.site,main{max-width:46rem;margin:0 auto;padding:1rem 1.25rem}
header.site{display:flex;flex-wrap:wrap;gap:1rem;justify-content:space-between;align-items:baseline;border-bottom:1px solid var(--rule)}
header.site .name{font-weight:700;font-size:1.2rem;text-decoration:none;color:var(--fg)}
header.site nav a{margin-left:1rem}
footer.site{border-top:1px solid var(--rule);color:var(--muted);font-size:.9rem}
h1{font-size:2rem;line-height:1.2;margin:.5rem 0 1rem}h2{font-size:1.25rem;margin:1.75rem 0 .5rem}
.when{font-size:1.15rem;font-weight:600}.muted{color:var(--muted)}
dl.details{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.details dt{font-weight:600}dl.details dd{margin:0}
ul.events{list-style:none;padding:0}ul.events li{padding:.75rem 0;border-bottom:1px solid var(--rule)}ul.events h3{margin:0;font-size:1.1rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem 1.5rem;margin-top:2rem;padding-top:1rem;border-top:1px solid var(--rule)}
main img{max-width:100%;height:auto}
nav.months{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:0 0 1rem}
table.month{width:100%;border-collapse:collapse;table-layout:fixed;font-size:.85rem}table.month caption{text-align:left}
table.month th{padding:.25rem;border-bottom:2px solid var(--rule)}
table.month td{vertical-align:top;height:5.5rem;padding:.25rem;border:1px solid var(--rule);overflow-wrap:anywhere}
table.month td.other-month{color:var(--muted);background:color-mix(in srgb,var(--rule) 25%,transparent)}
table.month td.today{outline:3px solid var(--accent);outline-offset:-3px}table.month td.today .day{font-weight:700;color:var(--accent)}
table.month ul{list-style:none;margin:.25rem 0 0;padding:0}table.month li{margin:0 0 .35rem;line-height:1.3}
form.password{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}input,button{font:inherit;padding:.4rem .6rem}
`;

/** The whole HTML document. */
export function htmlDocument(page: PageDocument): string {
  const { site } = page;
  const title = site.name && page.title !== site.name ? `${page.title} – ${site.name}` : page.title;
  const links = page.links
    .map((l) => `<link rel="${esc(l.rel)}" href="${esc(l.href)}"${l.type ? ` type="${esc(l.type)}"` : ''}${l.title ? ` title="${esc(l.title)}"` : ''}>`)
    .join('\n');
  // Whatever built the JSON-LD, a stored `javascript:` website never reaches the page (issue #22).
  const jsonLd = page.jsonLd ? `\n<script type="application/ld+json">${scriptJson(safeJsonLdLinks(page.jsonLd))}</script>` : '';
  return `<!DOCTYPE html>
<html lang="${esc(site.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${esc(title)}</title>
<meta name="tec-api-version" content="v1">
<meta name="tec-api-origin" content="${esc(site.home)}">
${links}
<style>${STYLE}</style>${jsonLd}
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="site">
<a class="name" href="${esc(site.home)}/">${esc(site.name || 'Events')}</a>
<nav aria-label="Site"><a href="${esc(site.home)}/events/">Events</a><a href="${esc(site.restRoot)}/">REST API</a></nav>
</header>
<main id="content">
${page.main}
</main>
<footer class="site">
<p>${site.description ? `${esc(site.description)} · ` : ''}Events are also available through the <a href="${esc(site.restBase)}/">Events Calendar REST API</a>.</p>
</footer>
</body>
</html>
`;
}
