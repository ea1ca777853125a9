import { useWatch } from 'react-hook-form';
import { adminPartnerInput, membershipTypeLabels, type AdminPartnerInput, type Partner } from '@12yards/api';
import type { z } from 'zod';
import { ResourceDialog, type FormResource, type ResourceForm } from '../../kit/ResourceDialog';
import { FieldPair, SelectField, TextField } from '../../kit/fields';
import { PARTNERS_KEY, TYPE_FILTER } from './keys';

type AdminPartnerFields = z.output<typeof adminPartnerInput>;

export const applications: FormResource<Partner, AdminPartnerInput, AdminPartnerFields> = {
  key: PARTNERS_KEY,
  path: '/api/admin/partners',
  what: 'partner application',
  name: (p) => p.name,
  history: 'partner',
  schema: adminPartnerInput,
  empty: { name: '', email: '', type: 'club' },
  toForm: ({ name, email, type }) => ({ name, email, type }),
  fields: [],
  dialog: {
    title: ['Add Application', 'Edit Application'],
    description: 'Name, type and email are required.',
    submit: ['Create Application', 'Update Application'],
  },
};

const MEMBERSHIP_OPTIONS = Object.entries(membershipTypeLabels).map(([value, label]) => ({ value, label }));

/** The fields of each type (SPEC section 2): an influencer's accounts, a club's organisation. */
export function AddApplicationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ResourceDialog
      resource={applications}
      entity={open ? 'new' : null}
      onClose={onClose}
      className="max-w-2xl"
    >
      {(form) => <ApplicationFields form={form} />}
    </ResourceDialog>
  );
}

function ApplicationFields({ form }: { form: ResourceForm<AdminPartnerInput, AdminPartnerFields> }) {
  const type = useWatch({ control: form.control, name: 'type' });
  const text = (
    name: keyof AdminPartnerInput & string,
    label: string,
    more: { type?: 'url' | 'email'; placeholder?: string } = {},
  ) => <TextField form={form} name={name} label={label} {...more} />;
  return (
    <>
      <FieldPair>
        <TextField form={form} name="name" label="Name" required />
        <TextField form={form} name="email" label="Email" required type="email" />
        <SelectField form={form} name="type" label="Type" required options={TYPE_FILTER} />
        {type === 'influencer' ? (
          <>
            {text('knownAs', 'Known As')}
            {text('twitterAccount', 'Twitter')}
            {text('instagramAccount', 'Instagram')}
            {text('tiktokAccount', 'TikTok')}
            {text('facebookAccount', 'Facebook')}
            {text('totalFollowers', 'Total Followers')}
          </>
        ) : (
          <>
            {text('organization', 'Club Name')}
            {text('position', 'Position')}
            {text('webAddress', 'Website', { type: 'url', placeholder: 'https://' })}
            {text('targetMembers', 'Target Members')}
            <SelectField
              form={form}
              name="membershipType"
              label="Membership Type"
              options={MEMBERSHIP_OPTIONS}
              placeholder="Choose..."
            />
          </>
        )}
      </FieldPair>
      <TextField
        form={form}
        name="message"
        label={type === 'influencer' ? 'Additional Info' : 'Message'}
        rows={3}
      />
    </>
  );
}
