import { CalendarDays, Clock, Mail, MapPin, Phone } from 'lucide-react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@12yards/ui';
import { site } from '../config';
import { ContactForm } from './ContactForm';

export function ContactDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Get in Touch</DialogTitle>
          <DialogDescription>
            Questions about the platform, pricing or a partnership? Talk to the team that builds your app.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-3 sm:grid-cols-2">
          <a
            href={`mailto:${site.email}`}
            className="flex items-start gap-3 rounded-lg border border-border p-4 transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Mail className="mt-0.5 size-5 text-primary" aria-hidden="true" />
            <span>
              <span className="block font-semibold">Email us</span>
              <span className="block text-sm text-muted-foreground">{site.email}</span>
            </span>
          </a>
          <a
            href={site.demoUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="flex items-start gap-3 rounded-lg border border-border p-4 transition-colors hover:border-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <CalendarDays className="mt-0.5 size-5 text-primary" aria-hidden="true" />
            <span>
              <span className="block font-semibold">Schedule a call</span>
              <span className="block text-sm text-muted-foreground">
                Pick a time that suits you (opens in a new tab)
              </span>
            </span>
          </a>
        </div>

        <ul className="grid gap-2 rounded-lg bg-muted p-4 text-sm">
          <li className="flex items-center gap-2">
            <Mail className="size-4 text-primary" aria-hidden="true" /> {site.email}
          </li>
          <li className="flex items-center gap-2">
            <Phone className="size-4 text-primary" aria-hidden="true" />
            <a href={site.phoneHref} className="underline-offset-2 hover:underline">
              {site.phone}
            </a>
          </li>
          <li className="flex items-center gap-2">
            <MapPin className="size-4 text-primary" aria-hidden="true" /> {site.location}
          </li>
          <li className="flex items-center gap-2">
            <Clock className="size-4 text-primary" aria-hidden="true" /> We reply within 24 hours on business
            days.
          </li>
        </ul>

        <p className="text-sm text-muted-foreground">
          <span className="font-semibold text-foreground">Partnership inquiries:</span> we work with football
          clubs, influencers and technology partners. Tell us who you are and what you would like to build
          together.
        </p>

        <section aria-labelledby="contact-form-heading" className="grid gap-3">
          <h3 id="contact-form-heading" className="text-lg font-semibold">
            Send us a Message
          </h3>
          <ContactForm onSent={() => onOpenChange(false)} />
        </section>
      </DialogContent>
    </Dialog>
  );
}
