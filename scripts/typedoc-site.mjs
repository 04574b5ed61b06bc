// A local typedoc plugin that shapes the docs site (`npm run docs`):
// - the entry points are named `paysig`, `paysig/redis` and `paysig/testing`;
// - each guide page (projectDocuments) is named after its first `# heading`, not its path;
// - the README's absolute GitHub links to files that are pages of the site (docs/*.md,
//   vectors/README.md) become links to those pages, so the site never sends a reader to GitHub
//   for what it already shows (the README keeps absolute links for npm and JSR);
// - links to the signature debugger point at the page the docs build writes, and the sidebar
//   links to it from every page;
// - the API reference is grouped by task (scripts/typedoc-categories.mjs);
// - after rendering, the debugger (docs/debugger/) is bundled into <out>/debugger/.
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Converter, JSX, ReflectionKind, RendererEvent } from 'typedoc';
import { buildDebugger } from '../docs/debugger/build.mjs';
import { categorizeBySource } from './typedoc-categories.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DEBUGGER_SOURCE = join(ROOT, 'docs', 'debugger', 'index.html');
const DEBUGGER_PAGE = 'debugger/index.html';
const MODULE_NAMES = { index: 'paysig', redis: 'paysig/redis', testing: 'paysig/testing' };

/** @param {import('typedoc').Application} app */
export function load(app) {
  categorizeBySource(app, join(ROOT, 'src'));

  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    const project = context.project;
    /** @type {Map<string, number>} absolute path of a page's markdown file -> its file id */
    const pages = new Map();
    const documents = project.getReflectionsByKind(ReflectionKind.Document);
    for (const doc of documents) {
      const heading = /^#\s+(.+)$/m.exec(doc.content.map((p) => p.text).join(''));
      if (heading) doc.name = heading[1].trim();
      const path = project.files.getReflectionPath(doc);
      if (path) pages.set(path, project.files.registerAbsolute(path).target);
    }
    if (project.readme) {
      // The site shows the project name as the page title already: drop the README's own `# paysig`.
      const [first, ...rest] = relink(project.readme, pages, project, '');
      project.readme =
        first?.kind === 'text'
          ? [{ ...first, text: first.text.replace(/^# paysig\n+/, '') }, ...rest]
          : [first, ...rest].filter(Boolean);
    }
    for (const doc of documents) doc.content = relink(doc.content, pages, project, '../');
  });

  app.renderer.hooks.on('sidebar.begin', (context) =>
    JSX.createElement(
      'nav',
      { class: 'tsd-navigation paysig-tools', 'aria-label': 'Tools' },
      JSX.createElement('a', { href: context.relativeURL(DEBUGGER_PAGE) }, 'Signature debugger (why 403?)'),
    ),
  );

  // Post-render jobs are awaited (END listeners are not) and cleared after each render.
  app.renderer.on(RendererEvent.BEGIN, (event) => {
    // The entry points are shown as they are imported. Renamed only now: links such as
    // `index!NonceStoreError` resolve by the file names, and page URLs keep them.
    for (const mod of event.project.getReflectionsByKind(ReflectionKind.Module)) {
      mod.name = MODULE_NAMES[mod.name] ?? mod.name;
    }
    app.renderer.postRenderAsyncJobs.push(async (event) => {
      await buildDebugger(join(event.outputDirectory, 'debugger'));
    });
  });
}

/**
 * Splits text parts at absolute GitHub links to site pages (into relative-link parts typedoc
 * resolves to the page), and turns relative links to the debugger's source into links to the
 * built page (`prefix` leads from the rendered page to the site root).
 */
function relink(parts, pages, project, prefix) {
  const out = [];
  const link = /\]\((https:\/\/github\.com\/paysig\/paysig\/blob\/main\/([^)#\s]+))(#[^)\s]*)?\)/g;
  for (const part of parts) {
    if (
      part.kind === 'relative-link' &&
      typeof part.target === 'number' &&
      project.files.resolvePath(part.target) === DEBUGGER_SOURCE
    ) {
      out.push({ kind: 'text', text: prefix + DEBUGGER_PAGE + (part.targetAnchor ? `#${part.targetAnchor}` : '') });
      continue;
    }
    if (part.kind !== 'text') {
      out.push(part);
      continue;
    }
    let last = 0;
    for (const m of part.text.matchAll(link)) {
      const target = pages.get(join(ROOT, m[2]));
      if (target === undefined) continue;
      const start = m.index + 2; // after "]("
      out.push({ kind: 'text', text: part.text.slice(last, start) });
      out.push({ kind: 'relative-link', text: relative(ROOT, join(ROOT, m[2])), target, targetAnchor: m[3]?.slice(1) });
      last = start + m[1].length + (m[3]?.length ?? 0);
    }
    out.push(last === 0 ? part : { kind: 'text', text: part.text.slice(last) });
  }
  return out;
}
