import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { teacherProfileSchema } from '../../../shared/contract/teacher';
import { api } from '../../../lib/api-client';

/** GET /api/teacher/profile. */
export const getProfile = () => api('/api/teacher/profile', { schema: teacherProfileSchema });

export const profileKey = ['teacher', 'profile'] as const;

export const profileQuery = () => queryOptions({ queryKey: profileKey, queryFn: getProfile });

/** The route loader has it in the cache already. */
export const useProfile = () => useSuspenseQuery(profileQuery());
