// The module the shell loads as admin/AdminApp: the panel plus its stylesheet (the host's CSS lacks the admin's classes).
import './index.css';
export { default } from './AdminApp';
