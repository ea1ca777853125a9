import { buttonVariants, cn } from '@12yards/ui';
import { BUTTON_CLASS } from './button-class';

const merged = (variant: Parameters<typeof buttonVariants>[0]) => cn(buttonVariants(variant));

describe('BUTTON_CLASS', () => {
  it.each([
    ['accentLg', { variant: 'accent', size: 'lg' }],
    [
      'heroOutlineLg',
      {
        variant: 'outline',
        size: 'lg',
        className: 'border-white/30 bg-transparent text-white hover:bg-white/10',
      },
    ],
    ['accentSmMl2', { variant: 'accent', size: 'sm', className: 'ml-2' }],
    ['primary', {}],
    ['primaryMt6', { className: 'mt-6' }],
    ['primaryMt8', { className: 'mt-8' }],
    ['outline', { variant: 'outline' }],
    ['ghostColSpan2', { variant: 'ghost', className: 'col-span-2' }],
  ] as const)('%s is what Button renders for %j', (key, variant) => {
    expect(BUTTON_CLASS[key]).toBe(merged(variant));
  });
});
