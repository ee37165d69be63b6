import { it, vi } from 'vitest';

// The exam's device side (the recorder, Dexie, the outbox) loads after the choice of variant is
// drawn. Here it cannot load: the start must fail with a message, never run an exam that records
// nowhere.

const start = vi.fn((_variantId: number | null) => Promise.resolve());
vi.mock('@/features/exam-session/hooks/use-exam-session', () => ({
  useExamSession: () => ({ stage: 'choose', start, problem: null, fault: null, blocker: { status: 'idle' } }),
}));
vi.mock('@/features/exam-session/hooks/use-device-storage', () => ({
  useDeviceStorage: () => ({ persisted: false, check: null }),
}));
vi.mock('@/features/exam-session/api/exam-device', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

const { expectStartFailsWithMessage } = await import('./start-without-a-part');

it('a start whose device side cannot load says so and does not start the exam', async () => {
  await expectStartFailsWithMessage(start);
});
