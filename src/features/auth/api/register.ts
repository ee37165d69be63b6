import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@/shared/contract/auth';
import { userSchema } from '@/shared/contract/users';
import { api } from '@/lib/api-client';

export function register(body: RegisterBody) {
  const path = body.role === 'ROLE_TEACHER' ? '/api/auth/register/teacher' : '/api/auth/register/student';
  return api(path, { method: 'POST', body, schema: userSchema });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
