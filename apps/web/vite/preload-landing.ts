import type { Plugin } from 'vite';

// issue 22: a first-time visitor's / is the landing page, a chunk the entry loads once it has run:
// one more round trip before the first paint. index.html names it (and what it imports beyond the
// entry) as a modulepreload, its styles as a preload, so the browser fetches it beside the entry. a signed-in player pays
// its few KB without using them

const LANDING = /\/src\/routes\/landing\/landing-page\.tsx$/;

export function preloadLanding(): Plugin {
  return {
    name: 'sayspell-preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const landing = chunks.find((c) => LANDING.test(c.facadeModuleId ?? ''));
        if (!entry || !landing) return [];
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (root: string, into: Set<string>) => {
          if (into.has(root)) return into;
          into.add(root);
          for (const next of byName.get(root)?.imports ?? []) closure(next, into);
          return into;
        };
        const initial = closure(entry.fileName, new Set());
        const files = [...closure(landing.fileName, new Set())].filter((f) => !initial.has(f));
        const styles = files.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        return [
          ...files.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
          // its styles too, fetched early but not blocking the first paint
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
