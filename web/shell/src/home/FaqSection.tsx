import { ChevronDown } from 'lucide-react';
import { Skeleton } from '@12yards/ui';
import { useFaqs } from '../lib/queries';
import { Section } from './Section';

/** The name that makes the questions one exclusive group: opening one closes the one that was open. */
export const FAQ_GROUP = 'faq';

/**
 * Question and answer as `<details>`: the answers are in the page's HTML, open without JavaScript, and the browser
 * keeps a single one open at a time (a shared `name`), so the section needs no script at all.
 */
export function FaqSection() {
  const { data, isLoading } = useFaqs();
  const faqs = (data ?? []).filter((f) => f.isActive !== false).sort((a, b) => a.sortOrder - b.sortOrder);

  return (
    <Section id="faq" eyebrow="FAQ" title="Frequently asked questions">
      <div className="mx-auto max-w-3xl">
        {isLoading ? (
          <div role="status" aria-label="Loading FAQs" className="space-y-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" data-testid="faq-skeleton" />
            ))}
          </div>
        ) : faqs.length === 0 ? (
          <div className="rounded-xl border border-dashed border-border p-10 text-center">
            <p className="font-medium">No FAQs available at the moment.</p>
            <p className="mt-1 text-muted-foreground">Check back soon for answers to common questions!</p>
          </div>
        ) : (
          <div className="rounded-xl border border-border bg-card px-5">
            {faqs.map((f) => (
              <details key={f.id} name={FAQ_GROUP} className="group border-b border-border last:border-b-0">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm py-4 text-left font-semibold transition-all hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                  {f.question}
                  <ChevronDown
                    className="size-4 shrink-0 transition-transform duration-200 group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <div className="whitespace-pre-line pb-4 text-base text-muted-foreground">{f.answer}</div>
              </details>
            ))}
          </div>
        )}
      </div>
    </Section>
  );
}
