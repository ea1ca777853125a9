import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2, Send } from 'lucide-react';
import { apiRequest, contactMessageInput, type ContactMessageInput } from '@12yards/api';
import { Button, Input, Textarea, toast } from '@12yards/ui';
import { FormField } from './FormField';
import { isHttpError } from '../lib/errors';

const empty: ContactMessageInput = { name: '', email: '', subject: '', message: '' };

/** Empty fields are rejected with a message (DESIGN.md departure: SPEC's placeholder values are not sent). */
export function ContactForm({ onSent }: { onSent?: () => void }) {
  const form = useForm<ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: empty,
  });
  const { register, handleSubmit, formState, reset } = form;
  const errors = formState.errors;

  const send = useMutation({
    mutationFn: async (values: ContactMessageInput) =>
      (await apiRequest('POST', '/api/contacts', values)).json(),
    onSuccess: () => {
      toast({
        title: 'Message Sent!',
        description: "Thank you for your message. We'll get back to you soon.",
      });
      reset(empty);
      onSent?.();
    },
    onError: (err) => {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: isHttpError(err)
          ? 'Failed to send message. Please try again.'
          : 'Network error. Please try again.',
      });
    },
  });

  return (
    <form
      noValidate
      onSubmit={handleSubmit((v) => send.mutate(v))}
      className="grid gap-4"
      aria-label="Send us a Message"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </FormField>
        <FormField label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </FormField>
      </div>
      <FormField label="Subject" required error={errors.subject?.message}>
        <Input {...register('subject')} />
      </FormField>
      <FormField label="Message" required error={errors.message?.message}>
        <Textarea rows={4} {...register('message')} />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto sm:justify-self-end">
        {send.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
