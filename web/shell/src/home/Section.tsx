import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  tone?: 'light' | 'muted' | 'dark';
}

export function Section({ id, eyebrow, title, intro, children, tone = 'light' }: SectionProps) {
  const bg = tone === 'muted' ? 'bg-muted' : tone === 'dark' ? 'bg-night text-white' : 'bg-background';
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-16 py-20 md:py-24 ${bg}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto mb-12 max-w-2xl text-center">
          <p
            className={`text-sm font-bold uppercase tracking-widest ${tone === 'dark' ? 'text-accent' : 'text-primary'}`}
          >
            {eyebrow}
          </p>
          <h2 id={`${id}-heading`} className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            {title}
          </h2>
          {intro && (
            <p className={`mt-4 text-lg ${tone === 'dark' ? 'text-slate-300' : 'text-muted-foreground'}`}>
              {intro}
            </p>
          )}
        </div>
        {children}
      </div>
    </section>
  );
}
