import type { ReactNode } from 'react';
import { Seo } from './Seo';

export const LEGAL_LAST_UPDATED = 'December 2024';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export function LegalPage(props: {
  title: string;
  description: string;
  path: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <article className="bg-background">
      <Seo title={`${props.title} | 12Yards`} description={props.description} path={props.path} />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{props.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">Last updated: {LEGAL_LAST_UPDATED}</p>
        <div className="mt-6 space-y-4 leading-relaxed text-slate-700">{props.intro}</div>
        <nav aria-label="Contents" className="mt-8 rounded-xl bg-muted p-5">
          <h2 className="text-sm font-bold uppercase tracking-wider text-muted-foreground">Contents</h2>
          <ol className="mt-3 list-decimal space-y-1 pl-5 text-sm">
            {props.sections.map((s) => (
              <li key={s.id}>
                <a className="text-primary underline-offset-2 hover:underline" href={`#${s.id}`}>
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {props.sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-h`} className="mt-10 scroll-mt-20">
            <h2 id={`${s.id}-h`} className="text-xl font-bold">
              {i + 1}. {s.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700 [&_li]:ml-5 [&_li]:list-disc [&_ul]:space-y-1">
              {s.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
