export const ROLES = ['ADMIN', 'TEACHER', 'STUDENT'] as const;
export type Role = (typeof ROLES)[number];

/** Registration bodies carry these instead of the plain role names. */
export const REGISTRATION_ROLES = ['ROLE_TEACHER', 'ROLE_STUDENT'] as const;
export type RegistrationRole = (typeof REGISTRATION_ROLES)[number];

export const registrationRoleToRole: Record<RegistrationRole, Role> = {
  ROLE_TEACHER: 'TEACHER',
  ROLE_STUDENT: 'STUDENT',
};
