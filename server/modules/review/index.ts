// The review module's entry (the teacher's side of recordings: statistics, comments and their
// voices, the exports scores.csv and exam.zip): its routes and the voices' signed audio route, the
// comments both players show, and the stored voices a recording's or an exam's delete takes along
// (read in its transaction before it; removed once it is committed).
export { reviewRoutes, voiceContentRoutes } from './routes';
export { deleteVoiceObjects, recordingComments } from './service';
export { voiceKeys } from './voice';
