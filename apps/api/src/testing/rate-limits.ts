/**
 * Rate limits no test meets unless it sets its own (decision 0045): every test calls from one address,
 * in bursts far above a person's pace (fuzzing, whole journeys in a second).
 */
export const TEST_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_READS: '1000000',
  RATE_LIMIT_WRITES: '1000000',
  RATE_LIMIT_UPLOADS: '1000000',
  RATE_LIMIT_JOBS: '1000000',
};
