import { TEXTS } from '@sayspell/core/constants';
import { data, type LoaderFunction, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { loginPath } from './redirect-target.ts';
import { isSignedIn } from './token-storage.ts';

// route protection (§2): every route names a middleware in its handle; 'auth' is the default.
// it runs in the route's loader, so a page never renders for someone who may not see it.

export const MIDDLEWARES = ['auth', 'guest', 'open'] as const;
export type Middleware = (typeof MIDDLEWARES)[number];

export interface RouteHandle {
  middleware?: Middleware;
}

export interface MiddlewareContext {
  url: URL;
  signedIn: boolean;
}

/** null lets the page load; a Response redirects; an unknown name throws a 500 */
export function runMiddleware(name: string, { url, signedIn }: MiddlewareContext): Response | null {
  switch (name) {
    case 'auth':
      return signedIn ? null : redirect(loginPath(url.pathname + url.search));
    case 'guest':
      return signedIn ? redirect('/') : null;
    case 'open':
      return null;
    default:
      throw data({ message: TEXTS.unknownMiddleware }, { status: 500, statusText: TEXTS.unknownMiddleware });
  }
}

function middlewareOf(route: RouteObject): string {
  const handle = route.handle as { middleware?: unknown } | undefined;
  return typeof handle?.middleware === 'string' ? handle.middleware : 'auth';
}

/** wraps every route's loader with its middleware, recursively */
export function protectRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const name = middlewareOf(route);
    const inner = typeof route.loader === 'function' ? (route.loader as LoaderFunction) : undefined;
    const loader = async (args: LoaderFunctionArgs) => {
      const blocked = runMiddleware(name, { url: new URL(args.request.url), signedIn: isSignedIn() });
      if (blocked) throw blocked;
      return inner ? inner(args) : null;
    };
    const children = route.children ? protectRoutes(route.children) : undefined;
    return { ...route, loader, ...(children ? { children } : {}) } as RouteObject;
  });
}
