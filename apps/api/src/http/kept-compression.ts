import zlib from 'node:zlib';

/**
 * The compressors @fastify/compress calls for answers already in memory, keeping what they made for each
 * Buffer: a kept answer (a published version's JSON, a kept answer context's values; decisions 0046, 0050)
 * is the same Buffer object every time, so it is compressed once per encoding, not once per request.
 * Strings and fresh Buffers are compressed as before; an entry goes with its Buffer (a WeakMap). A Buffer
 * sent as an answer is never written to afterwards, so what was kept for it stays true.
 */
export function keptCompression() {
  const keep = <O>(compress: (buffer: zlib.InputType, options?: O) => Buffer) => {
    const made = new WeakMap<Buffer, Buffer>();
    return (payload: zlib.InputType, options?: O): Buffer => {
      if (!Buffer.isBuffer(payload)) return compress(payload, options);
      let out = made.get(payload);
      if (out === undefined) {
        out = compress(payload, options);
        made.set(payload, out);
      }
      return out;
    };
  };
  return {
    brotliCompressSync: keep(zlib.brotliCompressSync),
    gzipSync: keep(zlib.gzipSync),
  };
}

/**
 * Answers up to this size are compressed in one synchronous call (not a zlib stream through the thread
 * pool): on two cores the stream's set-up cost more than the compression of the portal's 1-30 KB answers.
 */
export const SYNC_COMPRESSION_MAX_BYTES = 65_536;
