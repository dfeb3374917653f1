// @fastify/rate-limit's in-memory store, which its package types do not export (plugins/rate-limit.ts).
declare module '@fastify/rate-limit/store/LocalStore.js' {
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => object;
  export default LocalStore;
}
