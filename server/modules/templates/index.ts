// The templates module's entry: its routes (the official oral formats, and a variant made from one).
export { templateRoutes } from './routes';
