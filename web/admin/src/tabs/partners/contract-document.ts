import { apiRequest } from '@12yards/api';

/** A document job that ended failed; its message is the server's reason. */
export class DocumentJobFailed extends Error {}

interface DocumentJob {
  state: string;
  statusUrl: string;
  downloadUrl?: string;
  error?: { message: string };
}

/** The .docx: at once, or (202) after polling the job until it is done. */
export async function fetchDocument(contractId: string, csrfToken: string, pollMs = 1000): Promise<Blob> {
  const res = await apiRequest('POST', `/api/admin/contracts/${contractId}/generate-document`, undefined, {
    csrfToken,
  });
  if (res.status !== 202) return res.blob();
  let job = (await res.json()) as DocumentJob;
  for (let i = 0; i < 120; i++) {
    if (job.state === 'failed')
      throw new DocumentJobFailed(job.error?.message ?? 'Failed to generate contract document');
    if (job.state === 'completed' && job.downloadUrl)
      return (await apiRequest('GET', job.downloadUrl)).blob();
    await new Promise((r) => setTimeout(r, pollMs));
    job = (await (await apiRequest('GET', job.statusUrl)).json()) as DocumentJob;
  }
  throw new Error('The contract document took too long');
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
