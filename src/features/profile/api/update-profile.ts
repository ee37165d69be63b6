import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKey, profileSchemaOf, type Profile, type ProfileArea } from './get-profile';

export type ProfileData = Omit<Profile, 'id'> & {
  /** The current password; left out when empty (the server then takes only a login of the last 5 minutes). */
  currentPassword?: string;
};

/** PATCH /api/{teacher|student}/data: the profile fields (and the teacher's mail setting). */
export const updateProfile = (
  area: ProfileArea,
  { currentPassword, ...fields }: ProfileData,
): Promise<Profile> =>
  api(`/api/${area}/data`, {
    method: 'PATCH',
    body: { ...fields, ...(currentPassword ? { currentPassword } : {}) },
    schema: profileSchemaOf(area),
  });

export function useUpdateProfile(area: ProfileArea) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [area, 'profile', 'update'],
    mutationFn: (body: ProfileData) => updateProfile(area, body),
    onSuccess: (profile) => queryClient.setQueryData(profileKey(area), profile),
  });
}
