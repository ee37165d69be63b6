import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { studentProfileSchema } from '@/shared/contract/student';
import { teacherProfileSchema } from '@/shared/contract/teacher';
import { api } from '@/lib/api-client';

/** Whose profile: the teacher's carries the exam-completion mail setting, the student's does not. */
export type ProfileArea = 'teacher' | 'student';

export const profileSchemaOf = (area: ProfileArea) =>
  area === 'teacher' ? teacherProfileSchema : studentProfileSchema;

export interface Profile {
  id: number;
  username: string;
  email: string;
  name: string;
  surname: string;
  patronymic: string;
  inform_about_exam_completion?: boolean;
}

/** GET /api/teacher/profile or /api/student/profile. */
export const getProfile = (area: ProfileArea): Promise<Profile> =>
  api(`/api/${area}/profile`, { schema: profileSchemaOf(area) });

export const profileKey = (area: ProfileArea) => [area, 'profile'] as const;

export const profileQuery = (area: ProfileArea) =>
  queryOptions({ queryKey: profileKey(area), queryFn: () => getProfile(area) });

/** The route loader has it in the cache already. */
export const useProfile = (area: ProfileArea) => useSuspenseQuery(profileQuery(area));
