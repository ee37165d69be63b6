// The teacher's profile: its routes. No other module uses it.
export { teacherProfileRoutes } from './routes';
