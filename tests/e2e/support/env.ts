import { inject } from 'vitest';

/** What the global setup hands every test file: the running server and its admin. */
export interface E2eEnv {
  baseUrl: string;
  dataDir: string;
  admin: { username: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eEnv;
  }
}

export const e2eEnv = (): E2eEnv => inject('e2e');
