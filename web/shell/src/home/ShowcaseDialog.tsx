import { Calendar, ExternalLink, MapPin, Trophy, Users } from 'lucide-react';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@12yards/ui';
import type { ShowcasePartner } from './showcase-partner';

export function ShowcaseDialog({
  partner,
  onClose,
}: {
  partner: ShowcasePartner | null;
  onClose: () => void;
}) {
  const open = partner;
  return (
    <Dialog open={partner !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {open && (
          <>
            <DialogHeader>
              <div className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className={`grid size-12 place-items-center rounded-full font-black text-white ${open.colour}`}
                >
                  {open.initials}
                </span>
                <div>
                  <DialogTitle>{open.name}</DialogTitle>
                  <Badge variant="secondary" className="mt-1">
                    {open.type}
                  </Badge>
                </div>
              </div>
              <DialogDescription className="sr-only">About {open.name}</DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <div className="flex items-center gap-2">
                <MapPin className="size-4 text-primary" aria-hidden="true" />
                <dt className="sr-only">Location</dt>
                <dd>{open.location}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Calendar className="size-4 text-primary" aria-hidden="true" />
                <dt className="sr-only">Partner since</dt>
                <dd>Since {open.since}</dd>
              </div>
              <div className="flex items-center gap-2">
                <Users className="size-4 text-primary" aria-hidden="true" />
                <dt className="sr-only">Audience</dt>
                <dd>{open.figure}</dd>
              </div>
            </dl>
            <div>
              <h3 className="font-semibold">Overview</h3>
              <p className="mt-1 text-muted-foreground">{open.overview}</p>
            </div>
            {open.achievements && (
              <div>
                <h3 className="font-semibold">Achievements</h3>
                <ul className="mt-1 space-y-1">
                  {open.achievements.map((a) => (
                    <li key={a} className="flex items-start gap-2 text-muted-foreground">
                      <Trophy className="mt-0.5 size-4 shrink-0 text-accent-foreground" aria-hidden="true" />
                      {a}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <Button asChild>
              <a href={open.website} target="_blank" rel="noopener noreferrer">
                Visit Website <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
