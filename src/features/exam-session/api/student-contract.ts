/**
 * The student's contract (zod and its schemas), loaded beside the first request it parses: the
 * session screen draws from the cache without it, and a first open fetches it with the answer
 * instead of before asking.
 */
export const studentContract = () => import('@/shared/contract/student');
