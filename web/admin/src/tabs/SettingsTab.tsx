import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SHOW_APP_GALLERY, throwIfResNotOk, type Setting } from '@12yards/api';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, Label, Switch } from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { useDenied } from '../lib/permissions';
import { historyKey } from '../lib/history';
import { TabHeader } from '../components/QueryState';
import { QueryStates } from '../kit/QueryStates';
import { HistorySection } from '../components/HistorySection';

export const GALLERY_SETTING_KEY = [`/api/settings/${SHOW_APP_GALLERY}`];
const DESCRIPTION = 'Controls whether the App Gallery button appears on the main site';

export function SettingsTab() {
  const id = useId();
  const reasonId = useId();
  const denied = useDenied('put', '/api/admin/settings/{key}');
  const setting = useQuery<Setting>({
    queryKey: GALLERY_SETTING_KEY,
    queryFn: async ({ signal }) => {
      const res = await fetch(GALLERY_SETTING_KEY[0]!, { credentials: 'include', cache: 'no-cache', signal });
      // SPEC section 3: the setting defaults to on; a setting never saved is not an error.
      if (res.status === 404) return { key: SHOW_APP_GALLERY, value: 'true' };
      await throwIfResNotOk(res);
      return (await res.json()) as Setting;
    },
  });
  const update = useAdminMutation<boolean>({
    mutationFn: (write, on) =>
      write('PUT', `/api/admin/settings/${SHOW_APP_GALLERY}`, {
        value: String(on),
        description: DESCRIPTION,
      }),
    invalidate: [GALLERY_SETTING_KEY, historyKey('setting', SHOW_APP_GALLERY)],
    success: 'Setting updated successfully',
    failure: 'Failed to update setting. Please try again.',
  });
  // The site compares the value to the string 'true' (SPEC section 7); the switch shows the same.
  const checked = update.isPending ? update.variables : setting.data?.value === 'true';

  return (
    <section>
      <TabHeader title="Settings" description="Site-wide switches." />
      <QueryStates query={setting} loading="Loading settings..." errorWhat="settings">
        {() => (
          <Card className="max-w-2xl">
            <CardHeader>
              <CardTitle>Main Site</CardTitle>
              <CardDescription>Changes apply to visitors at once.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-3">
              <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-4">
                <div className="grid gap-1">
                  <Label htmlFor={id}>Show App Gallery</Label>
                  <p className="text-sm text-muted-foreground">{DESCRIPTION}.</p>
                  {denied && (
                    <p id={reasonId} className="text-sm font-medium text-muted-foreground">
                      {denied}
                    </p>
                  )}
                </div>
                <Switch
                  id={id}
                  checked={!!checked}
                  disabled={update.isPending || !!denied}
                  aria-describedby={denied ? reasonId : undefined}
                  onCheckedChange={(on) => update.mutate(on)}
                />
              </div>
              <HistorySection entityType="setting" id={SHOW_APP_GALLERY} name="Show App Gallery" />
            </CardContent>
          </Card>
        )}
      </QueryStates>
    </section>
  );
}
