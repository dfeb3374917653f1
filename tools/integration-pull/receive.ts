import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

// Receiving mode: the portal posts signed events (Standard Webhooks); a verified one starts a pull. The
// event only says that something changed: the pull API stays the one source of the data.

const MAX_BODY = 64 * 1024;

export interface WebhookEvent {
  type: string;
  timestamp: string;
  data: { document_id?: string; reference_number?: string; status?: string };
}

/** A server that answers 204 to a verified event (and calls `onEvent`), 401 to anything else. */
export function webhookReceiver(secret: string, onEvent: (event: WebhookEvent, id: string) => void): Server {
  const verifier = new Webhook(secret);
  // The portal retries until it gets a 2xx, so one message can arrive twice: act on it once.
  const seen = new Set<string>();
  return createServer((req, res) => {
    if (req.method !== 'POST') return void res.writeHead(405, { allow: 'POST' }).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let event: WebhookEvent;
      try {
        event = verifier.verify(body, req.headers as Record<string, string>) as WebhookEvent;
      } catch {
        return void res.writeHead(401).end();
      }
      const id = String(req.headers['webhook-id']);
      res.writeHead(204).end();
      if (seen.has(id)) return;
      seen.add(id);
      if (seen.size > 10_000) seen.delete(seen.values().next().value!);
      onEvent(event, id);
    });
  });
}
