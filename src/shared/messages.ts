/** Every text the server and the client show for an error, in one place (how they are chosen: docs/api.md, 'Errors on screen'). */
export const ERROR_TEXT = {
  generic: 'Что-то пошло не так',
  offlineNotSaved:
    'Нет сети, а эта страница на устройстве еще не сохранена. Она откроется, когда сеть появится',
  offlineListNotSaved:
    'Нет сети, а этот список на устройстве еще не сохранен. Он появится, когда сеть вернется',
  badRequest: 'Неверные данные запроса',
  malformedJson: 'Тело запроса не является корректным JSON',
  unsupportedMediaType: 'Неподдерживаемый тип содержимого',
  payloadTooLarge: 'Слишком большой запрос',
  tooManyRequests: 'Слишком много запросов. Повторите позже',
  unauthorized: 'Требуется авторизация',
  forbidden: 'Недостаточно прав',
  notFound: 'Не найдено',
  internal: 'Внутренняя ошибка сервера',
  wrongCredentials: 'Неверный логин или пароль',
  tooManyAttempts: 'Слишком много неудачных попыток входа. Попробуйте позже',
  usernameTaken: 'Пользователь с таким логином уже существует',
  emailTaken: 'Пользователь с такой почтой уже существует',
  roleMismatch: 'Роль не совпадает с адресом регистрации',
  roleNotChosen: 'Роль не выбрана',
  passwordsDiffer: 'Пароли не совпадают',
  passwordTooShort: 'Пароль должен содержать от 8 до 128 символов',
  passwordTooCommon: 'Этот пароль слишком распространен и легко угадывается. Выберите другой',
  recoveryInvalid: 'Ссылка для восстановления недействительна или устарела',
  refreshInvalid: 'Сессия истекла, войдите снова',
  foreignOrigin: 'Запрос с другого сайта отклонен',
  currentPasswordWrong: 'Неверный текущий пароль',
  currentPasswordRequired: 'Введите текущий пароль',
  userNotFound: 'Пользователь не найден',
} as const;

export const SUCCESS_TEXT = {
  registeredTeacher: 'Вы успешно зарегистрировались как учитель',
  registeredStudent: 'Вы успешно зарегистрировались как ученик',
  studentCreated: 'Ученик создан',
  studentUpdated: 'Ученик обновлен',
  teacherCreated: 'Учитель создан',
  teacherUpdated: 'Учитель обновлен',
  examCreated: 'Экзамен создан',
  examDeleted: 'Экзамен удален',
  examUpdated: 'Экзамен обновлен',
  taskCreated: 'Задание создано',
  taskDeleted: 'Задание удалено',
  taskUpdated: 'Задание обновлено',
  variantCreated: 'Вариант создан',
  variantDeleted: 'Вариант удален',
  variantUpdated: 'Вариант обновлен',
  studentRemoved: 'Ученик удален из списка',
  requestSent: 'Заявка отправлена',
  dataUpdated: 'Данные обновлены',
  passwordUpdated: 'Пароль обновлен',
  audioDeleted: 'Аудиозапись удалена',
  statusChanged: 'Статус изменен',
  requestAccepted: 'Заявка одобрена',
  requestRejected: 'Заявка отклонена',
  examFinished: 'Экзамен завершен',
  recoverySent: 'Ссылка для восстановления отправлена на почту',
} as const;

/** Texts of the teacher's authoring area (files, tasks, variants, exams, students) and of requests. */
export const AUTHORING_TEXT = {
  examWindowReversed: 'Экзамен должен закрываться позже, чем открывается',
  fileNotFound: 'Файл не найден',
  taskNotFound: 'Задание не найдено',
  variantNotFound: 'Вариант не найден',
  examNotFound: 'Экзамен не найден',
  studentNotFound: 'Ученик не найден',
  requestNotFound: 'Заявка не найдена',
  mediaLinkInvalid: 'Ссылка на файл недействительна или устарела',
  rangeNotSatisfiable: 'Запрошенный диапазон файла недоступен',
  requestAlreadySent: 'Заявка этому ученику уже отправлена',
  studentAlreadyLinked: 'Ученик уже есть в вашем списке',
  malformedUpload: 'Не удалось прочитать загружаемые файлы',
  uploadNotMultipart: 'Файлы нужно отправлять как multipart/form-data',
  passwordRequired: 'Пароль: обязательное поле',
  noTasks: 'Выберите хотя бы одно задание',
  noVariants: 'Выберите хотя бы один вариант',
  storageFull: (name: string, quotaMb: number) =>
    `Файл «${name}» не загружен: место для ваших файлов (${quotaMb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ) закончилось. Удалите ненужные файлы`,
  fileTooLarge: (name: string, maxMb: number) =>
    `Файл «${name}» больше ${maxMb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ и не загружен`,
  fileTypeRefused: (name: string) =>
    `Файл «${name}» не загружен: поддерживаются изображения (PNG, JPEG, GIF, WebP, AVIF) и аудио (MP3, WAV, OGG, WebM, MP4, FLAC)`,
  tooManyFiles: (max: number) => `За один раз можно загрузить не больше ${max} файлов, остальные пропущены`,
  filesMissing: (ids: number[]) => `Файлы не найдены: ${ids.join(', ')}`,
  questionFilesNotAudio: (names: string[]) =>
    `Звук вопроса должен быть аудиофайлом, а это не аудио: ${names.map((n) => `«${n}»`).join(', ')}`,
  modelAnswerFileNotAudio: (name: string) =>
    `Образец ответа должен быть аудиофайлом, а это не аудио: «${name}»`,
  templateNotFound: 'Шаблон не найден',
  tasksMissing: (ids: number[]) => `Задания не найдены: ${ids.join(', ')}`,
  variantsMissing: (ids: number[]) => `Варианты не найдены: ${ids.join(', ')}`,
  studentsNotLinked: (ids: number[]) => `Ученики не найдены в вашем списке: ${ids.join(', ')}`,
  taskInUse: (variants: string[]) =>
    `Задание используется в вариантах: ${variants.map((v) => `«${v}»`).join(', ')}. Сначала уберите его оттуда`,
  variantInUse: (exams: string[]) =>
    `Вариант используется в экзаменах: ${exams.map((e) => `«${e}»`).join(', ')}. Сначала уберите его оттуда`,
} as const;

/** Texts of the student's exam session and recordings, and of the teacher's review of them. */
/** Notes on how a recording arrived, for the teacher and the student alike. */
export const RECORDING_NOTE = {
  interrupted: 'Запись прервана',
  interruptedDetail: 'Запись оборвалась раньше конца экзамена и отправлена в том виде, в каком сохранилась.',
  late: 'Получено после снятия экзамена',
  lateDetail: 'Запись пришла, когда экзамен уже был снят с ученика; она сохранена, чтобы ответ не потерялся.',
  afterClose: 'После закрытия',
  afterCloseDetail:
    'Ответ записан после того, как экзамен закрылся; запись сохранена, чтобы ответ не потерялся, а как ее учесть, решает учитель.',
  overAttempts: 'Сверх попыток',
  overAttemptsDetail:
    'Ответ записан, когда попытки на этот экзамен уже закончились; запись сохранена, чтобы ответ не потерялся, а как ее учесть, решает учитель.',
} as const;

/**
 * Where a student's answer stands on the exam day (the contract's EXAM_PROGRESS_STATES), in the
 * statistics and scores.csv alike.
 */
const EXAM_STATE_TEXT = {
  'not-started': 'Не начинал',
  'in-progress': 'Отвечает',
  'on-device': 'Ответ на устройстве',
  received: 'Ответ получен',
  refused: 'Не принят',
} as const;

/** The state in words; a refusal says why when the server recorded its reason. */
export function examStateText(state: keyof typeof EXAM_STATE_TEXT, message?: string | null): string {
  return state === 'refused' && message ? `${EXAM_STATE_TEXT.refused}: ${message}` : EXAM_STATE_TEXT[state];
}

export const RECORDING_TEXT = {
  recordingNotFound: 'Аудиозапись не найдена',
  sessionNotFound: 'Сессия экзамена не найдена',
  commentNotFound: 'Комментарий не найден',
  commentDeleted: 'Комментарий удален',
  uploadNotMultipart: 'Запись нужно отправлять как multipart/form-data',
  malformedUpload: 'Не удалось прочитать загружаемую запись',
  fileMissing: 'Не получен файл записи (поле audio)',
  tooManyFiles: 'Можно отправить только один файл записи',
  typeRefused: 'Запись не принята: поддерживаются только форматы WebM и MP4',
  tooLarge: (maxMb: number) => `Запись больше ${maxMb} МБ не принимается`,
  storageFull: (quotaMb: number) =>
    `Запись не принята: место для ваших записей (${quotaMb.toLocaleString('ru-RU', { maximumFractionDigits: 1 })} МБ) закончилось. Попросите учителя удалить старые записи`,
  tooManyForExam: (max: number) => `Запись не принята: для этого экзамена уже сохранено ${max} ваших записей`,
  uploadOfAnotherStudent: 'Эта запись сделана другим учеником и не может быть отправлена от вашего имени',
  examGone: 'Экзамен удален или недоступен: запись не может быть принята',
  variantGone: 'Вариант, по которому записан ответ, удален: запись не может быть принята',
  partNotBinary: 'Часть записи нужно отправлять как application/octet-stream',
  partEmpty: 'Часть записи пуста',
  partTooLarge: (maxKb: number) => `Часть записи больше ${maxKb} КБ не принимается`,
  partTooSmall: (minKb: number) => `Каждая часть записи, кроме последней, должна быть не меньше ${minKb} КБ`,
  tooManyOpenUploads: (max: number) =>
    `Незавершенных отправок записей уже ${max}: следующая начнется, когда одна из них завершится`,
  partsMissing: 'Сервер получил не все части записи: недостающие нужно отправить еще раз',
  partsSizeMismatch: 'Размер записи не совпадает с полученными частями',
  commentClientIdTaken: 'Комментарий с таким clientId уже существует',
  commentEndAfterDuration: (duration: string) =>
    `Конец комментария не может быть позже конца записи (${duration})`,
  voiceNotFound: 'Голосовой комментарий не найден',
  voiceTypeRefused: 'Голосовой комментарий не принят: поддерживаются только форматы WebM и MP4',
  voiceTooLarge: (maxMb: number) => `Голосовой комментарий больше ${maxMb} МБ не принимается`,
  voiceDuration: (maxSeconds: number) =>
    `Длительность голоса: укажите число секунд больше 0 и не больше ${maxSeconds}`,
} as const;

export const GRADING_TEXT = {
  noSuchTask: (position: number) => `В варианте нет задания ${position}`,
  noSuchCriterion: (position: number, criterion: number) =>
    `У задания ${position} нет критерия ${criterion + 1}`,
  pointsAboveMax: (position: number, name: string, max: number) =>
    `Задание ${position}, «${name}»: не больше ${max} баллов`,
} as const;

/** The exam day: progress reports, the teacher's live view, answers brought in as `.ustno` files. */
export const EXAM_DAY_TEXT = {
  examNotGiven: 'Экзамен не найден или не назначен вам',
  tooManyReports: 'Слишком много отметок о ходе экзамена',
  importNotMultipart: 'Файлы ответов нужно отправлять как multipart/form-data (поле files)',
  importMalformed: 'Не удалось прочитать загружаемые файлы',
  importNoFiles: 'Не получено ни одного файла ответа (поле files)',
  importTooManyFiles: (max: number) => `За один раз можно загрузить не больше ${max} файлов`,
  fileNotUstno: 'Это не файл ответа Устно (.ustno): не удалось прочитать архив',
  fileTooLarge: (maxMb: number) => `Файл ответа больше ${maxMb} МБ не принимается`,
  fileEntries: 'В файле ответа должны быть answer.json и одна запись (answer.webm или answer.m4a)',
  fileJsonInvalid: (reason: string) => `Описание ответа (answer.json) неверно: ${reason}`,
  fileVersion: 'Файл ответа сохранен более новой версией Устно',
  fileOtherExam: 'Файл относится к другому экзамену',
  fileOtherStudent: 'Файл ответа другого ученика: отправить можно только свой',
  fileClientIdTaken: 'Этот ответ уже сохранен как запись другого ученика',
  fileStudentNotGiven: 'Ученику этот экзамен (или этот вариант) не назначен',
  fileNotRecording: 'В файле нет записи ответа: поддерживаются только WebM и MP4',
} as const;
