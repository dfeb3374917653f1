// Path templates without zod: what the web client needs on its first screen, before any schema loads.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * `required`: X-CSRF-Token must hold this browser's token. `empty`: the call is made before any session
 * exists, so the client sends the header with an empty value; the header must still be present, which a
 * cross-site form cannot do. `none`: reads.
 */
export type CsrfMode = 'required' | 'empty' | 'none';

/**
 * What a success answer carries: JSON (the default), a file download, or a redirect. `file` is a stored
 * file sent with its own content type (attachments).
 */
export type Produces = 'json' | 'zip' | 'pdf' | 'file' | 'redirect' | 'text';

/** What a caller needs to send a route and read its answer (the route table's entry less its schemas). */
export interface RouteEntry {
  id: string;
  method: HttpMethod;
  path: string;
  csrf: CsrfMode;
  produces: Produces;
}

const placeholder = /\{([A-Za-z]+)\}/g;

/** Names of the `{param}` placeholders of a path. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(placeholder)].map((m) => m[1] as string);
}

/** Fills a path template: pathFor('/a/{code}/', { code: '999999' }) gives '/a/999999/'. */
export function pathFor(path: string, params: Record<string, string | number>): string {
  return path.replace(placeholder, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
