import { useEffect } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import {
  apiRequest,
  membershipTypeLabels,
  membershipTypes,
  partnerApplication,
  SOCIAL_ACCOUNT_MESSAGE,
  TOTAL_FOLLOWERS_MESSAGE,
  type PartnerApplication,
  type PartnerApplicationInput,
  type PartnerType,
} from '@12yards/api';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FieldError,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  toast,
} from '@12yards/ui';
import { FormField } from './FormField';
import { errorBodyOf, httpStatus } from '../lib/errors';

export const TYPE_LABELS: Record<PartnerType, string> = { club: 'Football Club', influencer: 'Influencer' };

const SOCIAL_FIELDS = ['twitterAccount', 'instagramAccount', 'tiktokAccount', 'facebookAccount'] as const;

const blank = (type: PartnerType): PartnerApplicationInput => ({
  type,
  name: '',
  email: '',
  organization: '',
  position: '',
  webAddress: '',
  targetMembers: '',
  membershipType: '',
  message: '',
  knownAs: '',
  twitterAccount: '',
  instagramAccount: '',
  tiktokAccount: '',
  facebookAccount: '',
  totalFollowers: '',
});

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** Which influencer message applies (SPEC section 5): accounts first, then the follower count. */
export function influencerMessage(values: PartnerApplicationInput): string {
  return SOCIAL_FIELDS.some((f) => filled(values[f])) ? TOTAL_FOLLOWERS_MESSAGE : SOCIAL_ACCOUNT_MESSAGE;
}

function serverSaysSocialMedia(err: unknown): boolean {
  if (httpStatus(err) !== 400) return false;
  const details = errorBodyOf(err)?.details;
  return (
    Array.isArray(details) &&
    details.some(
      (d) =>
        Array.isArray((d as { path?: unknown }).path) && (d as { path: unknown[] }).path[0] === 'socialMedia',
    )
  );
}

export function ApplicationDialog({ type, onClose }: { type: PartnerType | null; onClose: () => void }) {
  const open = type !== null;
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        {type && <ApplicationForm key={type} type={type} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function ApplicationForm({ type, onDone }: { type: PartnerType; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<PartnerApplicationInput, unknown, PartnerApplication>({
    resolver: zodResolver(partnerApplication),
    defaultValues: blank(type),
  });
  const { register, handleSubmit, formState, reset, getValues, control, watch } = form;
  const errors = formState.errors as FieldErrors<PartnerApplicationInput> & {
    socialMedia?: { message?: string };
  };
  const values = watch();

  useEffect(() => reset(blank(type)), [type, reset]);

  const submit = useMutation({
    mutationFn: async (body: PartnerApplication) => (await apiRequest('POST', '/api/partners', body)).json(),
    onSuccess: () => {
      toast({ title: 'Application Submitted!', description: "We'll get back to you within 24 hours." });
      void queryClient.invalidateQueries({ queryKey: ['/api/partners'] });
      reset(blank(type));
      onDone();
    },
    onError: (err) => {
      if (serverSaysSocialMedia(err)) {
        toast({
          variant: 'destructive',
          title: 'Validation Error',
          description: influencerMessage(getValues()),
        });
      } else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'Something went wrong. Please try again.',
        });
      }
    },
  });

  const onInvalid = (errs: typeof errors) => {
    const description =
      type === 'influencer' && errs.socialMedia
        ? influencerMessage(getValues())
        : 'Please fill in all required fields correctly.';
    toast({ variant: 'destructive', title: 'Validation Error', description });
  };

  const socialError = errors.socialMedia ? influencerMessage(values) : undefined;
  const label = TYPE_LABELS[type];

  return (
    <>
      <DialogHeader>
        <DialogTitle>{label} Partnership Application</DialogTitle>
        <DialogDescription>
          {type === 'club'
            ? 'Tell us about your club and we will show you what a 12Yards app can do for your supporters.'
            : 'Tell us about your audience and how you would like to grow it with your own fan app.'}
        </DialogDescription>
      </DialogHeader>

      <form noValidate onSubmit={handleSubmit((v) => submit.mutate(v), onInvalid)} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Full Name" required error={errors.name?.message}>
            <Input autoComplete="name" {...register('name')} />
          </FormField>
          <FormField label="Email" required error={errors.email?.message}>
            <Input type="email" autoComplete="email" {...register('email')} />
          </FormField>
        </div>

        {type === 'club' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Club Name" required error={errors.organization?.message}>
                <Input autoComplete="organization" {...register('organization')} />
              </FormField>
              <FormField label="Your Position" required error={errors.position?.message}>
                <Input
                  autoComplete="organization-title"
                  placeholder="e.g. Commercial Director"
                  {...register('position')}
                />
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField label="Club Website" error={errors.webAddress?.message}>
                <Input type="url" inputMode="url" placeholder="https://" {...register('webAddress')} />
              </FormField>
              <FormField label="Target Number of Members" error={errors.targetMembers?.message}>
                <Input inputMode="numeric" placeholder="e.g. 25,000" {...register('targetMembers')} />
              </FormField>
            </div>
            <FormField label="Preferred Membership Type" error={errors.membershipType?.message}>
              <Controller
                control={control}
                name="membershipType"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger aria-label="Preferred Membership Type" onBlur={field.onBlur}>
                      <SelectValue placeholder="Choose a model" />
                    </SelectTrigger>
                    <SelectContent>
                      {membershipTypes.map((m) => (
                        <SelectItem key={m} value={m}>
                          {membershipTypeLabels[m]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
          </>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="Known As"
                hint="The name your followers know you by"
                error={errors.knownAs?.message}
              >
                <Input {...register('knownAs')} />
              </FormField>
              <FormField label="Website" error={errors.webAddress?.message}>
                <Input type="url" inputMode="url" placeholder="https://" {...register('webAddress')} />
              </FormField>
            </div>
            <fieldset className="grid gap-3 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-semibold">
                Social Media Accounts{' '}
                <span className="font-normal text-muted-foreground">(at least one)</span>
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField label="X (Twitter)">
                  <Input placeholder="@handle" {...register('twitterAccount')} />
                </FormField>
                <FormField label="Instagram">
                  <Input placeholder="@handle" {...register('instagramAccount')} />
                </FormField>
                <FormField label="TikTok">
                  <Input placeholder="@handle" {...register('tiktokAccount')} />
                </FormField>
                <FormField label="Facebook">
                  <Input placeholder="Page name or URL" {...register('facebookAccount')} />
                </FormField>
              </div>
              <FormField label="Total Followers" required hint="Across all platforms">
                <Input inputMode="numeric" placeholder="e.g. 65,000" {...register('totalFollowers')} />
              </FormField>
              <FieldError>{socialError}</FieldError>
            </fieldset>
          </>
        )}

        <FormField label="Tell us more about your goals" required error={errors.message?.message}>
          <Textarea rows={4} {...register('message')} />
        </FormField>

        <Button type="submit" disabled={submit.isPending} size="lg">
          {submit.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
          {submit.isPending ? 'Submitting Application...' : 'Submit Application'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          We review every application and reply within 24-48 hours.
        </p>
      </form>
    </>
  );
}
