import type { Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Role } from '../../src/shared/roles';

/** Timestamps are ISO-8601 UTC strings; booleans are 0/1 on both databases. */
type Timestamp = string;
type Flag = number;

export interface UsersTable {
  id: Generated<number>;
  role: Role;
  username: string;
  /** username folded for uniqueness and login lookups */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  name: string;
  surname: string;
  patronymic: string;
  inform_about_exam_completion: Generated<Flag>;
  search: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Raised by a password change or reset; access tokens of an older version are refused. */
  token_version: Generated<number>;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  family: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  replaced_by_id: number | null;
  /** The session's password login, passed on by rotation; null for sessions from before it was kept. */
  auth_time: Timestamp | null;
}

export interface LoginEventsTable {
  id: Generated<number>;
  user_id: number;
  address: string | null;
  created_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  username_key: string;
  address: string;
  created_at: Timestamp;
}

/** A login throttling counter: `hits` within the window that began at `window_start`. */
export interface LoginThrottlesTable {
  key: string;
  hits: number;
  window_start: Timestamp;
}

/** An account past its failure limit: its next password check may start at `next_at` (see auth service). */
export interface LoginSlotsTable {
  key: string;
  next_at: Timestamp;
  in_flight: Generated<Flag>;
}

export interface RecoveryAttemptsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  delivered_at: Timestamp | null;
  completed_at: Timestamp | null;
}

export type LinkStatus = 'pending' | 'accepted';

export interface TeacherStudentsTable {
  id: Generated<number>;
  teacher_id: number;
  student_id: number;
  status: LinkStatus;
  created_at: Timestamp;
  accepted_at: Timestamp | null;
}

export interface FilesTable {
  id: Generated<number>;
  teacher_id: number;
  name: string;
  search: string;
  mime: string;
  size: number;
  storage_key: string;
  created_at: Timestamp;
}

export type TaskType = 'TEXT_TASK' | 'AUDIO_TASK';

export interface TasksTable {
  id: Generated<number>;
  teacher_id: number;
  name: string;
  search: string;
  text: string;
  type: TaskType;
  duration: number;
  preparation_duration: number;
  /** JSON array of { name, maxPoints } */
  criteria: Generated<string>;
  /** JSON array of { text, fileId, answerSeconds }; [] for a task with one answer */
  questions: Generated<string>;
  /** The model answer's audio: one of the teacher's files (null when none or deleted) */
  model_answer_file_id: number | null;
  /** The model answer's sanitised rich text; null when none */
  model_answer_text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TaskFilesTable {
  task_id: number;
  file_id: number;
  position: number;
}

export interface VariantsTable {
  id: Generated<number>;
  teacher_id: number;
  name: string;
  search: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VariantTasksTable {
  id: Generated<number>;
  variant_id: number;
  task_id: number;
  sequence_number: number;
}

export interface ExamsTable {
  id: Generated<number>;
  teacher_id: number;
  name: string;
  search: string;
  /** How many times a student may take it; null: unlimited */
  attempts: number | null;
  /** When it may be taken (ISO); null: no bound */
  opens_at: Timestamp | null;
  closes_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ExamVariantsTable {
  exam_id: number;
  variant_id: number;
  position: number;
}

export interface ExamStudentsTable {
  exam_id: number;
  student_id: number;
}

/** A variant the student was given in an exam (assigned while the variant was in it), kept for late answers. */
export interface ExamAssignmentHistoryTable {
  exam_id: number;
  student_id: number;
  variant_id: number;
  first_at: Timestamp;
}

export interface ExamSessionsTable {
  id: Generated<number>;
  exam_id: number;
  student_id: number;
  variant_id: number | null;
  started_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface RecordingsTable {
  id: Generated<number>;
  client_id: string;
  exam_id: number;
  student_id: number;
  session_id: number | null;
  variant_id: number | null;
  name: string;
  search: string;
  mime: string;
  size: number;
  duration: number;
  /** JSON array of seconds */
  task_starts: Generated<string>;
  /** JSON array of normalised peaks, or null when the device sent none */
  peaks: string | null;
  storage_key: string;
  checked: Generated<Flag>;
  created_at: Timestamp;
  /** The recording was cut short on the device (a reload, a lost microphone) and sent as it was. */
  interrupted: Generated<Flag>;
  /** Arrived after the exam stopped being the student's (unassigned, the variant taken out). */
  late: Generated<Flag>;
  /** JSON number[][]: per task, where each question's answer window began */
  question_starts: Generated<string>;
  /** Recorded after the exam's closes_at (device clock corrected by its offset) */
  after_close: Generated<Flag>;
  /** Stored when the student had used up the exam's attempts */
  over_attempts: Generated<Flag>;
}

/** One part of a resumable recording upload, kept until its upload completes or grows old. */
export interface UploadPartsTable {
  id: Generated<number>;
  student_id: number;
  client_id: string;
  part: number;
  size: number;
  /** The object holding the part's bytes: its own, or the upload's staging object (`byte_offset`). */
  storage_key: string;
  created_at: Timestamp;
  /** Where the part starts in its upload's staging object; null when the object is the part's own. */
  byte_offset: number | null;
}

/** The student a resumable upload's clientId belongs to, from its first part or status call. */
export interface UploadOwnersTable {
  client_id: string;
  student_id: number;
  created_at: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  recording_id: number;
  author_id: number;
  start_seconds: number;
  end_seconds: number;
  text: string;
  client_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When the last applied edit was made, by the server's reckoning; null until edited. */
  edited_at: Timestamp | null;
}

/** A comment's spoken part (one at most); a replaced one is a new row, so a new media address. */
export interface CommentVoicesTable {
  id: Generated<number>;
  comment_id: number;
  voice_key: string;
  /** The container the bytes showed (with the client's codecs parameter when it named the same) */
  voice_mime: string;
  voice_size: number;
  /** Seconds, as the recording device measured them */
  voice_duration: number;
  created_at: Timestamp;
}

/** A deleted comment's clientId: a replayed create of it answers 404 instead of bringing it back. */
export interface CommentTombstonesTable {
  client_id: string;
  recording_id: number;
  author_id: number;
  deleted_at: Timestamp;
}

export interface RecordingGradesTable {
  recording_id: number;
  /** JSON array of { position, criterion, points, maxPoints } */
  scores: string;
  total: number;
  max_total: number;
  /** null when the last write cleared every score */
  graded_at: Timestamp | null;
  /** the client's clock of the write, as it sent it */
  client_updated_at: Timestamp;
  updated_at: Timestamp;
  /** when the write was made by the server's reckoning (server/lib/edit-order.ts): an older one is ignored */
  edited_at: Timestamp;
}

export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
}

export type ExamProgressState = 'started' | 'recording' | 'finished';

/** Where one attempt (a recording's clientId) of a student at an exam stands, as its device reported it. */
export interface ExamProgressTable {
  exam_id: number;
  student_id: number;
  client_id: string;
  /** The variant the device runs, when it said so */
  variant_id: number | null;
  state: ExamProgressState;
  /** The task the device is on (from 1; 0 before the first), null when unknown */
  task: number | null;
  question: number | null;
  /** Bytes of the answer still on the device */
  pending_bytes: number | null;
  /** The report's time: the device's clock corrected by its offset, never past its arrival */
  device_at: Timestamp;
  /** When the latest applied report arrived (the server's clock) */
  updated_at: Timestamp;
  /** The server's final refusal of this recording's upload, in Russian; null when none */
  refused_reason: string | null;
  refused_at: Timestamp | null;
}

/** An exam whose progress changed, for instances polling the database (without Redis). */
export interface ExamProgressEventsTable {
  id: Generated<number>;
  exam_id: number;
  /** The instance that wrote it */
  origin: string;
  at: Timestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

/** Bumped by triggers in every transaction that writes the table (see 0005-list-indexes). */
export interface TableVersionsTable {
  name: string;
  version: number;
}

export interface Database {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  login_events: LoginEventsTable;
  login_failures: LoginFailuresTable;
  login_throttles: LoginThrottlesTable;
  login_slots: LoginSlotsTable;
  recovery_attempts: RecoveryAttemptsTable;
  teacher_students: TeacherStudentsTable;
  files: FilesTable;
  tasks: TasksTable;
  task_files: TaskFilesTable;
  variants: VariantsTable;
  variant_tasks: VariantTasksTable;
  exams: ExamsTable;
  exam_variants: ExamVariantsTable;
  exam_students: ExamStudentsTable;
  exam_assignment_history: ExamAssignmentHistoryTable;
  exam_sessions: ExamSessionsTable;
  recordings: RecordingsTable;
  comments: CommentsTable;
  recording_grades: RecordingGradesTable;
  upload_parts: UploadPartsTable;
  upload_owners: UploadOwnersTable;
  comment_tombstones: CommentTombstonesTable;
  comment_voices: CommentVoicesTable;
  exam_progress: ExamProgressTable;
  exam_progress_events: ExamProgressEventsTable;
  mail_queue: MailQueueTable;
  app_settings: AppSettingsTable;
  table_versions: TableVersionsTable;
}

/** What a repository takes first: the database or a transaction on it. */
export type Db = Kysely<Database> | Transaction<Database>;

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
