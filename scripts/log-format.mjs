// The server logs one JSON object a line (pino). In a terminal `npm start` shows them as text instead:
// time, level, message, then the other fields; an error's stack on the lines below. Lines that are not
// pino's JSON pass through unchanged. Node built-ins only.
import { resolve } from 'node:path';
import { Transform } from 'node:stream';
import { fileURLToPath } from 'node:url';

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
const COLOURS = { 10: 90, 20: 36, 30: 32, 40: 33, 50: 31, 60: 35 };
const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err', 'v']);

const value = (v) => (typeof v === 'string' && !/[\s"=]/.test(v) ? v : JSON.stringify(v));

/** One pino JSON line as text, or the line itself when it is not one. */
export function formatLine(line, { colour = false } = {}) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (!entry || typeof entry !== 'object' || typeof entry.level !== 'number') return line;
  const time = new Date(entry.time ?? Date.now()).toTimeString().slice(0, 8);
  const name = (LEVELS[entry.level] ?? String(entry.level)).padEnd(5);
  const level = colour ? `\x1b[${COLOURS[entry.level] ?? 0}m${name}\x1b[0m` : name;
  const fields = Object.entries(entry)
    .filter(([key]) => !OMITTED.has(key))
    .map(([key, v]) => `${key}=${value(v)}`);
  const text = [time, level, entry.msg ?? '', ...fields].filter((part) => part !== '').join(' ');
  const err = entry.err && (entry.err.stack ?? entry.err.message);
  return err ? `${text}\n  ${String(err).replace(/\n/g, '\n  ')}` : text;
}

/** A stream that turns pino's lines into text, a line at a time. */
export function logFormatter(options) {
  let rest = '';
  return new Transform({
    transform(chunk, _encoding, done) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      done(null, lines.map((l) => `${formatLine(l, options)}\n`).join(''));
    },
    flush(done) {
      done(null, rest ? `${formatLine(rest, options)}\n` : '');
    },
  });
}

// As a filter (`server | node scripts/log-format.mjs`, as `npm run dev` runs): text in a terminal, the
// lines unchanged otherwise. Ctrl-C reaches the server too: this stays to show its last lines, and ends
// with its output.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => undefined);
  const input = process.stdout.isTTY ? process.stdin.pipe(logFormatter({ colour: true })) : process.stdin;
  input.pipe(process.stdout);
}
