/**
 * The classes of @12yards/ui's Button (`cn(buttonVariants(...))`) for the buttons and links a page paints at first
 * load (navigation, hero, cookie banner, 404 and error pages), written out: the first load then carries neither the
 * Button component nor the class merger (tailwind-merge) it runs on every render. button-class.unit.test.ts checks
 * each against cn(buttonVariants(...)), so they follow the design system.
 */
const BASE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';
const BASE_SM_TEXT =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';
const BASE_DEFAULT_SIZE =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';

export const BUTTON_CLASS = {
  /** variant accent, size lg */
  accentLg: `${BASE} bg-accent text-accent-foreground hover:bg-accent/90 h-12 rounded-md px-6 text-base`,
  /** variant outline, size lg, on the dark hero: 'border-white/30 bg-transparent text-white hover:bg-white/10' */
  heroOutlineLg: `${BASE} border h-12 rounded-md px-6 text-base border-white/30 bg-transparent text-white hover:bg-white/10`,
  /** variant accent, size sm, 'ml-2' */
  accentSmMl2: `${BASE_SM_TEXT} bg-accent text-accent-foreground hover:bg-accent/90 h-9 rounded-md px-3 ml-2`,
  /** variant default, size default */
  primary: `${BASE_DEFAULT_SIZE} bg-primary text-primary-foreground hover:bg-primary/90 h-10 px-4 py-2`,
  /** variant default, size default, 'mt-6' */
  primaryMt6: `${BASE_DEFAULT_SIZE} bg-primary text-primary-foreground hover:bg-primary/90 h-10 px-4 py-2 mt-6`,
  /** variant default, size default, 'mt-8' */
  primaryMt8: `${BASE_DEFAULT_SIZE} bg-primary text-primary-foreground hover:bg-primary/90 h-10 px-4 py-2 mt-8`,
  /** variant outline, size default */
  outline: `${BASE_DEFAULT_SIZE} border border-input bg-background text-foreground hover:bg-muted h-10 px-4 py-2`,
  /** variant ghost, size default, 'col-span-2' */
  ghostColSpan2: `${BASE_DEFAULT_SIZE} hover:bg-muted hover:text-foreground h-10 px-4 py-2 col-span-2`,
} as const;
