import { api } from '@/lib/api-client';
import { studentContract } from './student-contract';

/** Starts a session; its errors are ignored (offline, the exam goes on without one). */
export async function startSession(examId: number, variantId: number): Promise<number | null> {
  try {
    const r = await api(`/api/student/session/${examId}/start`, {
      method: 'POST',
      body: { variantID: variantId },
      schema: () => studentContract().then((c) => c.sessionStartResponseSchema),
    });
    return r.session_id;
  } catch {
    return null;
  }
}
