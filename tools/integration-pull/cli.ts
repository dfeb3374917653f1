import { parseArgs } from 'node:util';
import type { Portal } from './api.js';
import { pullInto } from './inbox.js';
import { webhookReceiver } from './receive.js';

// The reference consumer (issue 37 item 4): `npm run integration:pull -- --help`.

const USAGE = `Pulls a municipality's new and changed documents from the portal into a folder.

  npm run integration:pull -- --server URL --municipality CODE --out DIR [options]

  --server URL         the portal, e.g. https://portal.example.jp
  --municipality CODE  the municipality's 6-digit code
  --out DIR            the folder: DIR/<reference number>/document.json, attachments/, renderings/
  --key KEY            the API key (or PORTAL_SYSTEM_KEY, which keeps it out of the shell history)
  --listen PORT        stay running: pull on each verified webhook event and every --interval
  --host HOST          the address to listen on (default 127.0.0.1)
  --secret SECRET      the webhook secret whsec_… (or PORTAL_WEBHOOK_SECRET); needed with --listen
  --interval SECONDS   pull this often while listening, in case an event is missed (default 300)
`;

function options() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string' },
      municipality: { type: 'string' },
      out: { type: 'string' },
      key: { type: 'string' },
      listen: { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      secret: { type: 'string' },
      interval: { type: 'string', default: '300' },
      help: { type: 'boolean' },
    },
  });
  const key = values.key ?? process.env.PORTAL_SYSTEM_KEY;
  const secret = values.secret ?? process.env.PORTAL_WEBHOOK_SECRET;
  const missing = [
    !values.server && '--server',
    !values.municipality && '--municipality',
    !values.out && '--out',
    !key && '--key (or PORTAL_SYSTEM_KEY)',
    values.listen && !secret && '--secret (or PORTAL_WEBHOOK_SECRET)',
  ].filter(Boolean);
  if (values.help || missing.length) {
    process.stderr.write(`${missing.length ? `missing: ${missing.join(', ')}\n\n` : ''}${USAGE}`);
    process.exit(values.help ? 0 : 2);
  }
  const portal: Portal = { server: values.server!, municipality: values.municipality!, key: key! };
  return {
    portal,
    out: values.out!,
    secret,
    listen: values.listen,
    host: values.host!,
    interval: Number(values.interval),
  };
}

const log = (line: string): void => {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
};

/** Pulls one at a time: an event during a pull asks for one more pull after it, not a second at once. */
function serialPuller(pull: () => Promise<unknown>) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running) return void (again = true);
    running = pull()
      .then(
        () => undefined,
        (err: Error) => log(`pull failed: ${err.message}`),
      )
      .finally(() => {
        running = null;
        if (!again) return;
        again = false;
        run();
      });
  };
  return run;
}

async function main() {
  const o = options();
  const pull = () => pullInto(o.portal, o.out, log);
  if (!o.listen) {
    const { saved } = await pull();
    log(`done: ${saved.length} documents saved in ${o.out}`);
    return;
  }
  const run = serialPuller(pull);
  const server = webhookReceiver(o.secret!, (event) => {
    log(`event ${event.type} ${event.data.reference_number ?? ''}`.trim());
    run();
  });
  server.listen(Number(o.listen), o.host, () => {
    const a = server.address();
    log(`listening on http://${o.host}:${typeof a === 'object' && a ? a.port : o.listen}`);
    run();
  });
  setInterval(run, o.interval * 1000).unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => server.close(() => process.exit(0)));
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
