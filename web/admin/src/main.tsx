// Standalone development entry (npm run dev -w web/admin). In production the shell loads ./AdminApp.
import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { apiRequest, createQueryClient } from '@12yards/api';
import { Button, Input, Label } from '@12yards/ui';
import AdminApp from './expose';
import { ME_KEY } from './lib/session';

/** Stands in for the shell's /admin-login when the admin runs alone. */
function DevLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState('');
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    try {
      await apiRequest('POST', '/api/auth/login', {
        username: data.get('username'),
        password: data.get('password'),
      });
      await queryClient.invalidateQueries({ queryKey: ME_KEY });
      navigate('/admin12YardsDB');
    } catch (err) {
      setError((err as Error).message);
    }
  }
  return (
    <form onSubmit={submit} className="mx-auto mt-16 grid max-w-sm gap-3 p-4">
      <h1 className="text-xl font-bold">Admin login (development)</h1>
      <Label htmlFor="username">Username</Label>
      <Input id="username" name="username" required />
      <Label htmlFor="password">Password</Label>
      <Input id="password" name="password" type="password" required />
      <Button type="submit">Login</Button>
      {error && <p className="text-sm text-destructive">{error}</p>}
    </form>
  );
}

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter basename="/admin-app">
        <Routes>
          <Route path="admin-login" element={<DevLogin />} />
          <Route path="admin12YardsDB/*" element={<AdminApp />} />
          <Route path="*" element={<Navigate to="/admin12YardsDB" replace />} />
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
