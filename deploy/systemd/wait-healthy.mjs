// ExecStartPost of portal@.service: waits until this instance's /api/health answers 200, so systemd calls
// the instance started (and `systemctl restart` returns) only once it serves. Exit 1 after the deadline.
// Reads PORT and HOST as the server does; WAIT_HEALTHY_SECONDS bounds the wait (default 170 s, below the
// unit's TimeoutStartSec=180).
const port = Number(process.env.PORT ?? 3000);
const listenHost = process.env.HOST ?? '127.0.0.1';
// A server listening on every address answers on loopback.
const host = ['0.0.0.0', '::', ''].includes(listenHost) ? '127.0.0.1' : listenHost;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/health`;
const deadline = Date.now() + Number(process.env.WAIT_HEALTHY_SECONDS ?? 170) * 1000;

let last = 'no answer';
while (Date.now() < deadline) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (res.status === 200) {
      console.log(`healthy: ${url}`);
      process.exit(0);
    }
    last = `status ${res.status}`;
  } catch (error) {
    last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.error(`not healthy: ${url} (${last})`);
process.exit(1);
