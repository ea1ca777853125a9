import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { Loader2, Lock } from 'lucide-react';
import {
  apiRequest,
  getQueryFn,
  INVALID_CREDENTIALS,
  loginRequest,
  type LoginRequest,
  type SessionResponse,
} from '@12yards/api';
import { Button, Card, CardContent, CardDescription, CardHeader, Input, toast } from '@12yards/ui';
import { Seo } from '../components/Seo';
import { StandaloneShell } from '../components/StandaloneShell';
import { FormField } from '../components/FormField';
import { errorBodyOf, httpStatus } from '../lib/errors';

export const ADMIN_PATH = '/admin12YardsDB';

export default function AdminLoginPage() {
  const navigate = useNavigate();
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });

  const queryClient = useQueryClient();
  // An admin who is already signed in has nothing to do here: the panel opens instead of the form.
  const session = useQuery<SessionResponse | null>({
    queryKey: ['/api/auth/me'],
    queryFn: getQueryFn<SessionResponse>({ on401: 'returnNull' }),
    staleTime: 0,
  });

  const login = useMutation({
    mutationFn: async (body: LoginRequest) =>
      (await apiRequest('POST', '/api/auth/login', body)).json() as Promise<SessionResponse>,
    // The admin gate reads GET /api/auth/me from the shared cache: an earlier 'no session' answer (a visit before
    // login, or a logout) would send the admin straight back here, so the new session replaces it.
    onSuccess: (session) => {
      queryClient.setQueryData(['/api/auth/me'], session);
      navigate(ADMIN_PATH);
    },
    onError: (err) => {
      const status = httpStatus(err);
      if (status === 401) {
        toast({ variant: 'destructive', title: 'Authentication Failed', description: INVALID_CREDENTIALS });
      } else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: errorBodyOf(err)?.message ?? 'Login failed. Please try again.',
        });
      }
    },
  });

  if (session.data) return <Navigate to={ADMIN_PATH} replace />;

  return (
    <StandaloneShell>
      <Seo title="Admin Login | 12Yards" description="12Yards administration." path="/admin-login" noindex />
      <Card>
        <CardHeader className="text-center">
          <span className="mx-auto grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
            <Lock className="size-6" aria-hidden="true" />
          </span>
          <h1 className="mt-2 text-2xl font-semibold leading-tight tracking-tight">Admin Login</h1>
          <CardDescription>Sign in to manage the 12Yards site.</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate onSubmit={handleSubmit((v) => login.mutate(v))} className="grid gap-4">
            <FormField label="Username" required error={formState.errors.username?.message}>
              <Input autoComplete="username" {...register('username')} />
            </FormField>
            <FormField label="Password" required error={formState.errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </FormField>
            <Button type="submit" size="lg" disabled={login.isPending}>
              {login.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {login.isPending ? 'Authenticating...' : 'Login'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </StandaloneShell>
  );
}
