// The recordings module's entry: the student's routes (both upload paths, the list, the player),
// the signed audio route and the purge of abandoned parts for the app; for other modules, the
// recordings' list rows, the teacher's detail, delete and check (served by review's routes), and
// a recording found as its teacher or student may see it (db or a transaction first); for answers
// brought in as files (exam-day), the steps an upload takes once its bytes are at hand; for other
// audio a device recorded (review's spoken comments), the same byte check and streaming to storage.
import type { Db } from '../../db/types';
import * as parts from './parts-repository';
import * as repo from './repository';

export { recordingContentRoutes, studentRecordingRoutes } from './routes';
export { uploadPartsPurgePlugin } from './parts-purge';
export {
  deleteTeacherRecording,
  examRecordingSummaries,
  getTeacherRecording,
  studentRecordingSummaries,
  switchChecked,
  teacherStudentRecordingSummaries,
} from './service';
export {
  claimUpload,
  findOwnRecording,
  keepStagedIfUsed,
  resolveTarget,
  storeRecording,
  studentSpaceLeft,
} from './store-recording';
export { stageAudio, storeAudio, storedMime, tooLargeText, type StagedAudio } from './stage-audio';

/** A recording of one of the teacher's exams, with who recorded it and the exam's name. */
export const findTeacherRecording = (db: Db, teacherId: number, id: number) =>
  repo.findTeacherRecording(db, teacherId, id);
/** How many recordings the student keeps for the exam. */
export const countStudentExamRecordings = (db: Db, studentId: number, examId: number) =>
  repo.countStudentExamRecordings(db, studentId, examId);
/** How many recordings the student keeps for each of these exams (absent: none), in one query. */
export const studentRecordingCounts = (db: Db, studentId: number, examIds: number[]) =>
  repo.studentRecordingCounts(db, studentId, examIds);
/** The student's own recording. */
export const findStudentRecording = (db: Db, studentId: number, id: number) =>
  repo.findStudentRecording(db, studentId, id);
/** Frees an upload's clientId binding once its recording holds the clientId. */
export const unbindUpload = (db: Db, clientId: string, studentId: number) =>
  parts.unbindUpload(db, clientId, studentId);
