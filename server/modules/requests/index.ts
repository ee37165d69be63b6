// The requests module's entry (a student's answers to teachers' link requests): its routes. No
// other module uses it.
export { requestRoutes } from './routes';
