import { useEffect, useState } from 'react';
import { Search } from 'lucide-react';
import { Input } from '@12yards/ui';

/** A search box over a paged list: the text goes to the server (`q`) once typing pauses for `delayMs`. */
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
  const [text, setText] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(text.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [text, delayMs, onSearch]);
  return (
    <div className="relative mb-4 max-w-sm">
      <Search
        className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        className="pl-9"
        maxLength={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}
