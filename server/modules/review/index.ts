// The review module's entry (the teacher's side of recordings: statistics, comments, the
// exports scores.csv and exam.zip): its routes, and the comments both players show.
export { reviewRoutes } from './routes';
export { recordingComments } from './service';
