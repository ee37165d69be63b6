import { useMutation, useQueryClient } from '@tanstack/react-query';
import { teacherProfileSchema, type TeacherDataBody } from '../../../shared/contract/teacher';
import { api } from '../../../lib/api-client';
import { profileKey } from './get-profile';

/** PATCH /api/teacher/data: the profile fields and the exam-completion mail setting. */
export const updateProfile = (body: TeacherDataBody) =>
  api('/api/teacher/data', { method: 'PATCH', body, schema: teacherProfileSchema });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['teacher', 'profile', 'update'],
    mutationFn: updateProfile,
    onSuccess: (profile) => queryClient.setQueryData(profileKey, profile),
  });
}
