import { usePagedList } from '../../lib/pages';
import { TEMPLATES_KEY } from './keys';
import type { ContractTemplate } from '@12yards/api';

/** Today as YYYY-MM-DD in the admin's time zone. */
const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/**
 * The template generated contracts are made from, as the contracts service picks it (latestValidDocxTemplate): the
 * .docx with the newest valid-from date not after today, the newest upload first among equals. Undefined when none
 * of these is (the service then uses its built-in document).
 */
export function templateInUse(templates: ContractTemplate[]): ContractTemplate | undefined {
  const now = today();
  return templates
    .filter((t) => t.fileName.toLowerCase().endsWith('.docx') && t.validFromDate.slice(0, 10) <= now)
    .sort(
      (a, b) =>
        b.validFromDate.slice(0, 10).localeCompare(a.validFromDate.slice(0, 10)) ||
        b.createdAt.localeCompare(a.createdAt),
    )[0];
}

/**
 * Which template a generated contract's document is made from, named (the first page of the templates, newest
 * valid-from date first, holds it); the built-in document when there is none.
 */
export function TemplateInUseNote() {
  const list = usePagedList<ContractTemplate>(TEMPLATES_KEY);
  if (list.isPending) return null;
  const inUse = templateInUse(list.items);
  return inUse ? (
    <>
      The document is made from the template &quot;<bdi>{inUse.name}</bdi>&quot;.{' '}
    </>
  ) : (
    <>The document is made from the built-in template (no valid .docx template is uploaded). </>
  );
}
