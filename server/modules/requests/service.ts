import type { PageQuery } from '../../../src/shared/contract/common';
import type { TeacherRequest } from '../../../src/shared/contract/student-requests';
import { AUTHORING_TEXT } from '../../../src/shared/messages';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/http-error';
import { mapPage, type Page } from '../../lib/paging';
import { nowIso } from '../../lib/time';
import * as repo from './repository';

export async function listRequests(
  ctx: AppContext,
  studentId: number,
  q: PageQuery,
): Promise<Page<TeacherRequest>> {
  return mapPage(await repo.pendingRequestsPage(ctx.db, studentId, q), (r) => ({
    id: r.id,
    teacher_surname: r.surname,
    teacher_name: r.name,
    teacher_patronymic: r.patronymic,
  }));
}

/** Accepting twice (a retried call) is fine; another student's request answers like a missing one. */
export async function acceptRequest(ctx: AppContext, studentId: number, linkId: number): Promise<void> {
  if (await repo.acceptRequest(ctx.db, studentId, linkId, nowIso())) return;
  const link = await repo.findStudentLink(ctx.db, studentId, linkId);
  if (link?.status !== 'accepted') throw notFound(AUTHORING_TEXT.requestNotFound);
}

/** Rejecting deletes the request; the teacher may send a new one later. */
export async function rejectRequest(ctx: AppContext, studentId: number, linkId: number): Promise<void> {
  if (!(await repo.deletePendingRequest(ctx.db, studentId, linkId)))
    throw notFound(AUTHORING_TEXT.requestNotFound);
}
