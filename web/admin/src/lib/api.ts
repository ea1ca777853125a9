import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest, type HttpMethod } from '@12yards/api';
import { toast } from '@12yards/ui';
import { recheckSessionOn401, useSession } from './session';

/** A write with the session's CSRF token; answers are parsed as JSON when they have a body. */
export function useAdminWrite() {
  const { csrfToken } = useSession();
  return async <T = unknown>(method: HttpMethod, url: string, body?: unknown): Promise<T> => {
    const res = await apiRequest(method, url, body, { csrfToken });
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

export function toastError(description: string) {
  toast({ variant: 'destructive', title: 'Error', description });
}

export function toastSuccess(description: string) {
  toast({ title: 'Success', description });
}

type Write = ReturnType<typeof useAdminWrite>;

interface AdminMutationOptions<TVars, TResult> {
  mutationFn: (write: Write, vars: TVars) => Promise<TResult>;
  /** Queries to refetch after success. */
  invalidate?: QueryKey[];
  /** Success toast text; none when omitted. */
  success?: string;
  /** The exact 'Error' toast text of SPEC section 8, or a function of the error. */
  failure: string | ((err: Error) => string);
  onSuccess?: (result: TResult, vars: TVars) => void;
}

/** Every admin write: CSRF header, success toast, the SPEC's 'Error' toast, refetch of what changed. */
export function useAdminMutation<TVars = void, TResult = unknown>(
  opts: AdminMutationOptions<TVars, TResult>,
) {
  const write = useAdminWrite();
  const queryClient = useQueryClient();
  return useMutation<TResult, Error, TVars>({
    mutationFn: (vars) => opts.mutationFn(write, vars),
    onSuccess: async (result, vars) => {
      await Promise.all(
        (opts.invalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
      if (opts.success) toastSuccess(opts.success);
      opts.onSuccess?.(result, vars);
    },
    onError: (err) => {
      toastError(typeof opts.failure === 'function' ? opts.failure(err) : opts.failure);
      recheckSessionOn401(queryClient, err);
    },
  });
}
