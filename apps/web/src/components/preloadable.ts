import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

// a lazy component whose module a route loader can start loading before it renders. once loaded, it
// renders at once: react.lazy is handed a thenable that answers synchronously, so there is no
// suspense (no loader flash, no layout shift) for a page whose code came with its data

export interface Preloadable<P> {
  load: () => Promise<unknown>;
  Component: LazyExoticComponent<ComponentType<P>>;
}

export function preloadable<M, P>(
  importer: () => Promise<M>,
  pick: (m: M) => ComponentType<P>,
): Preloadable<P> {
  let loaded: M | undefined;
  const load = () =>
    importer().then((m) => {
      loaded = m;
      return m;
    });
  const Component = lazy(() => {
    const done = loaded;
    if (done === undefined) return load().then((m) => ({ default: pick(m) }));
    const now = {
      // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (see above)
      then: (resolve: (v: { default: ComponentType<P> }) => void) => resolve({ default: pick(done) }),
    };
    return now as unknown as Promise<{ default: ComponentType<P> }>;
  });
  return { load, Component };
}
