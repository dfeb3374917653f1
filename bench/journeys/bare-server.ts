// The baseline of bench/journeys, run in its own process by run.ts: a bare Fastify + pg server with the
// portal's pool size, answering one INSERT of the request's JSON (2 KB from the bench) and one SELECT by
// primary key. Input: BARE_DATABASE_URL (an empty database of its own) and DATABASE_POOL_SIZE; sends
// { port } to the parent over IPC once it listens.
import Fastify from 'fastify';
import pg from 'pg';
import { SEEDED_ROWS } from './shared.js';

const url = process.env.BARE_DATABASE_URL;
if (!url || !process.send) {
  console.error('bench/journeys/bare-server.ts is forked by bench/journeys/run.ts (BARE_DATABASE_URL, IPC)');
  process.exit(1);
}
const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
await pool.query(`create table if not exists rows (
  id bigserial primary key,
  owner text not null,
  body jsonb not null,
  created_at timestamptz not null default now()
)`);
await pool.query(
  `insert into rows (owner, body)
   select 'seed-' || g, jsonb_build_object('n', g, 'text', repeat('x', 2000)) from generate_series(1, $1) g`,
  [SEEDED_ROWS],
);
await pool.query('analyze rows');

const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
app.post('/rows', async (request, reply) => {
  const { rows } = await pool.query<{ id: string }>(
    'insert into rows (owner, body) values ($1, $2) returning id',
    ['bench', request.body],
  );
  return reply.code(201).send({ id: rows[0]!.id });
});
app.get<{ Params: { id: string } }>('/rows/:id', async (request, reply) => {
  const { rows } = await pool.query<{ body: unknown }>('select body from rows where id = $1', [
    request.params.id,
  ]);
  if (rows.length === 0) return reply.code(404).send({ error: 'not found' });
  return rows[0]!.body;
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send({ port: typeof address === 'object' && address ? address.port : 0 });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
