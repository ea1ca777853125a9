import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, Skeleton } from '@12yards/ui';
import { useFaqs } from '../lib/queries';
import { Section } from './Section';

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
          <Accordion type="single" collapsible className="rounded-xl border border-border bg-card px-5">
            {faqs.map((f) => (
              <AccordionItem key={f.id} value={f.id} className="last:border-b-0">
                <AccordionTrigger>{f.question}</AccordionTrigger>
                <AccordionContent className="whitespace-pre-line text-base">{f.answer}</AccordionContent>
              </AccordionItem>
            ))}
          </Accordion>
        )}
      </div>
    </Section>
  );
}
