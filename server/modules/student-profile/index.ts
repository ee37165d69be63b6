// The student's profile: its routes. No other module uses it.
export { studentProfileRoutes } from './routes';
