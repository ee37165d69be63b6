// The admin module's entry: its routes and the first admin account made at start. No other
// module uses it.
export { adminRoutes } from './routes';
export { ensureAdmin } from './bootstrap';
