import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { contractForm, type Contract, type ContractFields, type ContractInput } from '@12yards/api';
import { Input, Textarea } from '@12yards/ui';
import { useAdminMutation } from '../../lib/api';
import { serverMessage } from '../../lib/errors';
import { HistorySection } from '../../components/HistorySection';
import { useEditConflict } from '../../components/EditConflict';
import { Field } from '../../components/Field';
import { FormDialog } from '../../kit/FormDialog';
import { TemplateInUseNote } from '../templates/in-use';
import { CONTRACT_FIELDS, NUMBER_FIELDS, blank, toForm, useTermEndFill } from './contract-form';
import { contractsKey } from './keys';

/** Add Contract and Edit Contract share this form (SPEC section 5 limits via the shared schema). */
export function ContractFormDialog({
  partnerId,
  contract,
  prefill,
  onClose,
}: {
  partnerId: string;
  /** 'generate': a new contract from the latest template, the form prefilled with `prefill`. */
  contract: Contract | 'new' | 'generate' | null;
  prefill?: Partial<ContractInput>;
  onClose: () => void;
}) {
  const generating = contract === 'generate';
  const isNew = contract === 'new' || generating;
  const form = useForm<ContractInput, unknown, ContractFields>({
    resolver: zodResolver(contractForm),
    defaultValues: blank(partnerId),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  useEffect(() => {
    if (contract)
      reset(
        contract === 'new'
          ? blank(partnerId)
          : generating
            ? { ...blank(partnerId), ...prefill }
            : toForm(contract),
      );
    // prefill is read when the form opens (it is made anew on each render of its caller)
  }, [contract, partnerId, reset]);
  useTermEndFill(form);

  const conflict = useEditConflict({
    entity: generating ? 'new' : contract,
    form,
    toForm,
    fields: CONTRACT_FIELDS,
    listKey: contractsKey(partnerId),
    what: 'contract',
  });
  const save = useAdminMutation<ContractFields>({
    mutationFn: (write, body) =>
      generating
        ? write('POST', '/api/admin/contracts/generate', { ...body, partnerId })
        : isNew
          ? write('POST', '/api/admin/contracts', body)
          : write('PUT', `/api/admin/contracts/${conflict.entity!.id}`, body, { version: conflict.version }),
    invalidate: [contractsKey(partnerId), ['/api/partners']],
    success: isNew ? 'Contract created successfully' : 'Contract updated successfully',
    failure: generating
      ? (err) => serverMessage(err) ?? 'Failed to generate contract'
      : isNew
        ? 'Failed to create contract'
        : 'Failed to update contract',
    onSuccess: onClose,
    onStale: conflict.onStale,
  });

  const text = (name: keyof ContractInput, label: string, type = 'text', placeholder?: string) => (
    <Field label={label} required error={errors[name]?.message}>
      <Input type={type} placeholder={placeholder} {...register(name)} />
    </Field>
  );

  return (
    <FormDialog
      open={contract !== null}
      onClose={onClose}
      className="max-w-3xl"
      title={generating ? 'Generate from Template' : isNew ? 'Add Contract' : 'Edit Contract'}
      description={
        <>
          {generating && 'Prefilled from the application; fill in what it does not have. '}
          {generating && <TemplateInUseNote />}
          Every field is required. Revenue share is 0 to 50 percent.
        </>
      }
      onSubmit={handleSubmit((body) => save.mutate(body))}
      submit={generating ? 'Generate Contract' : isNew ? 'Create Contract' : 'Update Contract'}
      pending={save.isPending}
      after={
        contract &&
        contract !== 'new' &&
        contract !== 'generate' && (
          <HistorySection entityType="contract" id={contract.id} name={contract.companyName} />
        )
      }
    >
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Company</legend>
        {text('companyName', 'Company Name')}
        {text('registrationNumber', 'Registration Number')}
        <Field
          label="Company Address"
          required
          error={errors.companyAddress?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} className="min-h-16" {...register('companyAddress')} />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Client</legend>
        {text('clientName', 'Client Name')}
        {text('clientEmail', 'Client Email', 'email')}
        {text('clientTelephone', 'Client Phone', 'tel')}
        {text('clientPosition', 'Client Position')}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">Term</legend>
        {text('startDate', 'Start Date', 'date')}
        <Field label="Contract Length (months)" required error={errors.lengthMonths?.message}>
          <Input type="number" min={1} step={1} {...register('lengthMonths')} />
        </Field>
        {text('endDate', 'End Date', 'date')}
        {text('platformName', 'Platform Name')}
        {text('setupFee', 'Setup Fee', 'text', '£0.00')}
        {text('penaltyFeePerMonth', 'Penalty Fee per Month', 'text', '£0.00')}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="mb-2 font-semibold">Revenue and Quotas</legend>
        {NUMBER_FIELDS.map(([name, label, min, max]) => (
          <Field key={name} label={label} error={errors[name]?.message}>
            <Input type="number" min={min} max={max} step={1} {...register(name)} />
          </Field>
        ))}
      </fieldset>
      {conflict.panel}
    </FormDialog>
  );
}
