// The API reference of the docs site is grouped by task. An export's category is its own
// `@category` tag when it has one; otherwise it follows from the source file that declares it
// (the first rule that matches), so a new export in an existing module is filed without a tag.
// An export no rule covers is a typedoc warning, which the docs build treats as an error.
import { relative, sep } from 'node:path';
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** Category order on the site; typedoc.config.mjs's `categoryOrder` lists the same. */
const RULES = [
  [/^request\/(sign|media-types)\.ts$|^schemes\/control\/amount\.ts$/, 'Sign requests'],
  [
    /^request\/(verify|verified|refusal|callback|callback-input|accept|signed)\.ts$|^verifier\/|^node\/|^keys\/list\.ts$/,
    'Verify requests',
  ],
  [/^diagnose\//, 'Diagnose'],
  [/^schemes\/control\//, 'Control digests'],
  [/^stores\//, 'Nonce stores'],
  [/^(schemes\/oauth|hmac)\//, 'OAuth 1.0a'],
  [/^(keys|crypto)\//, 'Keys and crypto'],
  [/^encoding\//, 'Encoding'],
  [/^(catalog|request)\//, 'Operations catalog'],
  [/^errors\//, 'Errors'],
  [/^testing\//, 'Testing'],
];

/** @param {import('typedoc').Application} app @param {string} srcDir absolute path of src/ */
export function categorizeBySource(app, srcDir) {
  /** @type {Map<number, string>} reflection id -> declaring file, relative to src/ */
  const files = new Map();
  app.converter.on(Converter.EVENT_CREATE_DECLARATION, (context, reflection) => {
    const file = context.getSymbolFromReflection(reflection)?.declarations?.[0]?.getSourceFile().fileName;
    if (file) files.set(reflection.id, relative(srcDir, file).split(sep).join('/'));
  });
  // Before typedoc's own category plugin, which runs late in RESOLVE_END (priority -200).
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const mod of [context.project, ...context.project.getReflectionsByKind(ReflectionKind.Module)]) {
      for (const child of mod.children ?? []) {
        if (child.kindOf(ReflectionKind.Module) || child.isDocument()) continue;
        const comments = [child.comment, ...(child.signatures ?? []).map((s) => s.comment)].filter(Boolean);
        if (comments.some((c) => c.getTag('@category') !== undefined)) continue;
        const file = files.get(child.id) ?? '';
        const category = RULES.find(([re]) => re.test(file))?.[1];
        if (category === undefined) {
          app.logger.warn(
            `${child.getFullName()} (${file || 'unknown file'}) has no category: add a @category tag or a rule in scripts/typedoc-categories.mjs`,
          );
          continue;
        }
        const tag = new CommentTag('@category', [{ kind: 'text', text: category }]);
        const target = child.signatures?.[0] ?? child;
        target.comment ??= new Comment();
        target.comment.blockTags.push(tag);
      }
    }
  });
}
