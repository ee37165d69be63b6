/** Surname, name, patronymic, as people are listed. */
export const fullName = (u: { surname: string; name: string; patronymic: string }) =>
  [u.surname, u.name, u.patronymic].filter(Boolean).join(' ');
