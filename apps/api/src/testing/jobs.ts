/**
 * A job's status in the answer that sent it: queued, or already taken by a worker (workers wake on
 * enqueue, so a render or export may be running, or done, before the answer is read back).
 */
export const JUST_SENT = /^(queued|running|succeeded)$/;
