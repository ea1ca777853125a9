// The page's entry: its stylesheet, and the app (React, the router, the page code) fetched once the server-rendered
// page has painted, so those downloads never compete with the HTML for the first paint on a slow connection.
// (A page the server did not render, the admin panel, starts the same way: its first paint is the app's.)
import './index.css';

const start = () => void import('./main');
if (document.getElementById('root')?.firstChild) requestAnimationFrame(() => setTimeout(start, 0));
else start();
