// The exams module's entry: its routes, and the check other modules make of a teacher's exam.
export { examRoutes } from './routes';
export { requireTeacherExam } from './service';
