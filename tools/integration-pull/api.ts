// The few calls of the pull API the consumer makes (decision 0057): a core system's HTTP client needs
// only the key as a bearer token and the municipality's region header.

export interface Portal {
  /** The portal's address, e.g. https://portal.example.jp */
  server: string;
  /** The municipality's 6-digit code. */
  municipality: string;
  /** The API key (`psk_…`). */
  key: string;
}

export interface DocumentSummary {
  id: string;
  reference_number: string;
  procedure_code: string;
  status: string;
  version: number;
}

export interface DocumentPage {
  documents: DocumentSummary[];
  next_cursor: string;
  has_more: boolean;
}

interface Download {
  id: string;
  sha256: string;
  download_url: string;
}

export interface PortalDocument extends DocumentSummary {
  answers: Record<string, unknown>;
  attachments: (Download & { standard_item_code: string; sequence: number; file_name: string })[];
  renderings: (Download & { audience: string })[];
}

/** A refusal or failure of the portal, with its one error format's messages. */
export class PortalError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const base = (p: Portal) => `${p.server.replace(/\/$/, '')}/api/municipalities/${p.municipality}`;

async function call(p: Portal, path: string): Promise<Response> {
  const url = path.startsWith('/') ? `${p.server.replace(/\/$/, '')}${path}` : `${base(p)}/${path}`;
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${p.key}`, 'x-region-code': p.municipality },
    redirect: 'error',
  });
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null;
  const messages = body?.errors?.map((e) => e.message).join('; ') ?? res.statusText;
  throw new PortalError(res.status, `${res.status} ${messages} (${url})`);
}

export async function changedDocuments(p: Portal, cursor: string | null): Promise<DocumentPage> {
  const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
  return (await call(p, `system/documents/?${query}`)).json() as Promise<DocumentPage>;
}

export async function documentOf(p: Portal, id: string): Promise<PortalDocument> {
  return (await call(p, `system/documents/${id}/`)).json() as Promise<PortalDocument>;
}

/** A file of the document (the answer's `download_url` is a path of the same API). */
export async function download(p: Portal, downloadUrl: string): Promise<Buffer> {
  return Buffer.from(await (await call(p, downloadUrl)).arrayBuffer());
}
