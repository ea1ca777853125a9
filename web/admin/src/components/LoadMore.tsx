import { Loader2 } from 'lucide-react';
import { Button } from '@12yards/ui';

/** The button under a paged list: loads the next page; absent on the last page. */
export function LoadMore({
  list,
}: {
  list: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isPlaceholderData?: boolean;
    fetchNextPage: () => Promise<unknown>;
  };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="flex justify-center py-4">
      <Button
        variant="outline"
        disabled={list.isFetchingNextPage || list.isPlaceholderData}
        onClick={() => void list.fetchNextPage()}
      >
        {list.isFetchingNextPage && <Loader2 className="animate-spin" aria-hidden="true" />}
        {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
