import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { HydrationMark } from './HydrationMark';
import { Logo } from './Logo';

/** Sign-in pages: a centred card on the dark background, with the way back home. */
export function StandaloneShell({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-night px-4 py-12">
      <Link
        to="/"
        className="mb-8 rounded-md text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
        aria-label="12Yards home"
      >
        <Logo />
      </Link>
      <div className="w-full max-w-md">{children}</div>
      <Link
        to="/"
        className="mt-8 inline-flex items-center gap-2 rounded-md text-sm text-slate-300 hover:text-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent"
      >
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to home
      </Link>
      <HydrationMark />
    </main>
  );
}
