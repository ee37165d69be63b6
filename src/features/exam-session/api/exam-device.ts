// What the exam does on the device once it starts: the recorder, the device database (Dexie)
// and the outbox. Loaded after the choice of variant is drawn (load-exam-device.ts), never
// before: the choice needs none of it.
export { recordingStore } from '@/lib/device-sync';
export { saveBlob } from '@/lib/save-blob';
export { ExamRecorder } from '../model/exam-recorder';
export { listenBackOf } from '../model/listen-back';
export { enqueueRecording } from './complete-exam';
export { reportProgress } from './report-progress';
export { ustnoFile, ustnoFileName } from './ustno-file';
