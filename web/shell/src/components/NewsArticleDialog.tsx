import type { NewsArticle } from '@12yards/api';
import { Badge, Dialog, DialogContent, DialogHeader, DialogTitle } from '@12yards/ui';
import { categoryLabel } from '../lib/categories';
import { formatLongDate } from '../lib/dates';

export function NewsArticleDialog({
  article,
  onClose,
}: {
  article: NewsArticle | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={article !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl" aria-describedby={undefined}>
        {article && (
          <>
            <DialogHeader>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge variant="secondary">{categoryLabel(article.category)}</Badge>
                <time dateTime={article.publishDate}>{formatLongDate(article.publishDate)}</time>
              </div>
              <DialogTitle className="text-2xl">{article.title}</DialogTitle>
            </DialogHeader>
            {article.imageUrl && (
              <img
                src={article.imageUrl}
                alt={article.title}
                className="max-h-80 w-full rounded-lg object-cover"
              />
            )}
            <div className="whitespace-pre-line leading-relaxed">{article.content}</div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
