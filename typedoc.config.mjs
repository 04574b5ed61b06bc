// TypeDoc settings (npm run docs). The entry points are those of package.json "exports"
// (scripts/entries.mjs), so a new entry point needs no change here.
import { entries } from './scripts/entries.mjs';

/** @type {Partial<import("typedoc").TypeDocOptions>} */
export default {
  entryPoints: entries().map((e) => e.source),
  name: 'paysig',
  out: 'docs/api',
  tsconfig: 'tsconfig.build.json',
  excludeInternal: true,
  treatWarningsAsErrors: true,
  validation: {
    notExported: false,
    invalidLink: true,
    notDocumented: true,
  },
  readme: 'README.md',
  projectDocuments: ['docs/*.md', 'vectors/README.md', 'vectors/PROTOCOL.md', 'examples/README.md'],
  categorizeByGroup: false,
  navigation: {
    includeCategories: true,
    includeGroups: false,
  },
  categoryOrder: [
    'Sign requests',
    'Verify requests',
    'Diagnose',
    'Control digests',
    'OAuth 1.0a',
    'Nonce stores',
    'Keys and crypto',
    'Encoding',
    'Operations catalog',
    'Errors',
    'Testing',
    '*',
  ],
  plugin: ['./scripts/typedoc-site.mjs'],
  markdownItOptions: {
    html: true,
    linkify: false,
  },
  disableSources: true,
  highlightLanguages: [
    'bash',
    'console',
    'css',
    'html',
    'javascript',
    'json',
    'jsonc',
    'json5',
    'tsx',
    'typescript',
    'python',
    'sh',
    'shell',
    'http',
    'ts',
    'js',
  ],
};
