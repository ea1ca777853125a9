import { useEffect, useId, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Button, Input, Label } from '@12yards/ui';

/**
 * A search box over a paged list: the text goes to the server (`q`) once typing pauses for `delayMs`; the clear
 * button empties it at once. `onSearch` must be stable (a state setter or a useCallback).
 */
export function ListSearch({
  label,
  placeholder,
  onSearch,
  delayMs = 300,
}: {
  label: string;
  placeholder: string;
  onSearch: (text: string) => void;
  delayMs?: number;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, onSearch]);
  const clear = () => {
    setText('');
    onSearch('');
    input.current?.focus();
  };
  return (
    <div className="grid w-full gap-1.5 sm:max-w-sm">
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          ref={input}
          id={id}
          type="search"
          placeholder={placeholder}
          // The browser's own clear icon is replaced by the labelled button below.
          className="pl-9 pr-10 [&::-webkit-search-cancel-button]:appearance-none"
          maxLength={100}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {text && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="absolute right-0 top-1/2 -translate-y-1/2"
            aria-label="Clear search"
            onClick={clear}
          >
            <X aria-hidden="true" />
          </Button>
        )}
      </div>
    </div>
  );
}
