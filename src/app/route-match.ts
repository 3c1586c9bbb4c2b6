/** What a matched route means for the page around it: its header title, and which prerendered file it is. */
export interface RouteHandle {
  readonly title: string;
}

const isRouteHandle = (handle: unknown): handle is RouteHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';

/** The header title of the deepest matched route with one; unknown paths are the not-found page. */
export function pageTitle(handles: readonly unknown[]): string {
  for (let i = handles.length - 1; i >= 0; i--) {
    const handle = handles[i];
    if (isRouteHandle(handle)) return handle.title;
  }
  return 'Page not found';
}

/** The route a URL renders ('*' for the not-found page): prerendered markup hydrates only under the same one. */
export const prerenderKey = (matches: readonly { route: { path?: string } }[] | null | undefined): string =>
  matches?.at(-1)?.route.path ?? '*';
