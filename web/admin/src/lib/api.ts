import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { apiRequest, type HttpMethod } from '@12yards/api';
import { toast } from '@12yards/ui';
import { httpStatus, serverMessage } from './errors';
import { recheckSessionOn401, useSession } from './session';

/** What a 412 means to the admin: the record changed after they read it (the server's text, or this one). */
export const STALE_EDIT_MESSAGE = 'This item was changed by someone else. Reload to see the latest version.';

/**
 * A write with the session's CSRF token; answers are parsed as JSON when they have a body. `version` (the entity's
 * version as the admin read it) is sent as If-Match, so a stale edit is refused (412) instead of overwriting.
 */
export function useAdminWrite() {
  const { csrfToken } = useSession();
  return async <T = unknown>(
    method: HttpMethod,
    url: string,
    body?: unknown,
    { version }: { version?: number } = {},
  ): Promise<T> => {
    const res = await apiRequest(method, url, body, { csrfToken, version });
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
  /** A 412 handled by the caller (an edit dialog's conflict, see useEditConflict): true when it was. */
  onStale?: (err: Error) => Promise<boolean>;
}

/**
 * Every admin write: CSRF header, success toast, the SPEC's 'Error' toast, refetch of what changed. A 412 (someone
 * else changed the record since it was read) is the caller's `onStale` (an edit dialog shows what changed and keeps
 * the admin's typing); otherwise it shows the reload message instead and refetches, so the admin sees the latest.
 */
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
    onError: async (err) => {
      if (httpStatus(err) === 412) {
        if (await opts.onStale?.(err).catch(() => false)) return;
        toastError(serverMessage(err) ?? STALE_EDIT_MESSAGE);
        for (const queryKey of opts.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
        return;
      }
      const failed = typeof opts.failure === 'function' ? opts.failure(err) : opts.failure;
      // A refusal (403, e.g. an editor's delete) also says why, in the server's own words.
      const why = httpStatus(err) === 403 ? serverMessage(err) : null;
      toastError(why && why !== failed ? `${failed}. ${why}` : failed);
      recheckSessionOn401(queryClient, err);
    },
  });
}
