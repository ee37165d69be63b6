import { SUCCESS_TEXT } from '@/shared/messages';

/** The two kinds of account the admin manages; one set of screens serves both. */
export type UserKind = 'student' | 'teacher';

export const USER_KINDS = {
  student: {
    plural: 'students',
    listPath: '/admin/students',
    detailPath: '/admin/students/$id',
    title: 'Ученики',
    createButton: 'Создать ученика',
    createTitle: 'Новый ученик',
    editTitle: 'Редактирование ученика',
    created: SUCCESS_TEXT.studentCreated,
    updated: SUCCESS_TEXT.studentUpdated,
  },
  teacher: {
    plural: 'teachers',
    listPath: '/admin/teachers',
    detailPath: '/admin/teachers/$id',
    title: 'Учителя',
    createButton: 'Создать учителя',
    createTitle: 'Новый учитель',
    editTitle: 'Редактирование учителя',
    created: SUCCESS_TEXT.teacherCreated,
    // The update toast says 'обновлен' (the original text's 'создан' was a slip).
    updated: SUCCESS_TEXT.teacherUpdated,
  },
} as const satisfies Record<UserKind, { plural: 'students' | 'teachers'; [k: string]: string }>;
