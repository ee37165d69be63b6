// The grading module's entry: its routes, and the grades the review's statistics and gradebook
// show.
export { studentGradingRoutes, teacherGradingRoutes } from './routes';
export { latestGrades, latestGradesOf } from './service';
