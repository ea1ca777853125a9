import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Loader2 } from 'lucide-react';
import {
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@12yards/ui';
import { useAppGallery } from '../lib/queries';

export function AppGalleryDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { data, isLoading, isError } = useAppGallery(open);
  const items = data ?? [];
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (open) setIndex(0);
  }, [open]);

  const count = items.length;
  const item = count ? items[((index % count) + count) % count] : undefined;
  const step = (d: number) => setIndex((i) => (((i + d) % count) + count) % count);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>App Gallery</DialogTitle>
          <DialogDescription>A look at 12Yards apps our partners already run.</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div role="status" className="flex h-64 items-center justify-center gap-2 text-muted-foreground">
            <Loader2 className="size-6 animate-spin" aria-hidden="true" />
            <span className="sr-only">Loading screenshots</span>
          </div>
        ) : isError || !item ? (
          <p className="py-16 text-center text-muted-foreground">
            No app screenshots available at the moment.
          </p>
        ) : (
          <div className="grid gap-3">
            {/* The platform badge and the description are always shown (not on hover only: a phone has none). */}
            <figure className="relative overflow-hidden rounded-lg bg-muted">
              <img
                src={item.imageUrl}
                alt={item.description || `${item.platformName ?? 'App'} screenshot`}
                className="mx-auto max-h-[55vh] w-auto object-contain"
              />
              {item.platformName && <Badge className="absolute left-3 top-3">{item.platformName}</Badge>}
              {item.description && (
                <figcaption className="bg-night p-3 text-sm text-white">{item.description}</figcaption>
              )}
              {count > 1 && (
                <>
                  <Button
                    size="icon"
                    variant="secondary"
                    className="absolute left-2 top-1/2 -translate-y-1/2 rounded-full"
                    aria-label="Previous screenshot"
                    onClick={() => step(-1)}
                  >
                    <ChevronLeft aria-hidden="true" />
                  </Button>
                  <Button
                    size="icon"
                    variant="secondary"
                    className="absolute right-2 top-1/2 -translate-y-1/2 rounded-full"
                    aria-label="Next screenshot"
                    onClick={() => step(1)}
                  >
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </>
              )}
            </figure>
            <p className="text-center text-sm text-muted-foreground" aria-live="polite">
              {(((index % count) + count) % count) + 1} of {count}
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
