import { Link } from 'react-router';
import { BUTTON_CLASS } from '../lib/button-class';
import { Seo } from '../components/Seo';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <Seo
        title="404 Page Not Found | 12Yards"
        description="The page you asked for does not exist."
        path="/404"
        noindex
      />
      <p className="text-7xl font-black text-primary">404</p>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">404 Page Not Found</h1>
      <p className="mt-3 text-muted-foreground">The page you are looking for has moved or never existed.</p>
      <Link to="/" className={BUTTON_CLASS.primaryMt8}>
        Back to home
      </Link>
    </div>
  );
}
