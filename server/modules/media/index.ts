// The media module's entry: the signed-address routes of files, and the helper other modules
// register their own signed media with (recordings' audio).
export { mediaRoutes, signedMediaRoute } from './routes';
