// The module the shell loads as admin/AdminApp: the panel plus its stylesheet (the host's CSS lacks the admin's classes).
import './admin.css';
export { default } from './AdminApp';
