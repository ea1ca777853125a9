export const PARTNERS_KEY = ['/api/partners'];
export const ACTION_COUNTS_KEY = ['/api/admin/partner-action-counts'];

// The type badge's texts (SPEC section 2).
export const TYPE_FILTER = [
  { value: 'club', label: 'Football Club' },
  { value: 'influencer', label: 'Influencer' },
] as const;

/** A partner's contracts (the Contract Management dialog). */
export const contractsKey = (partnerId: string) => ['/api/admin/partners', partnerId, 'contracts'];

/** A partner's notes (action items), listed under its details. */
export const actionsKey = (partnerId: string) => ['/api/admin/partners', partnerId, 'actions'];
