import type { Dispatch, SetStateAction } from 'react';
import { Label, Switch } from '@12yards/ui';

type Optional = 'analytics' | 'marketing' | 'functional';

/** The cookie banner's preference switches, one per category (Necessary always on), in their own chunk. */
export default function CookiePreferences({
  categories,
  choice,
  onChange,
}: {
  categories: Array<{ key: Optional | 'necessary'; label: string; text: string }>;
  choice: Record<Optional, boolean>;
  onChange: Dispatch<SetStateAction<Record<Optional, boolean>>>;
}) {
  return (
    <ul className="mt-3 grid gap-2 sm:mt-4 sm:grid-cols-2 sm:gap-3">
      {categories.map((cat) => {
        const id = `cookie-${cat.key}`;
        const checked = cat.key === 'necessary' ? true : choice[cat.key];
        return (
          <li
            key={cat.key}
            className="flex items-start justify-between gap-3 rounded-lg border border-border p-3"
          >
            <div>
              <Label htmlFor={id}>{cat.label}</Label>
              <p className="mt-1 text-xs text-muted-foreground">{cat.text}</p>
            </div>
            <Switch
              id={id}
              checked={checked}
              disabled={cat.key === 'necessary'}
              onCheckedChange={(v) => {
                if (cat.key !== 'necessary') onChange((c) => ({ ...c, [cat.key]: v }));
              }}
            />
          </li>
        );
      })}
    </ul>
  );
}
