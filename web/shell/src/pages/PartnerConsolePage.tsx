import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, Input, Label } from '@12yards/ui';
import { PARTNER_CONSOLE_WAIT_MS } from '../config';
import { Seo } from '../components/Seo';
import { StandaloneShell } from '../components/StandaloneShell';

export const NO_ACCOUNT_MESSAGE = 'Account does not exist, please check your details.';

/**
 * Without JavaScript the form is posted (never sent as a GET, which would put the password in the address): the
 * gateway waits as the page does and answers with a redirect to this page with `?signin=failed`.
 */
export const SIGN_IN_FAILED_PARAM = 'signin';

/** A stub: no partner accounts exist yet, so every sign-in ends, after a short wait, with the same message. */
export default function PartnerConsolePage() {
  const [pending, setPending] = useState(false);
  const [params] = useSearchParams();
  const [error, setError] = useState<string | null>(
    params.get(SIGN_IN_FAILED_PARAM) === 'failed' ? NO_ACCOUNT_MESSAGE : null,
  );
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    timer.current = setTimeout(() => {
      setPending(false);
      setError(NO_ACCOUNT_MESSAGE);
    }, PARTNER_CONSOLE_WAIT_MS);
  };

  return (
    <StandaloneShell>
      <Seo
        title="Partner Console | 12Yards"
        description="Sign in to the 12Yards partner console."
        path="/partner-console"
        noindex
      />
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight tracking-tight">Partner Console</h1>
          <CardDescription>
            Sign in to your dashboard, API documentation and partner resources.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form method="post" action="/partner-console" onSubmit={onSubmit} className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="pc-email">Email</Label>
              <Input id="pc-email" name="email" type="email" autoComplete="email" required />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="pc-password">Password</Label>
              <Input
                id="pc-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            </div>
            {error && (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive"
              >
                <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                {error}
              </p>
            )}
            <Button type="submit" disabled={pending} size="lg">
              {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {pending ? 'Signing In...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </StandaloneShell>
  );
}
